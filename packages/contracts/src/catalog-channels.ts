import { FEED_SCHEDULES, FEED_SCHEDULE_LABELS, TEXT_LIMITS, ZIdSchema, ZTextSchema } from '@feedloom/validation';
import { z } from 'zod';
import { ZAuthUrlSchema } from './account';
import { ZChannelConnectionSchema, ZOAuthCallbackQuerySchema, ZTargetMarketSchema } from './channels';
import { endpoint, needs } from './endpoint';

// Microsoft Merchant Center (bing) and Meta catalogs (facebook): wizard steps catalogue link,
// the api Microsoft and Facebook endpoints. Same connection record as Google's; the tokens stay in the api.

export const CATALOG_CHANNEL_MSG = {
  /** Spec the validation rules (stores and integrations). */
  businessAndCatalogRequired: 'Business account and catalog required',
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
  /** The store's website is the shop's own (same host, with or without www.). */
  matches_shop: z.boolean(),
});
export type TMicrosoftStore = z.infer<typeof ZMicrosoftStoreSchema>;

export const ZMicrosoftDomainSchema = z.object({
  store_url: z.string().nullable(),
  verified: z.boolean(),
  /** The shop's own website, and whether the chosen store is on it (the step holds only then). */
  shop_url: z.string(),
  matches_shop: z.boolean(),
});
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

/** Catalogue link: business_id, catalog_id (both required, one message). */
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

/**
 * A channel's feed settings: the schedule, whether submissions are on, and (Microsoft) the target
 * market the products are sent for (chosen through select-target-market). Saving the schedule records the
 * wizard's feed-config step.
 */
export const ZChannelFeedSettingSchema = z.object({
  feed_schedule: z.enum(FEED_SCHEDULES),
  feed_enabled: z.boolean(),
  target_market: ZTargetMarketSchema.nullable(),
  connection: ZChannelConnectionSchema,
});
export type TChannelFeedSetting = z.infer<typeof ZChannelFeedSettingSchema>;

/** Microsoft's and Meta's feed settings form: the schedule (the wizard's last step) and/or the submissions switch. */
export const ZCatalogFeedSettingInputSchema = z
  .strictObject({
    feed_schedule: ZFeedScheduleSchema.optional(),
    feed_enabled: z.boolean().optional(),
  })
  .refine((v) => v.feed_schedule !== undefined || v.feed_enabled !== undefined, {
    message: 'Choose a feed schedule or turn submissions on or off.',
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
    body: ZCatalogFeedSettingInputSchema,
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
    body: ZCatalogFeedSettingInputSchema,
    response: ZChannelFeedSettingSchema,
  }),
} as const;
