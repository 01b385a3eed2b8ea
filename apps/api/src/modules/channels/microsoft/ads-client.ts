// Microsoft Advertising: Customer Management (the user and their ad accounts), the Merchant
// Center stores of a customer, and the Content API v9.1 for products. Every call carries the connection's
// access token and the developer token; a refused token (HTTP 401, error 109) is refreshed once and the call
// tried again; 429/5xx are retried with backoff by googleRequest.
import { googleRequest, GoogleHttpError, type TGoogleHttpDeps } from '../google/http';
import type { TAccessTokenSource } from '../google/merchant-client';

/** The limits page's ceiling of method calls in one Content API batch. */
export const MICROSOFT_BATCH_MAX = 300;
/** products.list and statuses return at most 250 per page. */
export const MICROSOFT_LIST_MAX = 250;

export interface TMicrosoftAdsSettings {
  /** `https://clientcenter.api.bingads.microsoft.com` */
  customerApiUrl: string;
  /** `https://campaign.api.bingads.microsoft.com` */
  campaignApiUrl: string;
  /** `https://content.api.bingads.microsoft.com` */
  contentApiUrl: string;
  developerToken: string;
}

export interface TBmcStoreJson {
  Id: number | string;
  Name: string;
  IsActive?: boolean;
  HasCatalog?: boolean;
  StoreUrl?: string | null;
  IsDomainVerified?: boolean;
}

export interface TAdsAccountJson {
  Id: number | string;
  Name: string;
  Number?: string | null;
  ParentCustomerId: number | string;
  CurrencyCode?: string | null;
}

export interface TContentBatchEntry {
  batchId: number;
  merchantId: string;
  method: 'insert' | 'delete' | 'get';
  product?: Record<string, unknown>;
  productId?: string;
}

export interface TContentBatchResult {
  batchId: number;
  product?: Record<string, unknown>;
  errors?: { code?: number; message?: string; errors?: { reason?: string; message?: string }[] };
}

export interface TMicrosoftProductStatusJson {
  productId: string;
  offerId: string;
  status: string;
  lastUpdated?: string;
  issues?: { code?: string; severity?: string; attribute?: string; message?: string }[];
}

export interface TMicrosoftCaller {
  customerId?: string;
  accountId?: string;
}

const seg = (v: string) => encodeURIComponent(v);

export const createMicrosoftAdsClient = (opts: {
  settings: TMicrosoftAdsSettings;
  http: TGoogleHttpDeps;
  tokens: TAccessTokenSource;
}) => {
  const { settings } = opts;
  const strip = (u: string) => u.replace(/\/+$/, '');

  const call = async <T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    what: string,
    options: { body?: unknown; caller?: TMicrosoftCaller; content?: boolean } = {},
  ): Promise<T> => {
    let token = await opts.tokens.get();
    for (let round = 0; ; round++) {
      const headers: Record<string, string> = { DeveloperToken: settings.developerToken };
      // The Content API takes the token as AuthenticationToken; the REST management APIs as a Bearer.
      if (options.content) headers.AuthenticationToken = token;
      else headers.Authorization = `Bearer ${token}`;
      if (options.caller?.customerId) headers.CustomerId = options.caller.customerId;
      if (options.caller?.accountId) headers.CustomerAccountId = options.caller.accountId;
      const res = await googleRequest(opts.http, { method, url, headers, body: options.body, what: `microsoft ${what}` });
      if (res.status === 401 && round === 0) {
        token = await opts.tokens.get(token);
        continue;
      }
      if (res.status >= 200 && res.status < 300) return res.body as T;
      throw new GoogleHttpError(res.status, res.body, `microsoft ${what}: HTTP ${res.status}`);
    }
  };
  const content = (storeId: string, path: string) => `${strip(settings.contentApiUrl)}/shopping/v9.1/bmc/${seg(storeId)}${path}`;

  return {
    /** The signed-in user and the customers they hold roles in. */
    getUser: () =>
      call<{ User?: { Id?: number | string }; CustomerRoles?: { CustomerId?: number | string; AccountIds?: (number | string)[] | null }[] }>(
        'POST',
        `${strip(settings.customerApiUrl)}/CustomerManagement/v13/User/Query`,
        'User/Query',
        { body: { UserId: null } },
      ),
    /** The ad accounts the user can reach. */
    searchAccounts: async (userId: string): Promise<TAdsAccountJson[]> => {
      const res = await call<{ Accounts?: TAdsAccountJson[] | null }>(
        'POST',
        `${strip(settings.customerApiUrl)}/CustomerManagement/v13/Accounts/Search`,
        'Accounts/Search',
        {
          body: {
            Predicates: [{ Field: 'UserId', Operator: 'Equals', Value: userId }],
            Ordering: null,
            PageInfo: { Index: 0, Size: 1000 },
            ReturnAdditionalFields: null,
          },
        },
      );
      return res?.Accounts ?? [];
    },
    /** The Merchant Center stores of a customer. */
    listStores: async (caller: Required<TMicrosoftCaller>): Promise<TBmcStoreJson[]> => {
      const res = await call<{ BMCStores?: TBmcStoreJson[] | null }>(
        'POST',
        `${strip(settings.campaignApiUrl)}/CampaignManagement/v13/BMCStores/QueryByCustomerId`,
        'BMCStores/QueryByCustomerId',
        { body: { ReturnAdditionalFields: null }, caller },
      );
      return res?.BMCStores ?? [];
    },
    /** One Content API batch (at most 300 entries). */
    batch: (storeId: string, entries: readonly TContentBatchEntry[], caller?: TMicrosoftCaller) => {
      if (entries.length > MICROSOFT_BATCH_MAX) {
        throw new RangeError(`a Content API batch takes at most ${MICROSOFT_BATCH_MAX} entries; split ${entries.length}`);
      }
      return call<{ entries?: TContentBatchResult[] }>('POST', content(storeId, '/products/batch'), 'products.batch', {
        body: { entries },
        caller,
        content: true,
      });
    },
    listProducts: (storeId: string, page: { maxResults?: number; startToken?: string } = {}, caller?: TMicrosoftCaller) =>
      call<{ resources?: Record<string, unknown>[]; nextPageToken?: string }>(
        'GET',
        `${content(storeId, '/products')}?${new URLSearchParams({
          'max-results': String(Math.min(page.maxResults ?? MICROSOFT_LIST_MAX, MICROSOFT_LIST_MAX)),
          ...(page.startToken ? { 'start-token': page.startToken } : {}),
        }).toString()}`,
        'products.list',
        { caller, content: true },
      ),
    listStatuses: (storeId: string, page: { maxResults?: number; startToken?: string } = {}, caller?: TMicrosoftCaller) =>
      call<{ resources?: TMicrosoftProductStatusJson[]; nextPageToken?: string }>(
        'GET',
        `${content(storeId, '/productstatuses')}?${new URLSearchParams({
          'max-results': String(Math.min(page.maxResults ?? MICROSOFT_LIST_MAX, MICROSOFT_LIST_MAX)),
          ...(page.startToken ? { 'start-token': page.startToken } : {}),
        }).toString()}`,
        'productstatuses.list',
        { caller, content: true },
      ),
  };
};
export type TMicrosoftAdsClient = ReturnType<typeof createMicrosoftAdsClient>;
