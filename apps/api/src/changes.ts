// Which endpoints change something, and how each change is written to the activity log (see
// modules/audit/recorder.ts). Every endpoint of the contract that changes the organisation's data is here:
// `changes.test.ts` fails for one that is not. A read endpoint is not listed.
import { contract, type TEndpoint } from '@feedloom/contracts';
import type { TChangeEntry, TChangeInput } from './modules/audit/recorder';

const SERVICE = { recordedBy: 'service' } as const;
const NOT_ORGANISATION = {
  exempt: "the caller's own account or session, not the organisation's data",
} as const;

const get = (o: unknown, key: string): unknown =>
  o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined;
const txt = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const channelOf = (i: TChangeInput): string =>
  txt(get(i.query, 'channel') ?? get(i.body, 'channel')) || 'google';
const CHANNEL_NAMES: Record<string, string> = {
  google: 'Google',
  bing: 'Microsoft',
  microsoft: 'Microsoft',
  facebook: 'Meta',
  meta: 'Meta',
};
const channelName = (key: string) => CHANNEL_NAMES[key] ?? key;
const shopParam = (i: TChangeInput) => txt(get(i.params, 'id'));
const dataSourceName = (_: TChangeInput, r: unknown) =>
  txt(get(r, 'data_source_name') ?? get(get(r, 'data_source'), 'data_source_name')) || 'Data source';

const feedSnapshot = {
  endpoint: contract.feeds.shopFeedConfig,
  params: (i: TChangeInput) => ({ id: shopParam(i) }),
};

const c = contract;
export const CHANGE_DECLARATIONS: ReadonlyMap<TEndpoint, TChangeEntry> = new Map<TEndpoint, TChangeEntry>([
  // The caller's own account and session: not an organisation's change.
  [c.account.forgotPassword, NOT_ORGANISATION],
  [c.account.resetPassword, NOT_ORGANISATION],
  [c.account.changePassword, NOT_ORGANISATION],
  [c.account.setPassword, NOT_ORGANISATION],
  [c.account.verifySocialSignup, NOT_ORGANISATION],
  [c.account.resendSocialSignupOtp, NOT_ORGANISATION],
  [c.account.disconnectSocial, NOT_ORGANISATION],
  [c.account.issueSupportLogin, NOT_ORGANISATION],
  [c.account.connectSocial, NOT_ORGANISATION],
  [c.account.connectSocialCallback, NOT_ORGANISATION],
  [c.profile.update, NOT_ORGANISATION],
  [c.auth.signup, NOT_ORGANISATION],
  [c.auth.verifyAccount, NOT_ORGANISATION],
  [c.auth.resendOtp, NOT_ORGANISATION],
  [c.auth.createPassword, NOT_ORGANISATION],
  [c.auth.login, NOT_ORGANISATION],
  [c.auth.refresh, NOT_ORGANISATION],
  [c.auth.logout, NOT_ORGANISATION],
  [c.organizations.switchOrganization, NOT_ORGANISATION],
  [c.shops.switchShop, NOT_ORGANISATION],
  [c.notifications.markRead, { exempt: "the caller's own read marks" }],
  [c.notifications.dismiss, { exempt: "the caller's own dismissals" }],
  [
    c.notifications.publishAnnouncement,
    { exempt: 'an announcement of Feedloom to every organisation, by its staff' },
  ],
  [c.dataSources.exportCsv, { exempt: 'a download: reads, changes nothing' }],
  [c.feeds.googleFetchErrors, { exempt: 'mails a report: reads, changes nothing' }],
  [c.channels.googleAuth, { exempt: 'builds a consent address: changes nothing until the callback' }],
  [c.channels.microsoftAuth, { exempt: 'builds a consent address: changes nothing until the callback' }],
  [c.channels.facebookAuth, { exempt: 'builds a consent address: changes nothing until the callback' }],
  [c.productsBulk.createDraft, { exempt: "a person's draft changes no product; its apply is recorded" }],
  [c.productsBulk.updateDraft, { exempt: "a person's draft changes no product; its apply is recorded" }],
  [c.productsBulk.deleteDraft, { exempt: "a person's draft changes no product; its apply is recorded" }],
  [c.productsBulk.discardDrafts, { exempt: "a person's drafts change no product; an apply is recorded" }],

  // Recorded by their services, in the transaction of the change.
  [c.organizations.create, SERVICE],
  [c.organizations.update, SERVICE],
  [c.shops.create, SERVICE],
  [c.shops.update, SERVICE],
  [c.shops.delete, SERVICE],
  [c.shops.reactivate, SERVICE],
  [c.invitations.accept, SERVICE],
  [c.invitations.createStaffUser, SERVICE],
  [c.staff.invite, SERVICE],
  [c.staff.update, SERVICE],
  [c.staff.delete, SERVICE],
  [c.staff.resendInvitation, SERVICE],
  [c.roles.create, SERVICE],
  [c.roles.update, SERVICE],
  [c.roles.delete, SERVICE],

  // Products and bulk runs.
  [
    c.products.update,
    {
      entity: 'product',
      action: (i) => {
        const data = get(i.body, 'data');
        return get(data, 'reset') || get(data, 'reset_to_source') ? 'reset' : 'updated';
      },
      summary: (i, r) =>
        txt(get(get(get(r, 'fields'), 'title'), 'value')) ||
        `Product ${txt(get(r, 'offer_id')) || txt(get(i.body, 'product_id'))}`,
      entityId: (i) => txt(get(i.body, 'product_id')),
      snapshot: {
        endpoint: c.products.get,
        params: (i) => ({ shop_id: txt(get(i.body, 'shop_id')), id: txt(get(i.body, 'product_id')) }),
      },
    },
  ],
  [
    c.productsBulk.applyDraft,
    {
      entity: 'bulk_run',
      action: 'applied',
      summary: (_, r) => txt(get(r, 'draft_name')) || 'Bulk customisation',
      after: (_, r) => ({
        products: txt(get(r, 'total')),
        fields: txt((get(r, 'rules') as unknown[] | undefined)?.length),
      }),
    },
  ],
  [
    c.productsBulk.variantUpdate,
    {
      entity: 'product',
      action: 'updated',
      summary: (i) => `Variants of product ${txt(get(i.body, 'product_id'))}`,
      entityId: (i) => txt(get(i.body, 'product_id')),
      after: (i) => ({
        variants: txt((get(i.body, 'variant_ids') as unknown[] | undefined)?.length) || null,
      }),
    },
  ],
  [
    c.dataSources.importUpdateCsv,
    {
      entity: 'product',
      action: 'updated',
      summary: () => 'Products from a customisation CSV',
      entityId: () => 'customisation-csv',
      after: (_, r) => ({
        rows_read: txt(get(r, 'rows_read')),
        rows_updated: txt(get(r, 'rows_updated')),
        rows_rejected: txt(get(r, 'rows_rejected')),
      }),
    },
  ],

  // Data sources, their runs and the mass-removal guard's decisions.
  [
    c.dataSources.importCsv,
    {
      entity: 'data_source',
      action: 'run',
      summary: dataSourceName,
      entityId: (_, r) => txt(get(get(r, 'data_source'), 'id')),
      after: (_, r) => ({ file: txt(get(get(r, 'run'), 'file_name')) || null }),
    },
  ],
  [
    c.dataSources.create,
    {
      entity: 'data_source',
      action: 'created',
      summary: dataSourceName,
      entityId: (_, r) => txt(get(get(r, 'data_source'), 'id') ?? get(r, 'id')),
      after: (i) => ({
        url: txt(get(i.body, 'url')) || null,
        frequency: txt(get(i.body, 'frequency')) || null,
      }),
    },
  ],
  [
    c.dataSources.update,
    {
      entity: 'data_source',
      action: 'updated',
      summary: dataSourceName,
      snapshot: {
        endpoint: c.dataSources.get,
        params: (i) => ({ shop_id: txt(get(i.body, 'shop_id')), id: txt(get(i.params, 'id')) }),
      },
    },
  ],
  [
    c.dataSources.settings,
    {
      entity: 'data_source',
      action: 'updated',
      summary: dataSourceName,
      snapshot: {
        endpoint: c.dataSources.get,
        params: (i) => ({ shop_id: txt(get(i.params, 'shop_id')), id: txt(get(i.params, 'id')) }),
      },
    },
  ],
  [
    c.dataSources.saveMapping,
    {
      entity: 'data_source',
      action: 'updated',
      summary: () => 'Column mapping',
      snapshot: {
        endpoint: c.dataSources.mapping,
        params: (i) => ({ shop_id: txt(get(i.params, 'shop_id')), id: txt(get(i.params, 'id')) }),
      },
    },
  ],
  [c.dataSources.delete, { entity: 'data_source', action: 'deleted', summary: () => 'Data source' }],
  [c.dataSources.syncNow, { entity: 'data_source', action: 'run', summary: dataSourceName }],
  [
    c.dataSources.confirm,
    {
      entity: 'import_run',
      action: 'confirmed',
      summary: () => 'Removal of the products the import no longer lists',
    },
  ],
  [
    c.dataSources.discard,
    {
      entity: 'import_run',
      action: 'discarded',
      summary: () => 'Removal of the products the import no longer lists',
    },
  ],

  // Channels: connection, account choice, set-up, and their feeds.
  [
    c.channels.googleCallback,
    {
      entity: 'channel',
      action: 'connected',
      summary: () => 'Google',
      shopId: (_, r) => txt(get(r, 'shop_id')) || undefined,
    },
  ],
  [
    c.channels.microsoftAuthCallback,
    {
      entity: 'channel',
      action: 'connected',
      summary: () => 'Microsoft',
      shopId: (_, r) => txt(get(r, 'shop_id')) || undefined,
    },
  ],
  [
    c.channels.facebookCallback,
    {
      entity: 'channel',
      action: 'connected',
      summary: () => 'Meta',
      shopId: (_, r) => txt(get(r, 'shop_id')) || undefined,
    },
  ],
  [
    c.channels.merchantAccountInfo,
    {
      entity: 'channel',
      action: 'updated',
      summary: () => 'Google account',
      after: (i) => ({ account: txt(get(i.params, 'merchant_id')) }),
    },
  ],
  [
    c.channels.microsoftSelectMerchantCenter,
    { entity: 'channel', action: 'updated', summary: () => 'Microsoft store', after: (i) => flatBody(i) },
  ],
  [
    c.channels.captureCatalog,
    { entity: 'channel', action: 'updated', summary: () => 'Meta catalog', after: (i) => flatBody(i) },
  ],
  [
    c.channels.overrideWebsiteUrl,
    {
      entity: 'channel',
      action: 'updated',
      summary: () => 'Google website address',
      after: (i) => ({ website_url: txt(get(i.body, 'website_url')) }),
    },
  ],
  [
    c.channels.disconnect,
    { entity: 'channel', action: 'disconnected', summary: (i) => channelName(channelOf(i)) },
  ],
  [
    c.channelWizard.selectTargetMarket,
    {
      entity: 'channel',
      action: 'updated',
      summary: (i) => `${channelName(channelOf(i))} target market`,
      after: (i) => flatBody(i),
    },
  ],
  [
    c.channelWizard.captureIntegrationSteps,
    {
      entity: 'channel',
      action: 'updated',
      summary: (i) => `${channelName(channelOf(i))} set-up step`,
      after: (i) => flatBody(i),
    },
  ],
  [
    c.channelWizard.reVerification,
    { entity: 'channel', action: 'updated', summary: () => 'Google website verification' },
  ],
  [
    c.channels.saveMicrosoftFeedSetting,
    {
      entity: 'feed',
      action: 'updated',
      summary: () => 'Microsoft feed settings',
      snapshot: { endpoint: c.channels.microsoftFeedSetting, params: (i) => ({ id: shopParam(i) }) },
    },
  ],
  [
    c.channels.saveFacebookFeedSetting,
    {
      entity: 'feed',
      action: 'updated',
      summary: () => 'Meta feed settings',
      snapshot: { endpoint: c.channels.facebookFeedSetting, params: (i) => ({ id: shopParam(i) }) },
    },
  ],
  [
    c.feeds.saveShopFeedConfig,
    {
      entity: 'feed',
      action: 'updated',
      summary: (i) => `${channelName(channelOf(i))} feed schedule`,
      snapshot: feedSnapshot,
    },
  ],
  [
    c.feeds.saveGoogleFeedSettings,
    { entity: 'feed', action: 'updated', summary: () => 'Google feed settings', snapshot: feedSnapshot },
  ],
  [
    c.feeds.feedStatus,
    {
      entity: 'feed',
      action: 'updated',
      summary: (i) => `${channelName(channelOf(i))} submissions`,
      after: (i) => ({ submissions: get(i.body, 'feed_status') ? 'on' : 'off' }),
    },
  ],
  [c.feeds.syncNow, { entity: 'feed', action: 'run', summary: (i) => `${channelName(channelOf(i))} sync` }],
  [
    c.feeds.syncGate,
    {
      entity: 'feed',
      action: (i) => (get(i.body, 'decision') === 'confirm' ? 'confirmed' : 'discarded'),
      summary: (i) => `${channelName(channelOf(i))} sync held by the publish gate`,
      entityId: (i) => txt(get(i.body, 'run_id')),
    },
  ],
  [
    c.feeds.rotateFeedUrl,
    { entity: 'feed', action: 'rotated', summary: (i) => `${channelName(channelOf(i))} feed URL` },
  ],
]);

/** The request's body as values (ids and secrets left out), for set-up choices whose answer says little. */
function flatBody(i: TChangeInput): Record<string, string | null> | null {
  const body = i.body;
  if (body === null || typeof body !== 'object') return null;
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(body)) {
    if (/token|secret|password/i.test(k)) continue;
    out[k] =
      v === null || v === undefined
        ? null
        : typeof v === 'object'
          ? JSON.stringify(v).slice(0, 300)
          : String(v).slice(0, 300);
  }
  return Object.keys(out).length ? out : null;
}
