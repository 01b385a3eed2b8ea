import type {
  TChannelConnection,
  TMerchantAccount,
  TShippingSettings,
  TWebsiteClaim,
} from '@feedloom/contracts';
import type { TChannelKey } from '@feedloom/validation';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import { type TChannelConnectionRow, type TShopRow } from '../../db/schema';
import { addSeconds, type TClock } from '../../lib/clock';
import { randomToken, sha256, type TCipher } from '../../lib/crypto';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { canReachShop } from '../tenancy/access';
import { GoogleHttpError, type TGoogleHttpDeps } from './google/http';
import { createMerchantClient, type TMerchantAccountJson } from './google/merchant-client';
import { createSiteVerificationClient } from './google/site-verification-client';
import { createGoogleOAuth, GOOGLE_CONTENT_SCOPE, type TGoogleOAuthSettings } from './google/oauth';
import { CHANNEL_STATE_TTL_SECONDS, CHANNELS_MSG } from './messages';
import { GoogleGrantRefusedError, newPkceVerifier } from './oauth';
import { channelStatesRepo, connectionsRepo } from './repo';
import type { TChannelCallRecorders } from './api-calls';
import type { TNotificationEvents } from '../notifications/service';
import { ChannelDisconnectedError, createConnectionTokens } from './tokens';
import { createMicrosoftChannel, type TMicrosoftChannelSettings } from './microsoft/service';
import { createMetaChannel, type TMetaChannelSettings } from './meta/service';
import { createConnectionBookkeeping, isShopWebsite, toConnection, type TChannelShared } from './shared';
import { reachShop, type TCaller } from '../tenancy/reach';

export interface TGoogleChannelSettings {
  /** null when no OAuth client is configured: the channel is off (503). */
  oauth: TGoogleOAuthSettings | null;
  merchantApiUrl: string;
  /** Base of Google's Site Verification API (www.googleapis.com). */
  siteVerificationApiUrl: string;
}

export interface TChannelsServiceDeps {
  db: TDb;
  clock: TClock;
  cipher: TCipher;
  log: FastifyBaseLogger;
  google: TGoogleChannelSettings;
  /** Retry, backoff and timeout of channel calls (the logger and clock are filled in). */
  http: Omit<TGoogleHttpDeps, 'log' | 'clock'>;
  microsoft?: TMicrosoftChannelSettings;
  meta?: TMetaChannelSettings;
  /** Records each shop's channel calls (dashboard api-health). */
  calls?: TChannelCallRecorders;
  /** Tells the merchant (notifications) when a connection ends. */
  events?: Pick<TNotificationEvents, 'channelAuthorisationRefused' | 'channelDisconnected'>;
}

export { toConnection } from './shared';

const toAccount = (a: TMerchantAccountJson): TMerchantAccount => ({
  account_id: a.accountId,
  account_name: a.accountName,
  time_zone: a.timeZone?.id ?? null,
  language_code: a.languageCode ?? null,
});

/** The account's website as the domain verification step shows it, beside the shop's own. */
const toWebsiteClaim = (shop: TShopRow, websiteUrl: string | null, claimed: boolean): TWebsiteClaim => ({
  website_url: websiteUrl,
  claimed,
  shop_url: shop.shop_url,
  matches_shop: isShopWebsite(shop.shop_url, websiteUrl),
});

/**
 * Connecting a shop to a channel: the consent URL, the callback that turns the
 * code into stored (sealed) tokens, the Merchant Center account list and choice, the record, disconnect.
 */
export const createChannelsService = (deps: TChannelsServiceDeps) => {
  const { db, clock, cipher, log } = deps;
  const connections = connectionsRepo(db);
  const states = channelStatesRepo(db);
  const http: TGoogleHttpDeps = { ...deps.http, log, clock };
  const oauthSettings = deps.google.oauth;
  const oauth = oauthSettings ? createGoogleOAuth(oauthSettings, http) : null;
  const googleOAuth = () => {
    if (!oauth) throw new AppError(503, CHANNELS_MSG.unavailable('google'));
    return oauth;
  };
  const tokens = createConnectionTokens({
    db,
    cipher,
    clock,
    log,
    oauth: googleOAuth,
    onRefused: deps.events?.channelAuthorisationRefused,
  });

  /** The shop's live connection to `channel`, or 409 when it has none. */
  const liveConnection = async (caller: TCaller, shopId: string, channel: TChannelKey) => {
    await reachShop(db, caller, shopId);
    const row = await connections.find(caller.org_id, shopId, channel);
    if (!row || row.state === 'disconnected') throw conflict(CHANNELS_MSG.notConnected(channel));
    return row;
  };

  /** Runs a channel's calls for a connection; the channel's failures become the caller's messages. */
  const withChannel = async <T>(
    channel: TChannelKey,
    fn: () => Promise<T>,
    notFoundMessage?: string,
  ): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ChannelDisconnectedError) throw conflict(CHANNELS_MSG.authorisationRefused(channel));
      if (err instanceof GoogleHttpError) {
        if (notFoundMessage && (err.status === 403 || err.status === 404)) throw notFound(notFoundMessage);
        log.error({ err, status: err.status, reason: err.reason, channel }, 'channel call failed');
        throw new AppError(502, CHANNELS_MSG.channelFailed(channel));
      }
      throw err;
    }
  };
  const withGoogle = <T>(fn: () => Promise<T>, notFoundMessage?: string): Promise<T> =>
    withChannel('google', fn, notFoundMessage);

  /** A consent URL's state (and PKCE verifier), stored for 10 minutes for this user, organisation and shop. */
  const newState = async (caller: TCaller, channel: TChannelKey, shopId: string) => {
    const state = randomToken();
    const verifier = newPkceVerifier();
    const now = clock.now();
    await states.insert(
      {
        state_hash: sha256(state),
        channel,
        organization_id: caller.org_id,
        shop_id: shopId,
        user_id: caller.user_id,
        code_verifier: cipher.encrypt(verifier),
        expires_at: addSeconds(now, CHANNEL_STATE_TTL_SECONDS),
        created_at: now,
      },
      now,
    );
    return { state, verifier };
  };

  /**
   * The state of a callback: good once, for 10 minutes, for the user (and organisation) who asked for the
   * consent URL and a shop they can still reach. Answers the shop and the PKCE verifier.
   */
  const takeState = async (caller: TCaller, channel: TChannelKey, state: string) => {
    const row = await states.take(channel, sha256(state));
    const now = clock.now();
    if (
      !row ||
      row.expires_at.getTime() <= now.getTime() ||
      row.user_id !== caller.user_id ||
      row.organization_id !== caller.org_id ||
      !canReachShop(caller.shop_ids, row.shop_id)
    ) {
      throw badRequest(CHANNELS_MSG.stateInvalid);
    }
    await reachShop(db, caller, row.shop_id);
    return { shopId: row.shop_id, verifier: cipher.decrypt(row.code_verifier) };
  };

  /** The shop's Google connection with its Merchant Center account chosen. */
  const withAccount = async (caller: TCaller, shopId: string) => {
    const row = await liveConnection(caller, shopId, 'google');
    if (!row.account_id) throw conflict(CHANNELS_MSG.noAccount);
    return { row, accountId: row.account_id };
  };

  const merchantClient = (row: TChannelConnectionRow) =>
    createMerchantClient({
      baseUrl: deps.google.merchantApiUrl,
      http: deps.calls ? { ...http, record: deps.calls.forShop(row.shop_id, row.channel) } : http,
      tokens: tokens.forConnection(row.id),
    });

  const onRefused = deps.events?.channelAuthorisationRefused;
  const shared: TChannelShared = {
    db,
    clock,
    cipher,
    log,
    http,
    connections,
    onRefused,
    liveConnection,
    withChannel,
    newState,
    takeState,
  };
  const googleRows = createConnectionBookkeeping(shared, 'google');

  const siteVerificationClient = (row: TChannelConnectionRow) =>
    createSiteVerificationClient({
      baseUrl: deps.google.siteVerificationApiUrl,
      http,
      tokens: tokens.forConnection(row.id),
    });

  return {
    ...createMicrosoftChannel(shared, deps.microsoft),
    ...createMetaChannel(shared, deps.meta),
    /** A Merchant API client for a connection (the sync engine's way in). */
    merchantClient,
    /** The wizard's ways in (wizard.ts): Google's Site Verification API, the shop, the connection, the errors. */
    siteVerificationClient,
    reachShop,
    liveConnection,
    withAccount,
    withGoogle,

    googleAuthUrl: async (caller: TCaller, shopId: string): Promise<{ auth_url: string }> => {
      const shop = await reachShop(db, caller, shopId);
      if (shop.status !== 'active') throw notFound(CHANNELS_MSG.storeNotFound);
      const client = googleOAuth();
      const { state, verifier } = await newState(caller, 'google', shop.id);
      return { auth_url: client.authorizeUrl(state, verifier) };
    },

    /**
     * The code of /google-callback becomes tokens. The state is good once, for 10 minutes, for the user (and
     * organisation) who asked for the consent URL and a shop they can still reach.
     */
    googleCallback: async (
      caller: TCaller,
      input: { code: string; state: string },
    ): Promise<TChannelConnection> => {
      const row = await takeState(caller, 'google', input.state);
      const client = googleOAuth();
      let granted;
      try {
        granted = await client.exchangeCode(input.code, row.verifier);
      } catch (err) {
        if (err instanceof GoogleGrantRefusedError) throw badRequest(CHANNELS_MSG.consentFailed);
        if (err instanceof GoogleHttpError && err.status >= 400 && err.status < 500) {
          log.warn({ err, status: err.status, reason: err.reason }, 'google refused the code exchange');
          throw badRequest(CHANNELS_MSG.consentFailed);
        }
        if (err instanceof GoogleHttpError) throw new AppError(502, CHANNELS_MSG.channelFailed('google'));
        throw err;
      }
      if (!granted.scope.split(' ').includes(GOOGLE_CONTENT_SCOPE))
        throw badRequest(CHANNELS_MSG.scopeMissing);
      if (!granted.refresh_token) throw badRequest(CHANNELS_MSG.noRefreshToken);
      return googleRows.authorize(caller, row.shopId, granted, granted.refresh_token);
    },

    merchantAccounts: async (caller: TCaller, shopId: string): Promise<TMerchantAccount[]> => {
      const row = await liveConnection(caller, shopId, 'google');
      return (await withGoogle(() => merchantClient(row).listAccounts())).map(toAccount);
    },

    /** Chooses the Merchant Center account: one the connected Google user can reach. */
    selectMerchantAccount: async (caller: TCaller, shopId: string, merchantId: string) => {
      const row = await liveConnection(caller, shopId, 'google');
      const account = toAccount(
        await withGoogle(() => merchantClient(row).getAccount(merchantId), CHANNELS_MSG.accountNotFound),
      );
      const steps = row.integration_steps.includes('link-account')
        ? row.integration_steps
        : [...row.integration_steps, 'link-account'];
      const saved = await googleRows.save(row, {
        state: 'connected',
        account_id: account.account_id,
        account_name: account.account_name,
        integration_steps: steps,
      });
      return { account, connection: toConnection(saved) };
    },

    websiteClaim: async (caller: TCaller, shopId: string): Promise<TWebsiteClaim> => {
      const { row, accountId } = await withAccount(caller, shopId);
      const shop = await reachShop(db, caller, shopId);
      const home = await withGoogle(
        () => merchantClient(row).getHomepage(accountId),
        CHANNELS_MSG.accountNotFound,
      );
      return toWebsiteClaim(shop, home.uri ?? null, home.claimed === true);
    },

    /** Sets the Merchant Center homepage and claims it; a claim Google refuses leaves it unclaimed (said so). */
    overrideWebsite: async (caller: TCaller, shopId: string, websiteUrl: string) => {
      const { row, accountId } = await withAccount(caller, shopId);
      const shop = await reachShop(db, caller, shopId);
      const client = merchantClient(row);
      const updated = await withGoogle(
        () => client.updateHomepage(accountId, websiteUrl),
        CHANNELS_MSG.accountNotFound,
      );
      let claim = toWebsiteClaim(shop, updated.uri ?? websiteUrl, updated.claimed === true);
      try {
        const claimed = await client.claimHomepage(accountId);
        claim = toWebsiteClaim(shop, claimed.uri ?? claim.website_url, claimed.claimed === true);
      } catch (err) {
        // Google refuses a claim it cannot verify (4xx): the website is saved, the merchant verifies it next.
        if (err instanceof GoogleHttpError && err.status >= 400 && err.status < 500) {
          log.info({ status: err.status, reason: err.reason }, 'google refused the homepage claim');
        } else {
          // Anything else (Google down, authorisation refused) is reported as for every other call.
          await withGoogle<never>(() => {
            throw err;
          });
        }
      }
      return { claim, message: claim.claimed ? CHANNELS_MSG.websiteUpdated : CHANNELS_MSG.websiteNotClaimed };
    },

    shippingSettings: async (caller: TCaller, shopId: string): Promise<TShippingSettings> => {
      const { row, accountId } = await withAccount(caller, shopId);
      const settings = await withGoogle(
        () => merchantClient(row).getShippingSettings(accountId),
        CHANNELS_MSG.accountNotFound,
      );
      const services = (settings.services ?? []).map((s) => ({
        service_name: s.serviceName ?? '',
        active: s.active !== false,
        countries: s.deliveryCountries ?? [],
        currency: s.currencyCode ?? null,
      }));
      const target = row.target_market?.country ?? null;
      return {
        has_shipping: services.some((s) => s.active),
        target_country: target,
        covers_target_country:
          target !== null && services.some((s) => s.active && s.countries.includes(target)),
        services,
      };
    },

    connection: async (
      caller: TCaller,
      shopId: string,
      channel: TChannelKey,
    ): Promise<TChannelConnection | null> => {
      await reachShop(db, caller, shopId);
      const row = await connections.find(caller.org_id, shopId, channel);
      return row ? toConnection(row) : null;
    },

    /** Forgets the tokens; the record (account, steps, target market) stays for a reconnection. */
    disconnect: async (
      caller: TCaller,
      shopId: string,
      channel: TChannelKey,
    ): Promise<TChannelConnection> => {
      const row = await liveConnection(caller, shopId, channel);
      const saved = await connections.update(row.id, {
        state: 'disconnected',
        refresh_token: null,
        access_token: null,
        access_token_expires_at: null,
        disconnected_reason: null,
        updated_at: clock.now(),
      });
      if (!saved) throw conflict(CHANNELS_MSG.notConnected(channel));
      await deps.events?.channelDisconnected(shopId, channel);
      return toConnection(saved);
    },
  };
};
export type TChannelsService = ReturnType<typeof createChannelsService>;
