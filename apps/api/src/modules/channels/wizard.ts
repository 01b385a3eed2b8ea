import type {
  TDestinationValidation,
  TGoogleTaxonomy,
  TIntegratedChannelStatus,
  TSelectTargetMarket,
  TSiteVerificationToken,
  TTargetMarketSelectionData,
  TWebsiteVerification,
} from '@feedloom/contracts';
import { googleTaxonomy } from '@feedloom/catalog/node';
import {
  CHANNELS,
  INTEGRATION_STEPS,
  nextIntegrationStep,
  type TChannelKey,
  type TIntegrationStep,
  type TSiteVerificationMethodKey,
} from '@feedloom/validation';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import type { TChannelConnectionRow, TShopRow } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import { badRequest, conflict } from '../../lib/errors';
import { GoogleHttpError } from './google/http';
import type { TProgramJson } from './google/merchant-client';
import { GOOGLE_SITE_VERIFICATION_SCOPE } from './google/oauth';
import { countryName, marketChoices, marketsOf } from './markets';
import { CHANNELS_MSG } from './messages';
import { connectionsRepo } from './repo';
import { isShopWebsite, stepsWith, websiteHost } from './shared';
import { toConnection, type TChannelsService } from './service';
import { WIZARD_MSG } from './wizard-messages';
import { reachShop, type TCaller } from '../tenancy/reach';

/** The market language and country when a store has none. */
export const DEFAULT_MARKET = { country: 'US', language: 'en' } as const;

const PROGRAM_LABEL: Record<string, string> = {
  'free-listings': 'Free listings',
  'shopping-ads': 'Shopping ads',
};
const programLabel = (id: string) =>
  PROGRAM_LABEL[id] ?? id.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/**
 * The integration wizard after the account link: target market, destination validation, domain
 * verification (Site Verification API + Merchant Center claim), shipping validation, the steps recorded as
 * done and each channel's progress; the Google product taxonomy.
 */
export const createChannelWizardService = (deps: {
  db: TDb;
  clock: TClock;
  log: FastifyBaseLogger;
  channels: TChannelsService;
}) => {
  const { clock, log, channels } = deps;
  const connections = connectionsRepo(deps.db);

  /** The connection with its account chosen (Google through the channels service, the others alike). */
  const connectedRow = async (caller: TCaller, shopId: string, channel: TChannelKey) => {
    if (channel === 'google') return (await channels.withAccount(caller, shopId)).row;
    const row = await channels.liveConnection(caller, shopId, channel);
    if (row.state !== 'connected') throw conflict(CHANNELS_MSG.notConnected(channel));
    return row;
  };

  const record = async (row: TChannelConnectionRow, values: Partial<TChannelConnectionRow>) => {
    const saved = await connections.update(row.id, { ...values, updated_at: clock.now() });
    if (!saved) throw conflict(CHANNELS_MSG.notConnected(row.channel));
    return saved;
  };

  /** The first step before `step` in the channel's order that is not done yet (steps are recorded in order). */
  const unfinishedBefore = (channel: TChannelKey, row: TChannelConnectionRow, step: TIntegrationStep) => {
    const steps: readonly string[] = INTEGRATION_STEPS[channel];
    return steps.slice(0, steps.indexOf(step)).find((s) => !row.integration_steps.includes(s));
  };

  const programsOf = async (row: TChannelConnectionRow): Promise<TProgramJson[]> =>
    channels.withGoogle(
      () => channels.merchantClient(row).listPrograms(row.account_id!),
      CHANNELS_MSG.accountNotFound,
    );

  const destinationsOf = (row: TChannelConnectionRow, programs: TProgramJson[]): TDestinationValidation => {
    const target = row.target_market?.country ?? null;
    const destinations = programs.map((p) => {
      const program = p.name.split('/').pop() ?? p.name;
      const active = p.activeRegionCodes ?? [];
      const state =
        p.state === 'ENABLED' || p.state === 'ELIGIBLE' || p.state === 'NOT_ELIGIBLE' ? p.state : 'UNKNOWN';
      return {
        program,
        label: programLabel(program),
        state,
        active_countries: active,
        serves_target_country: state === 'ENABLED' && target !== null && active.includes(target),
        unmet_requirements: (p.unmetRequirements ?? []).map((u) => ({
          title: u.title ?? 'A requirement is not met',
          countries: u.affectedRegionCodes ?? [],
          documentation_url: u.documentationUri ?? null,
        })),
        documentation_url: p.documentationUri ?? null,
      } as const;
    });
    const ready = target !== null && destinations.some((d) => d.serves_target_country);
    const missing: string[] = [];
    if (target === null) missing.push(WIZARD_MSG.chooseTargetMarket);
    else if (!ready) missing.push(WIZARD_MSG.noDestination(countryName(target)));
    for (const d of destinations) {
      if (target !== null && d.state === 'ENABLED' && !d.serves_target_country)
        missing.push(WIZARD_MSG.notForTargetCountry(d.label, d.active_countries, countryName(target)));
      if (d.state === 'ELIGIBLE')
        missing.push(`${d.label}: eligible, not enabled yet. Enable it in Merchant Center.`);
      for (const u of d.unmet_requirements) {
        missing.push(`${d.label}: ${u.title}${u.countries.length ? ` (${u.countries.join(', ')})` : ''}.`);
      }
    }
    return { target_country: target, destinations, ready, missing };
  };

  /** The account's website as Merchant Center knows it (the verification's subject). */
  const homepageOf = async (row: TChannelConnectionRow) => {
    const home = await channels.withGoogle(
      () => channels.merchantClient(row).getHomepage(row.account_id!),
      CHANNELS_MSG.accountNotFound,
    );
    if (!home.uri) throw conflict(WIZARD_MSG.websiteMissing);
    return { uri: home.uri, claimed: home.claimed === true };
  };

  /** Why the account's website cannot stand for the shop (another site than the shop's own), or null. */
  const websiteRefusal = (shop: TShopRow, websiteUrl: string) =>
    isShopWebsite(shop.shop_url, websiteUrl)
      ? null
      : WIZARD_MSG.websiteNotShop(
          websiteHost(websiteUrl) ?? websiteUrl,
          websiteHost(shop.shop_url) ?? shop.shop_url,
        );

  const siteVerification = (row: TChannelConnectionRow) => {
    if (!row.scopes.split(' ').includes(GOOGLE_SITE_VERIFICATION_SCOPE))
      throw conflict(WIZARD_MSG.siteVerificationNotGranted);
    return channels.siteVerificationClient(row);
  };

  const shippingCoversTarget = async (caller: TCaller, shopId: string) =>
    (await channels.shippingSettings(caller, shopId)).covers_target_country;

  /** Why `step` cannot be recorded yet for this Google connection, or null. */
  const googleStepRefusal = async (
    caller: TCaller,
    shopId: string,
    row: TChannelConnectionRow,
    step: TIntegrationStep,
    productsCarryShipping: boolean,
  ): Promise<string | null> => {
    const target = row.target_market?.country;
    switch (step) {
      case 'target-market':
        return row.target_market ? null : WIZARD_MSG.chooseTargetMarket;
      case 'destination-validation': {
        const result = destinationsOf(row, await programsOf(row));
        return result.ready ? null : (result.missing[0] ?? WIZARD_MSG.chooseTargetMarket);
      }
      case 'domain-verification': {
        const home = await homepageOf(row);
        return (
          websiteRefusal(await reachShop(deps.db, caller, shopId), home.uri) ??
          (home.claimed ? null : WIZARD_MSG.websiteNotClaimed)
        );
      }
      case 'shipping-validation':
        if (!target) return WIZARD_MSG.chooseTargetMarket;
        return productsCarryShipping || (await shippingCoversTarget(caller, shopId))
          ? null
          : WIZARD_MSG.noShipping(countryName(target));
      default:
        return null;
    }
  };

  const statusOf = (channel: TChannelKey, row: TChannelConnectionRow | null): TIntegratedChannelStatus => ({
    channel,
    state: row?.state ?? 'none',
    connected: row?.state === 'connected',
    account_id: row?.account_id ?? null,
    account_name: row?.account_name ?? null,
    steps: [...INTEGRATION_STEPS[channel]],
    integration_steps: row?.integration_steps ?? [],
    next_step: nextIntegrationStep(channel, row),
    integration_once_completed: row?.integration_once_completed ?? false,
    target_market: row?.target_market ?? null,
    feed_enabled: row?.feed_enabled ?? false,
    disconnected_reason: row?.disconnected_reason ?? null,
  });

  let taxonomyRows: { id: number; name: string; full_path: string; key: string }[] | undefined;

  return {
    targetMarketSelectionData: async (
      caller: TCaller,
      shopId: string,
      channel: TChannelKey,
    ): Promise<TTargetMarketSelectionData> => {
      const shop = await reachShop(deps.db, caller, shopId);
      if (marketsOf(channel).length === 0) throw badRequest(WIZARD_MSG.noTargetMarket(channel), 'channel');
      const row = await connections.find(caller.org_id, shopId, channel);
      const choices = marketChoices(channel);
      const home = choices.countries.find((c) => c.code === DEFAULT_MARKET.country) ?? choices.countries[0]!;
      return {
        channel,
        ...choices,
        selected: row?.target_market ?? null,
        suggested: {
          country: home.code,
          language: home.languages.includes(DEFAULT_MARKET.language)
            ? DEFAULT_MARKET.language
            : home.languages[0]!,
          currency: home.currencies.includes(shop.shop_currency) ? shop.shop_currency : home.currencies[0]!,
        },
        integration_once_completed: row?.integration_once_completed ?? false,
      };
    },

    /**
     * Records the target market (and its step). A new country sends the merchant through the checks that
     * depend on it again (destinations, shipping).
     */
    selectTargetMarket: async (caller: TCaller, shopId: string, input: TSelectTargetMarket) => {
      const { channel } = input;
      await reachShop(deps.db, caller, shopId);
      if (marketsOf(channel).length === 0) throw badRequest(WIZARD_MSG.noTargetMarket(channel), 'channel');
      const country = input.country.toUpperCase();
      const language = input.language.toLowerCase();
      const currency = input.currency.toUpperCase();
      const market = marketsOf(channel).find((x) => x.country === country);
      if (!market) throw badRequest(WIZARD_MSG.countryNotSold(channel, input.country), 'country');
      if (!market.languages.includes(language)) {
        throw badRequest(
          WIZARD_MSG.languageNotAccepted(
            channel,
            languageNames.of(language) ?? language,
            countryName(country),
          ),
          'language',
        );
      }
      if (!market.currencies.includes(currency)) {
        throw badRequest(WIZARD_MSG.currencyNotAccepted(channel, currency, countryName(country)), 'currency');
      }
      const row = await connectedRow(caller, shopId, channel);
      const before = unfinishedBefore(channel, row, 'target-market');
      if (before) throw conflict(WIZARD_MSG.finishFirst(before));
      const countryChanged = row.target_market !== null && row.target_market.country !== country;
      const kept = countryChanged
        ? row.integration_steps.filter((s) => s !== 'destination-validation' && s !== 'shipping-validation')
        : row.integration_steps;
      const saved = await record(row, {
        target_market: { country, language, currency },
        ...stepsWith({ ...row, integration_steps: kept }, 'target-market', INTEGRATION_STEPS[channel]),
      });
      return toConnection(saved);
    },

    destinationValidation: async (caller: TCaller, shopId: string): Promise<TDestinationValidation> => {
      const { row } = await channels.withAccount(caller, shopId);
      return destinationsOf(row, await programsOf(row));
    },

    siteVerificationToken: async (
      caller: TCaller,
      shopId: string,
      method: TSiteVerificationMethodKey,
    ): Promise<TSiteVerificationToken> => {
      const { row } = await channels.withAccount(caller, shopId);
      const client = siteVerification(row);
      const home = await homepageOf(row);
      const { token } = await channels.withGoogle(() => client.getToken(home.uri, method));
      return {
        website_url: home.uri,
        method,
        token,
        file_content: method === 'FILE' ? `google-site-verification: ${token}` : null,
        claimed: home.claimed,
      };
    },

    /** Google looks for the token on the website; once verified, Merchant Center claims it. */
    reVerify: async (
      caller: TCaller,
      shopId: string,
      method: TSiteVerificationMethodKey,
    ): Promise<TWebsiteVerification> => {
      const { row, accountId } = await channels.withAccount(caller, shopId);
      const home = await homepageOf(row);
      // Verifying and claiming another site than the shop's own would not let Google show its products.
      const refusal = websiteRefusal(await reachShop(deps.db, caller, shopId), home.uri);
      if (refusal) throw conflict(refusal);
      if (home.claimed) return { website_url: home.uri, method, verified: true, claimed: true };
      const client = siteVerification(row);
      try {
        await client.insert(home.uri, method);
      } catch (err) {
        if (err instanceof GoogleHttpError && err.status === 400)
          throw conflict(WIZARD_MSG.notVerified(home.uri));
        return channels.withGoogle<never>(() => {
          throw err;
        });
      }
      try {
        const claimed = await channels.merchantClient(row).claimHomepage(accountId);
        return {
          website_url: claimed.uri ?? home.uri,
          method,
          verified: true,
          claimed: claimed.claimed === true,
        };
      } catch (err) {
        if (err instanceof GoogleHttpError && err.status >= 400 && err.status < 500) {
          log.info(
            { status: err.status, reason: err.reason },
            'google refused the homepage claim after verification',
          );
          throw conflict(WIZARD_MSG.claimRefused);
        }
        return channels.withGoogle<never>(() => {
          throw err;
        });
      }
    },

    /** Records a step as done: in order, and only once what it checks holds. */
    captureStep: async (
      caller: TCaller,
      shopId: string,
      input: { channel: TChannelKey; step: TIntegrationStep; products_carry_shipping?: boolean | undefined },
    ) => {
      const { channel, step } = input;
      await reachShop(deps.db, caller, shopId);
      const steps: readonly string[] = INTEGRATION_STEPS[channel];
      if (!steps.includes(step)) throw badRequest(WIZARD_MSG.noStep(channel, step), 'step');
      const row = await connectedRow(caller, shopId, channel);
      const before = unfinishedBefore(channel, row, step);
      if (before) throw conflict(WIZARD_MSG.finishFirst(before));
      if (channel === 'google') {
        const refusal = await googleStepRefusal(
          caller,
          shopId,
          row,
          step,
          input.products_carry_shipping === true,
        );
        if (refusal) throw conflict(refusal);
      }
      if (channel === 'bing' && step === 'domain-verification') {
        const { domain, message } = await channels.microsoftVerifyDomain(caller, shopId);
        if (!domain.verified || !domain.matches_shop) throw conflict(message);
      }
      const recorded = stepsWith(row, step, steps);
      const complete = steps.every((s) => recorded.integration_steps.includes(s));
      const saved = await record(row, recorded);
      const connection = toConnection(saved);
      return {
        result: { connection, next_step: nextIntegrationStep(channel, connection) },
        message: complete ? WIZARD_MSG.integrationCompleted : WIZARD_MSG.stepRecorded(step),
      };
    },

    integratedChannelStatus: async (caller: TCaller, shopId: string): Promise<TIntegratedChannelStatus[]> => {
      await reachShop(deps.db, caller, shopId);
      return Promise.all(
        CHANNELS.map(async (channel) =>
          statusOf(channel, await connections.find(caller.org_id, shopId, channel)),
        ),
      );
    },

    /**
     * Google's product taxonomy, searchable and paginated. Only the en-US file ships: another language or
     * country is answered with it, and the answer says which one it is.
     */
    googleTaxonomy: (query: {
      page: number;
      limit: number;
      search?: string | undefined;
    }): TGoogleTaxonomy => {
      const taxonomy = googleTaxonomy();
      taxonomyRows ??= [...taxonomy.byId.values()]
        .map((c) => ({ id: c.id, name: c.name, full_path: c.fullPath, key: c.fullPath.toLowerCase() }))
        .sort((a, b) => a.full_path.localeCompare(b.full_path, 'en'));
      const needle = query.search?.toLowerCase();
      const matching = needle
        ? taxonomyRows.filter((r) => r.key.includes(needle) || String(r.id) === needle)
        : taxonomyRows;
      const start = (query.page - 1) * query.limit;
      return {
        data: matching
          .slice(start, start + query.limit)
          .map(({ id, name, full_path }) => ({ id, name, full_path })),
        total_records: matching.length,
        lang_code: DEFAULT_MARKET.language,
        country_code: DEFAULT_MARKET.country,
        version: taxonomy.version ?? null,
      };
    },
  };
};
export type TChannelWizardService = ReturnType<typeof createChannelWizardService>;
