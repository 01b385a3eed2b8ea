import { FEED_SCHEDULES, FEED_SCHEDULE_LABELS, TEXT_LIMITS, ZIdSchema, ZTextSchema } from '@feedloom/validation';
import { z } from 'zod';
import { ZAuthUrlSchema } from './account';
import { ZChannelConnectionSchema, ZOAuthCallbackQuerySchema, ZTargetMarketSchema } from './channels';
import { endpoint, needs } from './endpoint';

// Microsoft Merchant Center (bing) and Meta catalogs (facebook): spec §2 wizard steps, §3 catalogue link,
// §7 Microsoft and Facebook endpoints. Same connection record as Google's; the tokens stay in the api.

/** Bing's wizard in order (spec §2): link account, domain verification, target market, feed config. */
export const BING_INTEGRATION_STEPS = ['link-account', 'domain-verification', 'target-market', 'feed-config'] as const;
/** Facebook's wizard in order (spec §2). */
export const FACEBOOK_INTEGRATION_STEPS = ['link-account', 'feed-config'] as const;

/** Microsoft Content API target countries and content languages (reference §4). */
export const MICROSOFT_TARGET_COUNTRIES = ['AU', 'CA', 'DE', 'FR', 'GB', 'IN', 'US'] as const;
export const MICROSOFT_CONTENT_LANGUAGES = ['nl', 'en', 'fr', 'de', 'it', 'es', 'sv'] as const;

export const CATALOG_CHANNEL_MSG = {
  /** Spec §5 (stores and integrations). */
  businessAndCatalogRequired: 'Business account and catalog required',
  targetMarketRequired: 'Target country, content language and currency required.',
  storeRequired: 'Choose your Microsoft Merchant Center store.',
  adsAccountRequired: 'Choose your Microsoft Advertising account.',
} as const;

/** A Microsoft Advertising account the connected user can reach (and its customer). */
export const ZMicrosoftAdsAccountSchema = z.object({
  account_id: z.string(),
  account_name: z.string(),
  account_number: z.string().nullable(),
  customer_id: z.string(),
  currency: z.string().nullable(),
});
export type TMicrosoftAdsAccount = z.infer<typeof ZMicrosoftAdsAccountSchema>;

/** A Microsoft Merchant Center store of a customer. */
export const ZMicrosoftStoreSchema = z.object({
  store_id: z.string(),
  store_name: z.string(),
  store_url: z.string().nullable(),
  is_active: z.boolean(),
  domain_verified: z.boolean(),
});
export type TMicrosoftStore = z.infer<typeof ZMicrosoftStoreSchema>;

export const ZMicrosoftDomainSchema = z.object({ store_url: z.string().nullable(), verified: z.boolean() });
export type TMicrosoftDomain = z.infer<typeof ZMicrosoftDomainSchema>;

/** A Meta business account the connected person manages. */
export const ZMetaBusinessSchema = z.object({ business_id: z.string(), name: z.string() });
export type TMetaBusiness = z.infer<typeof ZMetaBusinessSchema>;

export const ZMetaCatalogSchema = z.object({ catalog_id: z.string(), name: z.string(), product_count: z.number().nullable() });
export type TMetaCatalog = z.infer<typeof ZMetaCatalogSchema>;

/** Channel ids are numbers in both Microsoft Advertising and the Graph API. */
const ZChannelNumberIdSchema = (label: string) =>
  ZIdSchema(label).refine((v) => /^\d{1,20}$/.test(v), { message: `${label} must be a number` });

export const ZSelectMicrosoftStoreSchema = z.object({
  customer_id: ZChannelNumberIdSchema('Customer id'),
  account_id: ZChannelNumberIdSchema('Advertising account id'),
  store_id: ZChannelNumberIdSchema('Store id'),
});

/** Spec §3 catalogue link: business_id, catalog_id (both required, one message). */
const ZCatalogLinkIdSchema = (label: string) =>
  ZTextSchema({ label, min: 1, max: TEXT_LIMITS.id, requiredMessage: CATALOG_CHANNEL_MSG.businessAndCatalogRequired }).refine(
    (v) => /^\d{1,20}$/.test(v),
    { message: `${label} must be a number` },
  );
export const ZCaptureCatalogSchema = z.object({
  business_id: ZCatalogLinkIdSchema('Business account id'),
  catalog_id: ZCatalogLinkIdSchema('Catalog id'),
});

const ZFeedScheduleSchema = z.enum(FEED_SCHEDULES, {
  error: `Feed schedule must be one of ${Object.values(FEED_SCHEDULE_LABELS).join(', ')}`,
});

/** Microsoft's target market: a Content API country, language and the store's currency. */
export const ZMicrosoftTargetMarketSchema = z.object({
  country: z.enum(MICROSOFT_TARGET_COUNTRIES, { error: CATALOG_CHANNEL_MSG.targetMarketRequired }),
  language: z.enum(MICROSOFT_CONTENT_LANGUAGES, { error: CATALOG_CHANNEL_MSG.targetMarketRequired }),
  currency: z
    .string({ error: CATALOG_CHANNEL_MSG.targetMarketRequired })
    .regex(/^[A-Z]{3}$/, CATALOG_CHANNEL_MSG.targetMarketRequired),
});

/**
 * A channel's feed settings (spec §4): the schedule, whether submissions are on, and (Microsoft) the target
 * market the products are sent for. Saving the schedule records the wizard's feed-config step; saving the
 * target market alone records target-market.
 */
export const ZChannelFeedSettingSchema = z.object({
  feed_schedule: z.enum(FEED_SCHEDULES),
  feed_enabled: z.boolean(),
  target_market: ZTargetMarketSchema.nullable(),
  connection: ZChannelConnectionSchema,
});
export type TChannelFeedSetting = z.infer<typeof ZChannelFeedSettingSchema>;

export const ZMicrosoftFeedSettingInputSchema = z
  .strictObject({
    feed_schedule: ZFeedScheduleSchema.optional(),
    feed_enabled: z.boolean().optional(),
    target_market: ZMicrosoftTargetMarketSchema.optional(),
  })
  .refine((v) => v.feed_schedule !== undefined || v.target_market !== undefined || v.feed_enabled !== undefined, {
    message: 'Choose a feed schedule or a target market.',
  });

export const ZFacebookFeedSettingInputSchema = z.strictObject({
  feed_schedule: ZFeedScheduleSchema,
  feed_enabled: z.boolean().optional(),
});

const ZShopIdParams = z.object({ id: ZIdSchema('Store id') });
const READ = needs('store_management', 'read');
const MANAGE = needs('store_management', 'manage');

export const catalogChannelsContract = {
  /* ------------------------------------------------------------ Microsoft */
  /** Microsoft's consent URL (msads.manage + offline_access, PKCE); the browser goes there. */
  microsoftAuth: endpoint({
    method: 'GET',
    path: '/microsoft-auth/shop/:id',
    access: MANAGE,
    params: ZShopIdParams,
    response: ZAuthUrlSchema,
  }),
  /** Microsoft sent the browser back (/microsoft-callback on the app's origin): the code becomes stored tokens. */
  microsoftAuthCallback: endpoint({
    method: 'GET',
    path: '/microsoft-auth-callback',
    access: MANAGE,
    query: ZOAuthCallbackQuerySchema,
    response: ZChannelConnectionSchema,
  }),
  microsoftAdsAccounts: endpoint({
    method: 'GET',
    path: '/microsoft-get-ads-accounts/shop/:id',
    access: MANAGE,
    params: ZShopIdParams,
    response: z.array(ZMicrosoftAdsAccountSchema),
  }),
  microsoftMerchantCenters: endpoint({
    method: 'GET',
    path: '/microsoft-get-merchant-center/shop/:id',
    access: MANAGE,
    params: ZShopIdParams,
    query: z.object({
      account_id: ZChannelNumberIdSchema('Advertising account id'),
      customer_id: ZChannelNumberIdSchema('Customer id'),
    }),
    response: z.array(ZMicrosoftStoreSchema),
  }),
  microsoftSelectMerchantCenter: endpoint({
    method: 'POST',
    path: '/microsoft-select-merchant-center/shop/:id',
    access: MANAGE,
    params: ZShopIdParams,
    body: ZSelectMicrosoftStoreSchema,
    response: ZChannelConnectionSchema,
  }),
  /** Whether Microsoft verified the chosen store's domain; a verified one records the step. */
  microsoftVerifyStoreDomain: endpoint({
    method: 'GET',
    path: '/microsoft-verify-store-domain/:id',
    access: MANAGE,
    params: ZShopIdParams,
    response: ZMicrosoftDomainSchema,
  }),
  /** The shop's Microsoft record, or null when Microsoft was never connected. */
  microsoftIntegratedAccount: endpoint({
    method: 'GET',
    path: '/microsoft-get-integrated-account/shop/:id',
    access: READ,
    params: ZShopIdParams,
    response: ZChannelConnectionSchema.nullable(),
  }),
  microsoftFeedSetting: endpoint({
    method: 'GET',
    path: '/microsoft-feed-setting/:id',
    access: READ,
    params: ZShopIdParams,
    response: ZChannelFeedSettingSchema,
  }),
  saveMicrosoftFeedSetting: endpoint({
    method: 'POST',
    path: '/microsoft-feed-setting/:id',
    access: MANAGE,
    params: ZShopIdParams,
    body: ZMicrosoftFeedSettingInputSchema,
    response: ZChannelFeedSettingSchema,
  }),

  /* ------------------------------------------------------------ Facebook */
  facebookAuth: endpoint({
    method: 'GET',
    path: '/facebook-auth/:id',
    access: MANAGE,
    params: ZShopIdParams,
    response: ZAuthUrlSchema,
  }),
  facebookCallback: endpoint({
    method: 'GET',
    path: '/facebook-callback',
    access: MANAGE,
    query: ZOAuthCallbackQuerySchema,
    response: ZChannelConnectionSchema,
  }),
  getBusinessAccount: endpoint({
    method: 'GET',
    path: '/get-business-account/:id',
    access: MANAGE,
    params: ZShopIdParams,
    response: z.array(ZMetaBusinessSchema),
  }),
  /** The catalogs a business owns: `a` is the shop, `b` the business account. */
  getOwnedProductCatalogs: endpoint({
    method: 'GET',
    path: '/get-owned-product-catalogs/:id/:business_id',
    access: MANAGE,
    params: ZShopIdParams.extend({ business_id: ZChannelNumberIdSchema('Business account id') }),
    response: z.array(ZMetaCatalogSchema),
  }),
  captureCatalog: endpoint({
    method: 'POST',
    path: '/capture-catalog/:id',
    access: MANAGE,
    params: ZShopIdParams,
    body: ZCaptureCatalogSchema,
    response: ZChannelConnectionSchema,
  }),
  facebookFeedSetting: endpoint({
    method: 'GET',
    path: '/facebook-feed-setting/:id',
    access: READ,
    params: ZShopIdParams,
    response: ZChannelFeedSettingSchema,
  }),
  saveFacebookFeedSetting: endpoint({
    method: 'POST',
    path: '/facebook-feed-setting/:id',
    access: MANAGE,
    params: ZShopIdParams,
    body: ZFacebookFeedSettingInputSchema,
    response: ZChannelFeedSettingSchema,
  }),
} as const;
