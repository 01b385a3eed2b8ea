import {
  ALL_INTEGRATION_STEPS,
  CHANNELS,
  SITE_VERIFICATION_METHODS,
  ZIdSchema,
  ZListQuerySchema,
  ZTextSchema,
} from '@feedloom/validation';
import { z } from 'zod';
import { CHANNEL_CONNECTION_STATES, ZChannelConnectionSchema, ZTargetMarketSchema } from './channels';
import { endpoint, needs, ORG } from './endpoint';

// The integration wizard after the account is linked: target market, destination validation,
// domain verification, shipping validation; the steps recorded as done (capture-integration-steps) and each
// channel's progress (integrated-channel-status); the Google product taxonomy.

export const WIZARD_FIELD_MSG = {
  channel: 'Channel must be one of google, bing, facebook',
  country: 'Target country is required.',
  language: 'Content language is required.',
  currency: 'Currency is required.',
  step: `Step must be one of ${ALL_INTEGRATION_STEPS.join(', ')}`,
  method: 'Verification method must be META or FILE',
} as const;

const ZChannelSchema = z.enum(CHANNELS, { error: WIZARD_FIELD_MSG.channel });
const code = (label: string, required: string, max: number) =>
  ZTextSchema({ label, trim: true, min: 1, max, requiredMessage: required });

/** The target market form. */
export const ZSelectTargetMarketSchema = z.object({
  channel: ZChannelSchema.default('google'),
  country: code('Target country', WIZARD_FIELD_MSG.country, 2),
  language: code('Content language', WIZARD_FIELD_MSG.language, 8),
  currency: code('Currency', WIZARD_FIELD_MSG.currency, 3),
});
export type TSelectTargetMarket = z.infer<typeof ZSelectTargetMarketSchema>;

const ZNamedCodeSchema = z.object({ code: z.string(), name: z.string() });
/** What a channel sells to: each country with the content languages and currencies it accepts there. */
export const ZTargetMarketSelectionDataSchema = z.object({
  channel: z.enum(CHANNELS),
  countries: z.array(
    ZNamedCodeSchema.extend({
      flag: z.string(),
      languages: z.array(z.string()),
      currencies: z.array(z.string()),
    }),
  ),
  languages: z.array(ZNamedCodeSchema),
  currencies: z.array(ZNamedCodeSchema),
  /** The market chosen before, or null. */
  selected: ZTargetMarketSchema.nullable(),
  /** What the form starts with when nothing was chosen: en / US with the store's currency if it fits. */
  suggested: ZTargetMarketSchema,
  integration_once_completed: z.boolean(),
});
export type TTargetMarketSelectionData = z.infer<typeof ZTargetMarketSelectionDataSchema>;

/** A Merchant Center program (destination) of the account, and what it still lacks. */
export const ZDestinationSchema = z.object({
  program: z.string(),
  label: z.string(),
  state: z.enum(['ENABLED', 'ELIGIBLE', 'NOT_ELIGIBLE', 'UNKNOWN']),
  active_countries: z.array(z.string()),
  /** Enabled for the target country (`active_countries` may name others it is enabled for). */
  serves_target_country: z.boolean(),
  unmet_requirements: z.array(
    z.object({ title: z.string(), countries: z.array(z.string()), documentation_url: z.string().nullable() }),
  ),
  documentation_url: z.string().nullable(),
});
export const ZDestinationValidationSchema = z.object({
  target_country: z.string().nullable(),
  destinations: z.array(ZDestinationSchema),
  /** At least one destination serves the target country: the step can be completed. */
  ready: z.boolean(),
  /** What is missing, in words (empty when ready). */
  missing: z.array(z.string()),
});
export type TDestinationValidation = z.infer<typeof ZDestinationValidationSchema>;

const ZMethodQuery = z.object({
  method: z.enum(SITE_VERIFICATION_METHODS, { error: WIZARD_FIELD_MSG.method }).default('META'),
});

/** What to place on the website for Google to verify it (the /verification-method choice). */
export const ZSiteVerificationTokenSchema = z.object({
  website_url: z.string(),
  method: z.enum(SITE_VERIFICATION_METHODS),
  /** META: the whole meta tag; FILE: the file name to serve at the site's root. */
  token: z.string(),
  /** FILE: what the file must contain; null for META. */
  file_content: z.string().nullable(),
  claimed: z.boolean(),
});
export type TSiteVerificationToken = z.infer<typeof ZSiteVerificationTokenSchema>;

export const ZWebsiteVerificationSchema = z.object({
  website_url: z.string(),
  method: z.enum(SITE_VERIFICATION_METHODS),
  verified: z.boolean(),
  claimed: z.boolean(),
});
export type TWebsiteVerification = z.infer<typeof ZWebsiteVerificationSchema>;

export const ZCaptureIntegrationStepSchema = z.object({
  channel: ZChannelSchema.default('google'),
  step: z.enum(ALL_INTEGRATION_STEPS, { error: WIZARD_FIELD_MSG.step }),
  /** Shipping validation without account shipping: the merchant confirms every product carries its own. */
  products_carry_shipping: z.boolean().optional(),
});

export const ZCapturedStepSchema = z.object({
  connection: ZChannelConnectionSchema,
  /** The first step not yet done, or null when every step is. */
  next_step: z.enum(ALL_INTEGRATION_STEPS).nullable(),
});

/** One channel of a shop on /sync-shop: connected or not, its account, its steps and where it resumes. */
export const ZIntegratedChannelStatusSchema = z.object({
  channel: z.enum(CHANNELS),
  state: z.enum([...CHANNEL_CONNECTION_STATES, 'none']),
  connected: z.boolean(),
  account_id: z.string().nullable(),
  account_name: z.string().nullable(),
  steps: z.array(z.enum(ALL_INTEGRATION_STEPS)),
  integration_steps: z.array(z.string()),
  next_step: z.enum(ALL_INTEGRATION_STEPS).nullable(),
  integration_once_completed: z.boolean(),
  target_market: ZTargetMarketSchema.nullable(),
  feed_enabled: z.boolean(),
  disconnected_reason: z.string().nullable(),
});
export type TIntegratedChannelStatus = z.infer<typeof ZIntegratedChannelStatusSchema>;

export const ZGoogleTaxonomyQuerySchema = ZListQuerySchema.pick({
  page: true,
  limit: true,
  search: true,
}).extend({
  country_code: ZTextSchema({ label: 'Country code', trim: true, max: 2 }).optional(),
  lang_code: ZTextSchema({ label: 'Language code', trim: true, max: 8 }).optional(),
});
export const ZGoogleTaxonomySchema = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string(), full_path: z.string() })),
  total_records: z.number(),
  /** The taxonomy actually served (the requested one when shipped, else en-US). */
  lang_code: z.string(),
  country_code: z.string(),
  version: z.string().nullable(),
});
export type TGoogleTaxonomy = z.infer<typeof ZGoogleTaxonomySchema>;

const ZShopIdParams = z.object({ id: ZIdSchema('Store id') });
const READ = needs('store_management', 'read');
const MANAGE = needs('store_management', 'manage');

export const channelWizardContract = {
  selectTargetMarket: endpoint({
    method: 'POST',
    path: '/select-target-market/:id',
    access: MANAGE,
    params: ZShopIdParams,
    body: ZSelectTargetMarketSchema,
    response: ZChannelConnectionSchema,
  }),
  targetMarketSelectionData: endpoint({
    method: 'GET',
    path: '/get-target-market-selection-data/:id',
    access: READ,
    params: ZShopIdParams,
    query: z.object({ channel: ZChannelSchema.default('google') }),
    response: ZTargetMarketSelectionDataSchema,
  }),
  destinationValidation: endpoint({
    method: 'GET',
    path: '/destination-validation/shop/:id',
    access: READ,
    params: ZShopIdParams,
    response: ZDestinationValidationSchema,
  }),
  /** The verification token for the account's website (asks Google's Site Verification API for one). */
  getMetaTag: endpoint({
    method: 'GET',
    path: '/get-meta-tag/shop/:id',
    access: MANAGE,
    params: ZShopIdParams,
    query: ZMethodQuery,
    response: ZSiteVerificationTokenSchema,
  }),
  /** Google looks for the token on the website again; verified, Merchant Center claims it. */
  reVerification: endpoint({
    method: 'GET',
    path: '/re-verification/:id',
    access: MANAGE,
    params: ZShopIdParams,
    query: ZMethodQuery,
    response: ZWebsiteVerificationSchema,
  }),
  captureIntegrationSteps: endpoint({
    method: 'POST',
    path: '/capture-integration-steps/:id',
    access: MANAGE,
    params: ZShopIdParams,
    body: ZCaptureIntegrationStepSchema,
    response: ZCapturedStepSchema,
  }),
  integratedChannelStatus: endpoint({
    method: 'GET',
    path: '/integrated-channel-status/:id',
    access: READ,
    params: ZShopIdParams,
    response: z.array(ZIntegratedChannelStatusSchema),
  }),
  googleTaxonomy: endpoint({
    method: 'GET',
    path: '/google-taxonomy',
    access: ORG,
    query: ZGoogleTaxonomyQuerySchema,
    response: ZGoogleTaxonomySchema,
  }),
} as const;
