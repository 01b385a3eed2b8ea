import type { TProduct } from '../src/index';
import { goldenProducts, product, validSource } from './fixtures';

/** A small catalogue for sharded-build tests: the golden products plus numbered kettles. */
export const catalogue = (count: number): TProduct[] => [
  ...goldenProducts(),
  ...Array.from({ length: count }, (_, i) =>
    product({ ...validSource(), title: `Kettle ${i}` }, { id: `k${i}`, offer_id: `K-${i}` }),
  ),
];

/** The shard entry point: products i with i % shards === shard. */
export const productShard = (shard: number, shards: number, data: unknown): TProduct[] =>
  catalogue((data as { count: number }).count).filter((_, i) => i % shards === shard);
