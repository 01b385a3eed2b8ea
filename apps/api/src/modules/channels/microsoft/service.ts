// Microsoft Merchant Center (bing) for a shop: consent, the user's ad
// accounts, the customer's Merchant Center stores, the chosen store, its domain verification, the target
// market and feed settings, and the catalog client the sync engine submits through.
import type {
  TChannelConnection,
  TChannelFeedSetting,
  TMicrosoftAdsAccount,
  TMicrosoftDomain,
  TMicrosoftStore,
} from '@feedloom/contracts';
import type { TChannelConnectionRow } from '../../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors';
import { GoogleHttpError } from '../google/http';
import { CHANNELS_MSG } from '../messages';
import { GoogleGrantRefusedError } from '../oauth';
import { createConnectionBookkeeping, isShopWebsite, toConnection, websiteHost } from '../shared';
import type { TChannelShared, TFeedSettingInput } from '../shared';
import { createConnectionTokens } from '../tokens';
import { createMicrosoftAdsClient, type TBmcStoreJson, type TMicrosoftAdsSettings } from './ads-client';
import { createMicrosoftCatalogClient } from './catalog-client';
import { createMicrosoftOAuth, MSADS_SCOPE, type TMicrosoftOAuthSettings } from './oauth';
import { reachShop, type TCaller } from '../../tenancy/reach';

export interface TMicrosoftChannelSettings {
  oauth: TMicrosoftOAuthSettings;
  ads: TMicrosoftAdsSettings;
}

export const MICROSOFT_MSG = {
  authUrl: 'Continue to Microsoft to connect your Microsoft Advertising account.',
  connected: 'Microsoft connected. Now choose your advertising account and Merchant Center store.',
  consentFailed: 'Microsoft did not accept the connection. Please connect again.',
  scopeMissing:
    'Microsoft did not grant access to Microsoft Advertising. Please connect again and allow access.',
  noRefreshToken: 'Microsoft did not grant offline access. Please connect again and allow access.',
  storeNotAvailable: 'This Merchant Center store is not available to the connected Microsoft account.',
  storeSelected: 'Merchant Center store selected.',
  noStore: 'Choose your Microsoft Merchant Center store first.',
  domainVerified: 'Store domain verified.',
  storeNotShop: (store: string, shop: string) =>
    `This Merchant Center store is for ${store}, but this store is at ${shop}. Choose the Merchant Center store of ${shop}.`,
  domainNotVerified:
    "Microsoft has not verified your store's domain yet. Verify it in Microsoft Merchant Center, then check again.",
  noTargetMarket: 'Choose the target market first.',
  feedSettingSaved: 'Feed settings saved.',
} as const;

/** A Merchant Center store as the wizard shows it, and whether it is on the shop's own website. */
const toStore = (s: TBmcStoreJson, shopUrl: string): TMicrosoftStore => ({
  store_id: String(s.Id),
  store_name: s.Name,
  store_url: s.StoreUrl ?? null,
  is_active: s.IsActive !== false,
  domain_verified: s.IsDomainVerified === true,
  matches_shop: isShopWebsite(shopUrl, s.StoreUrl),
});

export const createMicrosoftChannel = (
  shared: TChannelShared,
  settings: TMicrosoftChannelSettings | undefined,
) => {
  const { clock, cipher, log, http, connections } = shared;
  const oauth = settings ? createMicrosoftOAuth(settings.oauth, http) : null;
  const microsoftOAuth = () => {
    if (!oauth || !settings) throw new AppError(503, CHANNELS_MSG.unavailable('bing'));
    return oauth;
  };
  const tokens = createConnectionTokens({
    db: shared.db,
    cipher,
    clock,
    log,
    oauth: microsoftOAuth,
    onRefused: shared.onRefused,
  });
  const adsClient = (row: TChannelConnectionRow) => {
    microsoftOAuth();
    return createMicrosoftAdsClient({ settings: settings!.ads, http, tokens: tokens.forConnection(row.id) });
  };
  const call = <T>(fn: () => Promise<T>, notFoundMessage?: string) =>
    shared.withChannel('bing', fn, notFoundMessage);
  const bookkeeping = createConnectionBookkeeping(shared, 'bing');
  const { save, recordStep } = bookkeeping;

  /** The connection with its store chosen. */
  const withStore = async (caller: TCaller, shopId: string) => {
    const row = await shared.liveConnection(caller, shopId, 'bing');
    const d = row.account_details;
    if (!row.account_id || !d.customer_id || !d.ads_account_id) throw conflict(MICROSOFT_MSG.noStore);
    return {
      row,
      storeId: row.account_id,
      caller: { customerId: d.customer_id, accountId: d.ads_account_id },
    };
  };

  return {
    /** The Content API client of a connected store (the sync engine's way in). */
    microsoftCatalogClient: (row: TChannelConnectionRow) => {
      const market = row.target_market;
      if (!row.account_id || !market) throw conflict(MICROSOFT_MSG.noTargetMarket);
      return createMicrosoftCatalogClient({
        ads: adsClient(row),
        storeId: row.account_id,
        caller: {
          customerId: row.account_details.customer_id,
          accountId: row.account_details.ads_account_id,
        },
        target: { contentLanguage: market.language, targetCountry: market.country },
      });
    },

    microsoftAuthUrl: async (caller: TCaller, shopId: string): Promise<{ auth_url: string }> => {
      const shop = await reachShop(shared.db, caller, shopId);
      if (shop.status !== 'active') throw notFound(CHANNELS_MSG.storeNotFound);
      const client = microsoftOAuth();
      const { state, verifier } = await shared.newState(caller, 'bing', shop.id);
      return { auth_url: client.authorizeUrl(state, verifier) };
    },

    microsoftCallback: async (
      caller: TCaller,
      input: { code: string; state: string },
    ): Promise<TChannelConnection> => {
      const taken = await shared.takeState(caller, 'bing', input.state);
      const client = microsoftOAuth();
      let granted;
      try {
        granted = await client.exchangeCode(input.code, taken.verifier);
      } catch (err) {
        if (err instanceof GoogleGrantRefusedError) throw badRequest(MICROSOFT_MSG.consentFailed);
        if (err instanceof GoogleHttpError && err.status >= 400 && err.status < 500) {
          log.warn({ status: err.status, reason: err.reason }, 'microsoft refused the code exchange');
          throw badRequest(MICROSOFT_MSG.consentFailed);
        }
        if (err instanceof GoogleHttpError) throw new AppError(502, CHANNELS_MSG.channelFailed('bing'));
        throw err;
      }
      if (!granted.scope.split(' ').includes(MSADS_SCOPE)) throw badRequest(MICROSOFT_MSG.scopeMissing);
      if (!granted.refresh_token) throw badRequest(MICROSOFT_MSG.noRefreshToken);
      return bookkeeping.authorize(caller, taken.shopId, granted, granted.refresh_token);
    },

    microsoftAdsAccounts: async (caller: TCaller, shopId: string): Promise<TMicrosoftAdsAccount[]> => {
      const row = await shared.liveConnection(caller, shopId, 'bing');
      const client = adsClient(row);
      return call(async () => {
        const user = await client.getUser();
        const userId = user?.User?.Id;
        if (userId === undefined) return [];
        return (await client.searchAccounts(String(userId))).map((a) => ({
          account_id: String(a.Id),
          account_name: a.Name,
          account_number: a.Number ?? null,
          customer_id: String(a.ParentCustomerId),
          currency: a.CurrencyCode ?? null,
        }));
      });
    },

    microsoftStores: async (
      caller: TCaller,
      shopId: string,
      query: { account_id: string; customer_id: string },
    ): Promise<TMicrosoftStore[]> => {
      const row = await shared.liveConnection(caller, shopId, 'bing');
      const shop = await reachShop(shared.db, caller, shopId);
      const client = adsClient(row);
      return (
        await call(
          () => client.listStores({ customerId: query.customer_id, accountId: query.account_id }),
          MICROSOFT_MSG.storeNotAvailable,
        )
      ).map((s) => toStore(s, shop.shop_url));
    },

    /** Chooses the store: one of the customer's, as Microsoft lists them to the connected user. */
    microsoftSelectStore: async (
      caller: TCaller,
      shopId: string,
      body: { customer_id: string; account_id: string; store_id: string },
    ): Promise<TChannelConnection> => {
      const row = await shared.liveConnection(caller, shopId, 'bing');
      const shop = await reachShop(shared.db, caller, shopId);
      const client = adsClient(row);
      const stores = await call(
        () => client.listStores({ customerId: body.customer_id, accountId: body.account_id }),
        MICROSOFT_MSG.storeNotAvailable,
      );
      const store = stores.map((s) => toStore(s, shop.shop_url)).find((s) => s.store_id === body.store_id);
      if (!store) throw notFound(MICROSOFT_MSG.storeNotAvailable);
      // Another store's domain is verified (or not) on its own: that step is checked again.
      const kept =
        row.account_id === store.store_id
          ? row
          : { ...row, integration_steps: row.integration_steps.filter((s) => s !== 'domain-verification') };
      const saved = await save(row, {
        state: 'connected',
        account_id: store.store_id,
        account_name: store.store_name,
        account_details: {
          customer_id: body.customer_id,
          ads_account_id: body.account_id,
          ...(store.store_url ? { store_url: store.store_url } : {}),
        },
        ...recordStep(kept, 'link-account'),
      });
      return toConnection(saved);
    },

    /**
     * Asks Microsoft whether the chosen store's domain is verified. The step holds (and is recorded) only for a
     * verified domain that is the shop's own website: another store's verified domain cannot show its products.
     */
    microsoftVerifyDomain: async (
      caller: TCaller,
      shopId: string,
    ): Promise<{ domain: TMicrosoftDomain; message: string }> => {
      const { row, storeId, caller: who } = await withStore(caller, shopId);
      const shop = await reachShop(shared.db, caller, shopId);
      const stores = await call(() => adsClient(row).listStores(who), MICROSOFT_MSG.storeNotAvailable);
      const store = stores.map((s) => toStore(s, shop.shop_url)).find((s) => s.store_id === storeId);
      if (!store) throw notFound(MICROSOFT_MSG.storeNotAvailable);
      const holds = store.domain_verified && store.matches_shop;
      if (holds) await save(row, recordStep(row, 'domain-verification'));
      return {
        domain: {
          store_url: store.store_url,
          verified: store.domain_verified,
          shop_url: shop.shop_url,
          matches_shop: store.matches_shop,
        },
        message: !store.matches_shop
          ? MICROSOFT_MSG.storeNotShop(
              websiteHost(store.store_url) ?? store.store_name,
              websiteHost(shop.shop_url) ?? shop.shop_url,
            )
          : store.domain_verified
            ? MICROSOFT_MSG.domainVerified
            : MICROSOFT_MSG.domainNotVerified,
      };
    },

    microsoftConnection: async (caller: TCaller, shopId: string): Promise<TChannelConnection | null> => {
      await reachShop(shared.db, caller, shopId);
      const row = await connections.find(caller.org_id, shopId, 'bing');
      return row ? toConnection(row) : null;
    },

    microsoftFeedSetting: (caller: TCaller, shopId: string): Promise<TChannelFeedSetting> =>
      bookkeeping.feedSetting(caller, shopId),

    /** Saves the schedule (step feed-config, once the target market is chosen) and/or the submissions switch. */
    saveMicrosoftFeedSetting: async (
      caller: TCaller,
      shopId: string,
      body: TFeedSettingInput,
    ): Promise<TChannelFeedSetting> => {
      const { row } = await withStore(caller, shopId);
      if (body.feed_schedule !== undefined && !row.target_market)
        throw conflict(MICROSOFT_MSG.noTargetMarket);
      return bookkeeping.saveFeedSetting(row, body);
    },
  };
};
