// The Graph API calls Feedloom makes for a catalog: businesses, their owned catalogs,
// items_batch (≤ 5,000 requests) → a handle, check_batch_request_status, the catalog's items with their
// review status. The access token is sent as a Bearer; 429/5xx are retried with backoff by googleRequest.
// An OAuthException 190 (expired or revoked token) ends the connection: Meta has no refresh token.
import type { TMetaBatchRequest } from '@feedloom/catalog';
import { metaItemsBatch } from '@feedloom/catalog';
import { googleRequest, GoogleHttpError, type TGoogleHttpDeps } from '../google/http';

export interface TMetaTokenSource {
  get(): Promise<string>;
  /** Meta refused `token` (OAuthException 190): the connection is ended; throws ChannelDisconnectedError. */
  refused(token: string): Promise<never>;
}

export interface TGraphBusinessJson {
  id: string;
  name: string;
}
export interface TGraphCatalogJson {
  id: string;
  name: string;
  product_count?: number;
}
export interface TGraphBatchStatusJson {
  handle?: string;
  status: string;
  errors_total_count?: number;
  errors?: { line?: number; id?: string; message?: string }[];
  warnings_total_count?: number;
  warnings?: { line?: number; id?: string; message?: string }[];
  ids_of_invalid_requests?: string[];
}
/** A ProductItemError: Meta names the problem (title, type), explains it and ranks it (HIGH blocks the item). */
export interface TGraphProductErrorJson {
  title?: string;
  description?: string;
  error_priority?: 'HIGH' | 'MEDIUM' | 'LOW';
  error_type?: string;
}
export interface TGraphProductJson {
  id: string;
  retailer_id: string;
  name?: string;
  review_status?: string;
  errors?: TGraphProductErrorJson[];
}

type TPage<T> = { data?: T[]; paging?: { cursors?: { after?: string }; next?: string } };

/** The Graph error code of a failure (190: token expired or revoked). */
export const graphErrorCode = (err: GoogleHttpError): number | undefined => {
  const code = (err.body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'number' ? code : undefined;
};

export const createMetaGraphClient = (opts: { graphUrl: string; http: TGoogleHttpDeps; tokens: TMetaTokenSource }) => {
  const base = opts.graphUrl.replace(/\/+$/, '');
  const seg = (v: string) => encodeURIComponent(v);

  const call = async <T>(method: 'GET' | 'POST', path: string, what: string, body?: unknown): Promise<T> => {
    const token = await opts.tokens.get();
    const res = await googleRequest(opts.http, {
      method,
      url: `${base}${path}`,
      headers: { authorization: `Bearer ${token}` },
      body,
      what: `meta ${what}`,
    });
    if (res.status >= 200 && res.status < 300) return res.body as T;
    const err = new GoogleHttpError(res.status, res.body, `meta ${what}: HTTP ${res.status}`);
    if (graphErrorCode(err) === 190) return opts.tokens.refused(token);
    // (#100) subcode 33: the object does not exist or this person may not see it — a not-found.
    const subcode = (res.body as { error?: { error_subcode?: unknown } } | null)?.error?.error_subcode;
    if (graphErrorCode(err) === 100 && subcode === 33) throw new GoogleHttpError(404, res.body, `meta ${what}: not found`);
    throw err;
  };

  const all = async <T>(path: string, what: string): Promise<T[]> => {
    const out: T[] = [];
    let after: string | undefined;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const page = await call<TPage<T>>('GET', `${path}${after ? `${sep}after=${seg(after)}` : ''}`, what);
      out.push(...(page?.data ?? []));
      after = page?.paging?.next ? page.paging.cursors?.after : undefined;
    } while (after);
    return out;
  };

  return {
    businesses: () => all<TGraphBusinessJson>('/me/businesses?fields=id,name&limit=100', 'me/businesses'),
    ownedCatalogs: (businessId: string) =>
      all<TGraphCatalogJson>(`/${seg(businessId)}/owned_product_catalogs?fields=id,name,product_count&limit=100`, 'owned_product_catalogs'),
    /** One items_batch call (at most 5,000 requests): Meta answers with the handle(s) to poll. */
    itemsBatch: async (catalogId: string, requests: readonly TMetaBatchRequest[]): Promise<string[]> => {
      const res = await call<{ handles?: string[] }>('POST', `/${seg(catalogId)}/items_batch`, 'items_batch', metaItemsBatch(requests));
      return res?.handles ?? [];
    },
    checkBatchStatus: async (catalogId: string, handle: string): Promise<TGraphBatchStatusJson> => {
      const res = await call<{ data?: TGraphBatchStatusJson[] }>(
        'GET',
        `/${seg(catalogId)}/check_batch_request_status?${new URLSearchParams({ handle, load_ids_of_invalid_requests: 'true' }).toString()}`,
        'check_batch_request_status',
      );
      return res?.data?.[0] ?? { status: 'in_progress' };
    },
    listProducts: (catalogId: string) =>
      all<TGraphProductJson>(`/${seg(catalogId)}/products?fields=id,retailer_id,name,review_status,errors&limit=1000`, 'products'),
  };
};
export type TMetaGraphClient = ReturnType<typeof createMetaGraphClient>;
