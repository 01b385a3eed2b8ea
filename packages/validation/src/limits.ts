import { z } from 'zod';

/** Business constants of spec §9. */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const SNACKBAR_MS = 6000;
export const INT_LIMIT = 2_147_483_647;
export const CONTENT_MAX_WIDTH_PX = 746;
export const THEME_PRIMARY = '#195279';

const toInt = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** List query of spec §5: bad values fall back to their defaults instead of failing. */
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
  search: z.string().trim().max(200).optional().catch(undefined),
  sort_col: z.string().max(64).optional().catch(undefined),
  order: z.preprocess(toInt, z.union([z.literal(1), z.literal(-1)]).catch(1)).default(1),
});
export type TListQuery = z.infer<typeof ZListQuerySchema>;
