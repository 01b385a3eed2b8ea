import { CHANNELS, FEED_SCHEDULES, ZEmailSchema, ZIdSchema, ZListQuerySchema, ZTextSchema } from '@feedloom/validation';
import { z } from 'zod';
import { BINARY_RESPONSE, endpoint, needs, PUBLIC } from './endpoint';

// Feeds and the channel sync engine: how often a shop × channel is synced, whether submissions are
// on, its secret feed URL, the sync runs and the publish gate's confirmation.

export const SYNC_RUN_STATUSES = ['running', 'succeeded', 'failed', 'paused_by_gate', 'discarded'] as const;
export const SYNC_TRIGGERS = ['schedule', 'change', 'manual', 'confirmed'] as const;
export const SYNC_GATE_DECISIONS = ['confirm', 'discard'] as const;

const CHANNEL_ERROR = { error: 'Channel must be one of google, bing, facebook' };
const ZChannel = z.enum(CHANNELS, CHANNEL_ERROR);

export const ZSyncRunSchema = z.object({
  id: z.string(),
  channel: z.enum(CHANNELS),
  trigger: z.enum(SYNC_TRIGGERS),
  status: z.enum(SYNC_RUN_STATUSES),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  considered: z.number().int(),
  sent: z.number().int(),
  deleted: z.number().int(),
  held: z.number().int(),
  refused: z.number().int(),
  api_calls: z.number().int(),
  /** What the publish gate saw when it paused the run. */
  gate: z
    .object({ live: z.number(), newly_held: z.number(), to_delete: z.number(), share: z.number(), limit: z.number() })
    .nullable(),
  /** Why it failed or paused, in the merchant's words. */
  message: z.string().nullable(),
});
export type TSyncRun = z.infer<typeof ZSyncRunSchema>;

/** A shop × channel's feed settings and sync state (the feed config screen). */
export const ZFeedConfigSchema = z.object({
  shop_id: z.string(),
  channel: z.enum(CHANNELS),
  feed_schedule: z.enum(FEED_SCHEDULES),
  /** Submissions on (feed-status); off: nothing is sent. */
  feed_enabled: z.boolean(),
  feed_settings: z.record(z.string(), z.unknown()),
  /** The secret feed file URL (Google XML; `.tsv` for tab-separated) for the channel's scheduled fetch. */
  feed_url: z.string(),
  last_synced_at: z.string().nullable(),
  last_status_pulled_at: z.string().nullable(),
  /** Items the channel holds from this store (sent and accepted, not deleted since). */
  live_items: z.number().int(),
  /** A sync waiting for the merchant's confirmation (publish gate), if any. */
  paused_run: ZSyncRunSchema.nullable(),
  last_run: ZSyncRunSchema.nullable(),
});
export type TFeedConfig = z.infer<typeof ZFeedConfigSchema>;

const ZShopIdParams = z.object({ id: ZIdSchema('Store id') });
const ZChannelQuery = z.object({ channel: ZChannel });
/** A page of a channel's sync page lists (page sizes as every list's). */
export const ZChannelPageQuerySchema = ZListQuerySchema.pick({ page: true, limit: true }).extend({ channel: ZChannel });

/** A page of a channel's sync history, newest first, with the sync running now (if any). */
export const ZSyncHistorySchema = z.object({
  data: z.array(ZSyncRunSchema),
  total_records: z.number().int(),
  running: ZSyncRunSchema.nullable(),
});
export type TSyncHistory = z.infer<typeof ZSyncHistorySchema>;

/** A product the sync holds back from the channel (its errors there), with the reasons. */
export const ZHeldItemSchema = z.object({
  product_id: z.number().int(),
  offer_id: z.string(),
  title: z.string().nullable(),
  issues: z.array(z.object({ attribute: z.string().nullable(), message: z.string(), item_id: z.string().nullable() })),
});
export const ZHeldItemPageSchema = z.object({ data: z.array(ZHeldItemSchema), total_records: z.number().int() });
export type THeldItemPage = z.infer<typeof ZHeldItemPageSchema>;
const ZSchedule = z.enum(FEED_SCHEDULES, { error: 'Choose how often the feed is updated' });

/** Channel feed settings beyond the schedule: a few labelled switches and short texts. */
export const ZFeedSettingsSchema = z
  .record(
    ZTextSchema({ label: 'Setting name', min: 1, max: 64 }),
    z.union([z.boolean(), z.number().finite(), ZTextSchema({ label: 'Setting', max: 200 })]),
  )
  .refine((r) => Object.keys(r).length <= 20, 'At most 20 settings');

export const ZShopFeedConfigBodySchema = z.object({ channel: ZChannel, feed_schedule: ZSchedule });
export const ZGoogleFeedSettingsBodySchema = z.object({
  feed_schedule: ZSchedule,
  feed_enabled: z.boolean().optional(),
  feed_settings: ZFeedSettingsSchema.optional(),
});
export const ZFeedStatusBodySchema = z.object({
  channel: ZChannel,
  feed_status: z.boolean({ error: 'feed_status must be true or false' }),
});
export const ZSyncGateBodySchema = z.object({
  channel: ZChannel,
  run_id: ZIdSchema('Sync run id'),
  decision: z.enum(SYNC_GATE_DECISIONS, { error: 'Decision must be confirm or discard' }),
});
/** `{token}.xml` or `{token}.tsv`. */
export const ZFeedFileParamsSchema = z.object({
  file: z.string().max(120).regex(/^[A-Za-z0-9_-]{20,100}\.(xml|tsv|txt|csv)$/, 'Feed not found.'),
});

const READ = needs('store_management', 'read');
const MANAGE = needs('store_management', 'manage');

export const feedsContract = {
  /** Every connected channel's feed config of the shop. */
  shopFeedConfig: endpoint({
    method: 'GET',
    path: '/shop-feed-config/:id',
    access: READ,
    params: ZShopIdParams,
    response: z.array(ZFeedConfigSchema),
  }),
  saveShopFeedConfig: endpoint({
    method: 'POST',
    path: '/shop-feed-config/:id',
    access: MANAGE,
    params: ZShopIdParams,
    body: ZShopFeedConfigBodySchema,
    response: ZFeedConfigSchema,
  }),
  googleFeedSettings: endpoint({
    method: 'GET',
    path: '/google-feed-settings/:id',
    access: READ,
    params: ZShopIdParams,
    response: ZFeedConfigSchema,
  }),
  /** Saves Google's schedule and settings; records the wizard's feed-config step (integration completed). */
  saveGoogleFeedSettings: endpoint({
    method: 'POST',
    path: '/google-feed-settings/:id',
    access: MANAGE,
    params: ZShopIdParams,
    body: ZGoogleFeedSettingsBodySchema,
    response: ZFeedConfigSchema,
  }),
  /** Submissions on or off for a channel (off stops every submission). */
  feedStatus: endpoint({
    method: 'POST',
    path: '/feed-status/:id',
    access: MANAGE,
    params: ZShopIdParams,
    body: ZFeedStatusBodySchema,
    response: ZFeedConfigSchema,
  }),
  /** Mails the current Google issue report (items held back or disapproved) to `email` or the caller. */
  googleFetchErrors: endpoint({
    method: 'POST',
    path: '/:shop/google-fetch-errors',
    access: READ,
    params: z.object({ shop: ZIdSchema('Store id') }),
    query: z.object({ email: ZEmailSchema.optional() }),
    response: z.object({ sent_to: z.string(), issues: z.number().int() }),
  }),
  syncNow: endpoint({
    method: 'POST',
    path: '/sync-now/:id',
    access: MANAGE,
    params: ZShopIdParams,
    query: ZChannelQuery,
    response: ZFeedConfigSchema,
  }),
  /** Confirms (the sync goes ahead) or discards a sync the publish gate paused. */
  syncGate: endpoint({
    method: 'POST',
    path: '/sync-gate/:id',
    access: MANAGE,
    params: ZShopIdParams,
    body: ZSyncGateBodySchema,
    response: ZFeedConfigSchema,
  }),
  syncRuns: endpoint({
    method: 'GET',
    path: '/sync-runs/:id',
    access: READ,
    params: ZShopIdParams,
    query: ZChannelQuery,
    response: z.array(ZSyncRunSchema),
  }),
  /** The channel's syncs page by page (the per-channel sync page), and the one running now. */
  syncHistory: endpoint({
    method: 'GET',
    path: '/sync-history/:id',
    access: READ,
    params: ZShopIdParams,
    query: ZChannelPageQuerySchema,
    response: ZSyncHistorySchema,
  }),
  /** The products the channel's sync holds back (errors for that channel), with their reasons. */
  heldItems: endpoint({
    method: 'GET',
    path: '/held-items/:id',
    access: READ,
    params: ZShopIdParams,
    query: ZChannelPageQuerySchema,
    response: ZHeldItemPageSchema,
  }),
  /** A new secret feed URL; the old one stops working. */
  rotateFeedUrl: endpoint({
    method: 'POST',
    path: '/rotate-feed-url/:id',
    access: MANAGE,
    params: ZShopIdParams,
    query: ZChannelQuery,
    response: ZFeedConfigSchema,
  }),
  /** The feed file behind a secret URL, for the channel's scheduled fetch: no sign-in, the token is the key. */
  feedFile: endpoint({
    method: 'GET',
    path: '/feeds/:file',
    access: PUBLIC,
    params: ZFeedFileParamsSchema,
    binary: true,
    response: BINARY_RESPONSE,
  }),
} as const;
