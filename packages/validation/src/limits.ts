import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants';
import { TEXT_LIMITS, ZTextSchema } from './text';

const toInt = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** List query: bad values fall back to their defaults instead of failing. */
export const ZListQuerySchema = z.object({
  page: z.preprocess(toInt, z.number().int().positive().catch(1)).default(1),
  limit: z
    .preprocess(
      toInt,
      z
        .number()
        .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
        .catch(DEFAULT_PAGE_SIZE),
    )
    .default(DEFAULT_PAGE_SIZE),
  // A bad search is refused rather than dropped: a list that silently ignores it would show everything.
  search: ZTextSchema({ label: 'Search', trim: true, max: TEXT_LIMITS.search }).optional(),
  sort_col: ZTextSchema({ label: 'Sort column', max: TEXT_LIMITS.id }).optional().catch(undefined),
  order: z.preprocess(toInt, z.union([z.literal(1), z.literal(-1)]).catch(1)).default(1),
});
export type TListQuery = z.infer<typeof ZListQuerySchema>;
