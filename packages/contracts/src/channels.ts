import { CHANNELS, isAbsoluteUrl, TEXT_LIMITS, ZIdSchema, ZTextSchema } from '@feedloom/validation';
import { z } from 'zod';
import { ZAuthUrlSchema, ZSocialCallbackQuerySchema } from './account';
import { endpoint, needs } from './endpoint';

// Channel connections:
// a shop linked to a channel account through OAuth. The tokens stay in the api; none of these answers
// carries one.

/** authorized: the channel granted access, no account chosen yet; connected: an account is chosen. */
export const CHANNEL_CONNECTION_STATES = ['authorized', 'connected', 'disconnected'] as const;
export type TChannelConnectionState = (typeof CHANNEL_CONNECTION_STATES)[number];

/** Google's wizard steps live with the other channels' in `@feedloom/validation` (integration.ts). */
export { GOOGLE_INTEGRATION_STEPS } from '@feedloom/validation';

export const ZTargetMarketSchema = z.object({ country: z.string(), language: z.string(), currency: z.string() });
export type TTargetMarket = z.infer<typeof ZTargetMarketSchema>;

/** The integration record of a shop × channel, with the connection's state. */
export const ZChannelConnectionSchema = z.object({
  shop_id: z.string(),
  channel: z.enum(CHANNELS),
  state: z.enum(CHANNEL_CONNECTION_STATES),
  account_id: z.string().nullable(),
  account_name: z.string().nullable(),
  scopes: z.array(z.string()),
  integration_steps: z.array(z.string()),
  integration_once_completed: z.boolean(),
  target_market: ZTargetMarketSchema.nullable(),
  /** Why the channel ended the connection (its authorisation was refused); null otherwise. */
  disconnected_reason: z.string().nullable(),
  connected_at: z.string().nullable(),
  updated_at: z.string(),
});
export type TChannelConnection = z.infer<typeof ZChannelConnectionSchema>;

/** A Merchant Center account the connected Google user can reach. */
export const ZMerchantAccountSchema = z.object({
  account_id: z.string(),
  account_name: z.string(),
  time_zone: z.string().nullable(),
  language_code: z.string().nullable(),
});
export type TMerchantAccount = z.infer<typeof ZMerchantAccountSchema>;

/** The website Merchant Center knows for the account, and whether it is claimed (domain verification step). */
export const ZWebsiteClaimSchema = z.object({
  website_url: z.string().nullable(),
  claimed: z.boolean(),
  /** The shop's own website, and whether the account's website is on it (the step holds only then). */
  shop_url: z.string(),
  matches_shop: z.boolean(),
});
export type TWebsiteClaim = z.infer<typeof ZWebsiteClaimSchema>;

export const ZOverrideWebsiteUrlSchema = z.object({
  website_url: ZTextSchema({ label: 'Website URL', trim: true, min: 1, max: TEXT_LIMITS.url }).refine(
    isAbsoluteUrl,
    'Enter a valid website URL, for example https://www.example.com',
  ),
});

/** The account's shipping settings as the shipping validation step reads them. */
export const ZShippingSettingsSchema = z.object({
  has_shipping: z.boolean(),
  /** The target market's country, and whether an active service delivers there (shipping validation step). */
  target_country: z.string().nullable(),
  covers_target_country: z.boolean(),
  services: z.array(
    z.object({ service_name: z.string(), active: z.boolean(), countries: z.array(z.string()), currency: z.string().nullable() }),
  ),
});
export type TShippingSettings = z.infer<typeof ZShippingSettingsSchema>;

/** The OAuth callback's query (code and state), the same for every provider. */
export const ZOAuthCallbackQuerySchema = ZSocialCallbackQuerySchema;

const ZShopIdParams = z.object({ id: ZIdSchema('Store id') });
export const ZMerchantIdSchema = ZIdSchema('Merchant account id').refine((v) => /^\d{1,20}$/.test(v), {
  message: 'Merchant account id must be a number',
});
const READ = needs('store_management', 'read');
const MANAGE = needs('store_management', 'manage');

export const channelsContract = {
  /** Google's consent URL for a shop (content scope, offline access); the browser goes there. */
  googleAuth: endpoint({
    method: 'GET',
    path: '/google-auth',
    access: MANAGE,
    query: z.object({ shop_id: ZIdSchema('Store id') }),
    response: ZAuthUrlSchema,
  }),
  /** Google sent the browser back (/google-callback on the app's origin): the code becomes stored tokens. */
  googleCallback: endpoint({
    method: 'GET',
    path: '/google-callback',
    access: MANAGE,
    query: ZOAuthCallbackQuerySchema,
    response: ZChannelConnectionSchema,
  }),
  merchantAccountList: endpoint({
    method: 'GET',
    path: '/merchant-account-list/shop/:id',
    access: MANAGE,
    params: ZShopIdParams,
    response: z.array(ZMerchantAccountSchema),
  }),
  /** Selects the Merchant Center account for the shop (it must be one the Google user can reach). */
  merchantAccountInfo: endpoint({
    method: 'GET',
    path: '/merchant-account-info/shop/:id/merchant/:merchant_id',
    access: MANAGE,
    params: ZShopIdParams.extend({ merchant_id: ZMerchantIdSchema }),
    response: z.object({ account: ZMerchantAccountSchema, connection: ZChannelConnectionSchema }),
  }),
  /** The shop's Google connection, or null when Google was never connected. */
  getIntegratedMerchantAccount: endpoint({
    method: 'GET',
    path: '/get-integrated-merchant-account/shop/:id',
    access: READ,
    params: ZShopIdParams,
    response: ZChannelConnectionSchema.nullable(),
  }),
  getWebsiteClaimedStatus: endpoint({
    method: 'GET',
    path: '/get-website-claimed-status/shop/:id',
    access: READ,
    params: ZShopIdParams,
    response: ZWebsiteClaimSchema,
  }),
  /** Sets the account's website (Merchant Center homepage) and claims it again. */
  overrideWebsiteUrl: endpoint({
    method: 'POST',
    path: '/override-website-url/shop/:id',
    access: MANAGE,
    params: ZShopIdParams,
    body: ZOverrideWebsiteUrlSchema,
    response: ZWebsiteClaimSchema,
  }),
  shippingSettings: endpoint({
    method: 'GET',
    path: '/shipping-settings/shop/:id',
    access: READ,
    params: ZShopIdParams,
    response: ZShippingSettingsSchema,
  }),
  /** Forgets the channel's tokens; the record (steps, target market) stays for a later reconnection. */
  disconnect: endpoint({
    method: 'POST',
    path: '/disconnect-account/:id',
    access: MANAGE,
    params: ZShopIdParams,
    query: z.object({ channel: z.enum(CHANNELS, { error: 'Channel must be one of google, bing, facebook' }) }),
    response: ZChannelConnectionSchema,
  }),
} as const;
