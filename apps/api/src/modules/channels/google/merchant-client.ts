// Google Merchant API v1: the calls Feedloom makes, typed, with the Bearer token of one
// connection. A 401 refreshes the token once and tries again; 429/5xx are retried by googleRequest.
import type { TMerchantProductInput } from '@feedloom/catalog';
import { googleRequest, GoogleHttpError, type TGoogleHttpDeps } from './http';

/** The access token of one connection; `rejected` is the token Google just refused (refresh it). */
export interface TAccessTokenSource {
  get(rejected?: string): Promise<string>;
}

export interface TMerchantAccountJson {
  name: string;
  accountId: string;
  accountName: string;
  timeZone?: { id?: string };
  languageCode?: string;
}

export interface THomepageJson {
  name: string;
  uri?: string;
  claimed?: boolean;
}

/** A Merchant Center program (free listings, Shopping ads) of an account (accounts.programs). */
export interface TProgramJson {
  name: string;
  documentationUri?: string;
  state?: 'ENABLED' | 'ELIGIBLE' | 'NOT_ELIGIBLE' | 'STATE_UNSPECIFIED';
  activeRegionCodes?: string[];
  unmetRequirements?: { title?: string; documentationUri?: string; affectedRegionCodes?: string[] }[];
}

export interface TShippingSettingsJson {
  name: string;
  services?: { serviceName?: string; active?: boolean; deliveryCountries?: string[]; currencyCode?: string }[];
}

export interface TDataSourceJson {
  name: string;
  dataSourceId: string;
  displayName: string;
  input?: string;
  primaryProductDataSource?: { contentLanguage?: string; feedLabel?: string; countries?: string[] };
}

export interface TItemLevelIssueJson {
  code?: string;
  severity?: 'NOT_IMPACTED' | 'DEMOTED' | 'DISAPPROVED';
  resolution?: string;
  attribute?: string;
  reportingContext?: string;
  description?: string;
  detail?: string;
  documentation?: string;
  applicableCountries?: string[];
}

export interface TProductJson {
  name: string;
  offerId: string;
  contentLanguage: string;
  feedLabel: string;
  dataSource?: string;
  productStatus?: {
    destinationStatuses?: {
      reportingContext?: string;
      approvedCountries?: string[];
      pendingCountries?: string[];
      disapprovedCountries?: string[];
    }[];
    itemLevelIssues?: TItemLevelIssueJson[];
    creationDate?: string;
    lastUpdateDate?: string;
    googleExpirationDate?: string;
  };
}

/** products.list returns at most 1000 per page. */
export const PRODUCTS_PAGE_MAX = 1000;

const seg = (id: string) => encodeURIComponent(id);

/**
 * Calls one Google API with the Bearer token of a connection: a 401 refreshes the token once and tries again;
 * 429/5xx are retried by googleRequest. Answers the JSON body of a 2xx, else throws GoogleHttpError.
 */
export const createGoogleApiCaller = (opts: { baseUrl: string; http: TGoogleHttpDeps; tokens: TAccessTokenSource; api: string }) => {
  const base = opts.baseUrl.replace(/\/+$/, '');
  return async <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, what: string, body?: unknown): Promise<T> => {
    let token = await opts.tokens.get();
    for (let round = 0; ; round++) {
      const res = await googleRequest(opts.http, {
        method,
        url: `${base}${path}`,
        headers: { authorization: `Bearer ${token}` },
        body,
        what: `${opts.api} ${what}`,
      });
      if (res.status === 401 && round === 0) {
        // Expired or revoked early: one refresh, one more try.
        token = await opts.tokens.get(token);
        continue;
      }
      if (res.status >= 200 && res.status < 300) return res.body as T;
      throw new GoogleHttpError(res.status, res.body, `${opts.api} ${what}: HTTP ${res.status}`);
    }
  };
};

export const createMerchantClient = (opts: { baseUrl: string; http: TGoogleHttpDeps; tokens: TAccessTokenSource }) => {
  const call = createGoogleApiCaller({ ...opts, api: 'merchant' });

  const q = (params: Record<string, string | number | undefined>) => {
    const s = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) s.set(k, String(v));
    const text = s.toString();
    return text ? `?${text}` : '';
  };

  return {
    /** Every account the user can reach (all pages). */
    listAccounts: async (): Promise<TMerchantAccountJson[]> => {
      const all: TMerchantAccountJson[] = [];
      let pageToken: string | undefined;
      do {
        const page = await call<{ accounts?: TMerchantAccountJson[]; nextPageToken?: string }>(
          'GET',
          `/accounts/v1/accounts${q({ pageSize: 500, pageToken })}`,
          'accounts.list',
        );
        all.push(...(page?.accounts ?? []));
        pageToken = page?.nextPageToken || undefined;
      } while (pageToken);
      return all;
    },
    getAccount: (accountId: string) =>
      call<TMerchantAccountJson>('GET', `/accounts/v1/accounts/${seg(accountId)}`, 'accounts.get'),
    getHomepage: (accountId: string) =>
      call<THomepageJson>('GET', `/accounts/v1/accounts/${seg(accountId)}/homepage`, 'homepage.get'),
    /** Changes the homepage (an update mask of `uri`); Google then considers it unclaimed. */
    updateHomepage: (accountId: string, uri: string) =>
      call<THomepageJson>('PATCH', `/accounts/v1/accounts/${seg(accountId)}/homepage${q({ updateMask: 'uri' })}`, 'homepage.update', { uri }),
    /** Claims the homepage (taking it over from another account when `overwrite`). */
    claimHomepage: (accountId: string, overwrite = true) =>
      call<THomepageJson>('POST', `/accounts/v1/accounts/${seg(accountId)}/homepage:claim`, 'homepage.claim', { overwrite }),
    getShippingSettings: (accountId: string) =>
      call<TShippingSettingsJson>('GET', `/accounts/v1/accounts/${seg(accountId)}/shippingSettings`, 'shippingSettings.get'),
    /** The account's programs (destinations): every page. */
    listPrograms: async (accountId: string): Promise<TProgramJson[]> => {
      const all: TProgramJson[] = [];
      let pageToken: string | undefined;
      do {
        const page = await call<{ programs?: TProgramJson[]; nextPageToken?: string }>(
          'GET',
          `/accounts/v1/accounts/${seg(accountId)}/programs${q({ pageToken })}`,
          'programs.list',
        );
        all.push(...(page?.programs ?? []));
        pageToken = page?.nextPageToken || undefined;
      } while (pageToken);
      return all;
    },
    /** Every data source of the account (all pages: Google may answer fewer than asked). */
    listDataSources: async (accountId: string): Promise<TDataSourceJson[]> => {
      const all: TDataSourceJson[] = [];
      let pageToken: string | undefined;
      do {
        const page = await call<{ dataSources?: TDataSourceJson[]; nextPageToken?: string }>(
          'GET',
          `/datasources/v1/accounts/${seg(accountId)}/dataSources${q({ pageSize: 1000, pageToken })}`,
          'dataSources.list',
        );
        all.push(...(page?.dataSources ?? []));
        pageToken = page?.nextPageToken || undefined;
      } while (pageToken);
      return all;
    },
    createDataSource: (accountId: string, dataSource: Omit<TDataSourceJson, 'name' | 'dataSourceId'>) =>
      call<TDataSourceJson>('POST', `/datasources/v1/accounts/${seg(accountId)}/dataSources`, 'dataSources.create', dataSource),
    insertProductInput: (accountId: string, dataSource: string, input: TMerchantProductInput) =>
      call<{ name: string; product: string }>(
        'POST',
        `/products/v1/accounts/${seg(accountId)}/productInputs:insert${q({ dataSource })}`,
        'productInputs.insert',
        input,
      ),
    /** `productInput` is the `{contentLanguage~feedLabel~offerId}` segment (catalog's productIdSegment). */
    deleteProductInput: (accountId: string, productInput: string, dataSource: string) =>
      call<unknown>('DELETE', `/products/v1/accounts/${seg(accountId)}/productInputs/${seg(productInput)}${q({ dataSource })}`, 'productInputs.delete'),
    getProduct: (accountId: string, product: string) =>
      call<TProductJson>('GET', `/products/v1/accounts/${seg(accountId)}/products/${seg(product)}`, 'products.get'),
    listProducts: (accountId: string, page: { pageSize?: number; pageToken?: string } = {}) =>
      call<{ products?: TProductJson[]; nextPageToken?: string }>(
        'GET',
        `/products/v1/accounts/${seg(accountId)}/products${q({
          pageSize: Math.min(page.pageSize ?? PRODUCTS_PAGE_MAX, PRODUCTS_PAGE_MAX),
          pageToken: page.pageToken,
        })}`,
        'products.list',
      ),
  };
};
export type TMerchantClient = ReturnType<typeof createMerchantClient>;
