import type { TProduct } from '../src/index';
import { goldenProducts, product, validSource } from './fixtures';

/**
 * A small catalogue for sharded-build tests: the golden products, numbered kettles (without a condition when
 * asked), and two valid kettles the merchant holds back (a draft, excluded from every destination, and one
 * paused everywhere).
 */
export const catalogue = (count: number, withoutCondition = false): TProduct[] => [
  ...goldenProducts(),
  ...Array.from({ length: count }, (_, i) =>
    product(
      { ...validSource(), title: `Kettle ${i}`, ...(withoutCondition ? { condition: undefined } : {}) },
      { id: `k${i}`, offer_id: `K-${i}` },
    ),
  ),
  product(
    {
      ...validSource(),
      title: 'Draft kettle',
      product_submission_control: { control1: true, control2: true, control3: true, control4: true, control5: true },
    },
    { id: 'kd', offer_id: 'K-DRAFT' },
  ),
  product({ ...validSource(), title: 'Paused kettle', pause: 'all' }, { id: 'kp', offer_id: 'K-PAUSED' }),
];

/** The shard entry point: products i with i % shards === shard. */
export const productShard = (shard: number, shards: number, data: unknown): TProduct[] => {
  const { count, withoutCondition } = data as { count: number; withoutCondition?: boolean };
  return catalogue(count, withoutCondition).filter((_, i) => i % shards === shard);
};
