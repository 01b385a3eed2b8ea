// Meta catalogs (facebook) for a shop: Facebook
// Login, the person's business accounts, a business's owned catalogs, the captured catalog, feed settings,
// and the catalog client the sync engine submits through.
import type {
  TChannelConnection,
  TChannelFeedSetting,
  TMetaBusiness,
  TMetaCatalog,
} from '@feedloom/contracts';
import type { TChannelConnectionRow } from '../../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors';
import { GoogleHttpError } from '../google/http';
import { CHANNELS_MSG } from '../messages';
import { GoogleGrantRefusedError } from '../oauth';
import { createConnectionBookkeeping, toConnection } from '../shared';
import type { TChannelShared, TFeedSettingInput } from '../shared';
import { ChannelDisconnectedError } from '../tokens';
import { createMetaCatalogClient, type TMetaPollSettings } from './catalog-client';
import { createMetaGraphClient, type TMetaTokenSource } from './graph-client';
import { createMetaOAuth, type TMetaOAuthSettings } from './oauth';
import { reachShop, type TCaller } from '../../tenancy/reach';

export interface TMetaChannelSettings {
  oauth: TMetaOAuthSettings;
  poll: TMetaPollSettings;
}

export const META_MSG = {
  authUrl: 'Continue to Facebook to connect your business account.',
  connected: 'Facebook connected. Now choose your business account and catalog.',
  consentFailed: 'Facebook did not accept the connection. Please connect again.',
  businessNotAvailable: 'This business account is not available to the connected Facebook account.',
  catalogNotAvailable: 'This catalog is not available in the chosen business account.',
  catalogCaptured: 'Catalog linked.',
  noCatalog: 'Choose your business account and catalog first.',
  feedSettingSaved: 'Feed settings saved.',
} as const;

export const createMetaChannel = (shared: TChannelShared, settings: TMetaChannelSettings | undefined) => {
  const { clock, cipher, log, http, connections } = shared;
  const oauth = settings ? createMetaOAuth(settings.oauth, http) : null;
  const metaOAuth = () => {
    if (!oauth || !settings) throw new AppError(503, CHANNELS_MSG.unavailable('facebook'));
    return oauth;
  };

  /** Ends the connection: Meta refused its token (expired, revoked); there is no refresh token to try. */
  const refuse = async (row: TChannelConnectionRow): Promise<never> => {
    log.warn({ connection_id: row.id, shop_id: row.shop_id }, 'meta refused the access token; disconnected');
    await connections.update(row.id, {
      state: 'disconnected',
      refresh_token: null,
      access_token: null,
      access_token_expires_at: null,
      disconnected_reason: CHANNELS_MSG.authorisationRefused('facebook'),
      updated_at: clock.now(),
    });
    await shared.onRefused?.(row.shop_id, 'facebook').catch((e: unknown) => {
      log.warn({ err: e, connection_id: row.id }, 'refused authorisation could not be notified');
    });
    throw new ChannelDisconnectedError(row.id, true);
  };

  const tokensOf = (connectionId: string): TMetaTokenSource => ({
    get: async () => {
      const row = await connections.byId(connectionId);
      if (!row || row.state === 'disconnected' || !row.access_token)
        throw new ChannelDisconnectedError(connectionId, false);
      if (row.access_token_expires_at && row.access_token_expires_at.getTime() <= clock.now().getTime())
        return refuse(row);
      return cipher.decrypt(row.access_token);
    },
    refused: async () => {
      const row = await connections.byId(connectionId);
      if (!row || row.state === 'disconnected') throw new ChannelDisconnectedError(connectionId, false);
      return refuse(row);
    },
  });

  const graphClient = (row: TChannelConnectionRow) =>
    createMetaGraphClient({
      graphUrl: metaOAuth() && settings!.oauth.graphUrl,
      http,
      tokens: tokensOf(row.id),
    });
  const call = <T>(fn: () => Promise<T>, notFoundMessage?: string) =>
    shared.withChannel('facebook', fn, notFoundMessage);
  const bookkeeping = createConnectionBookkeeping(shared, 'facebook');
  const { save, recordStep } = bookkeeping;

  const catalogsOf = async (row: TChannelConnectionRow, businessId: string): Promise<TMetaCatalog[]> =>
    (await call(() => graphClient(row).ownedCatalogs(businessId), META_MSG.businessNotAvailable)).map(
      (c) => ({
        catalog_id: c.id,
        name: c.name,
        product_count: typeof c.product_count === 'number' ? c.product_count : null,
      }),
    );

  return {
    /** The catalog client of a linked catalog (the sync engine's way in). */
    metaCatalogClient: (row: TChannelConnectionRow) => {
      if (!row.account_id) throw conflict(META_MSG.noCatalog);
      return createMetaCatalogClient({
        graph: graphClient(row),
        catalogId: row.account_id,
        poll: settings!.poll,
      });
    },

    facebookAuthUrl: async (caller: TCaller, shopId: string): Promise<{ auth_url: string }> => {
      const shop = await reachShop(shared.db, caller, shopId);
      if (shop.status !== 'active') throw notFound(CHANNELS_MSG.storeNotFound);
      const client = metaOAuth();
      const { state } = await shared.newState(caller, 'facebook', shop.id);
      return { auth_url: client.dialogUrl(state) };
    },

    facebookCallback: async (
      caller: TCaller,
      input: { code: string; state: string },
    ): Promise<TChannelConnection> => {
      const taken = await shared.takeState(caller, 'facebook', input.state);
      const client = metaOAuth();
      let granted;
      try {
        granted = await client.exchangeCode(input.code);
      } catch (err) {
        if (err instanceof GoogleGrantRefusedError) throw badRequest(META_MSG.consentFailed);
        if (err instanceof GoogleHttpError && err.status >= 400 && err.status < 500)
          throw badRequest(META_MSG.consentFailed);
        if (err instanceof GoogleHttpError) throw new AppError(502, CHANNELS_MSG.channelFailed('facebook'));
        throw err;
      }
      return bookkeeping.authorize(caller, taken.shopId, granted, null);
    },

    metaBusinesses: async (caller: TCaller, shopId: string): Promise<TMetaBusiness[]> => {
      const row = await shared.liveConnection(caller, shopId, 'facebook');
      return (await call(() => graphClient(row).businesses())).map((b) => ({
        business_id: b.id,
        name: b.name,
      }));
    },

    metaCatalogs: async (caller: TCaller, shopId: string, businessId: string): Promise<TMetaCatalog[]> => {
      const row = await shared.liveConnection(caller, shopId, 'facebook');
      return catalogsOf(row, businessId);
    },

    /** Links the catalog: one the chosen business owns, as Meta lists it. */
    captureCatalog: async (
      caller: TCaller,
      shopId: string,
      body: { business_id: string; catalog_id: string },
    ): Promise<TChannelConnection> => {
      const row = await shared.liveConnection(caller, shopId, 'facebook');
      const client = graphClient(row);
      const business = (await call(() => client.businesses())).find((b) => b.id === body.business_id);
      if (!business) throw notFound(META_MSG.businessNotAvailable);
      const catalog = (await catalogsOf(row, body.business_id)).find((c) => c.catalog_id === body.catalog_id);
      if (!catalog) throw notFound(META_MSG.catalogNotAvailable);
      const saved = await save(row, {
        state: 'connected',
        account_id: catalog.catalog_id,
        account_name: catalog.name,
        account_details: { business_id: business.id, business_name: business.name },
        ...recordStep(row, 'link-account'),
      });
      return toConnection(saved);
    },

    facebookFeedSetting: (caller: TCaller, shopId: string): Promise<TChannelFeedSetting> =>
      bookkeeping.feedSetting(caller, shopId),

    saveFacebookFeedSetting: async (
      caller: TCaller,
      shopId: string,
      body: TFeedSettingInput,
    ): Promise<TChannelFeedSetting> => {
      const row = await shared.liveConnection(caller, shopId, 'facebook');
      if (!row.account_id) throw conflict(META_MSG.noCatalog);
      return bookkeeping.saveFeedSetting(row, body);
    },
  };
};
