import { bool, int32Text, message, string } from './proto';

// Merchant API v1 accounts sub-API requests (google.shopping.merchant.accounts.v1) the sandbox serves.

const A = 'google.shopping.merchant.accounts.v1';

/** accounts.list: at most 500 a page (250 by default). */
export const ZAccountsListQuerySchema = message(`${A}.ListAccountsRequest`, {
  pageSize: int32Text().optional(),
  pageToken: string().optional(),
  filter: string().optional(),
});

/** programs.list: at most 1000 a page (1000 by default). */
export const ZProgramsListQuerySchema = message(`${A}.ListProgramsRequest`, {
  pageSize: int32Text().optional(),
  pageToken: string().optional(),
});

/** homepage.update: the update mask names the fields to change; `uri` is the only one. */
export const ZHomepageUpdateQuerySchema = message(`${A}.UpdateHomepageRequest`, {
  updateMask: string()
    .refine((mask) => mask.split(',').every((f) => f.trim() === 'uri'), { error: 'The update mask may only name uri.' })
    .optional(),
});

/** Homepage (the body of homepage.update): its URI, required; `claimed` is output only. */
export const ZHomepageSchema = message(`${A}.Homepage`, {
  name: string().optional(),
  uri: string().refine((uri) => /^https?:\/\/[^\s/]+/.test(uri), { error: 'The homepage URI must be an http(s) URL.' }),
  claimed: bool().optional(),
});

/** homepage.claim: the body is the request itself; `overwrite` takes the site over from another account. */
export const ZHomepageClaimSchema = message(`${A}.ClaimHomepageRequest`, {
  overwrite: bool().optional(),
});
