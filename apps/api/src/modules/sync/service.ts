// Feed settings, the secret feed URL, sync runs and the publish gate's confirmation (
// shop-feed-config, google-feed-settings, feed-status, google-fetch-errors). The syncs themselves run in the
// worker (jobs.ts → engine.ts); "sync now" and a confirmation queue one.
import { FEED_FORMATS, type TFeedFormatId } from '@feedloom/catalog';
import type { TFeedConfig, THeldItemPage, TSyncHistory, TSyncRun } from '@feedloom/contracts';
import {
  CATALOG_CHANNEL_OF_CONNECTION,
  PRODUCT_STATE_LABELS,
  type TChannelKey,
  type TFeedSchedule,
} from '@feedloom/validation';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase, TDb } from '../../db/client';
import { queryRows } from '../../db/client';
import {
  channel_connections,
  channel_sync_runs,
  shops,
  users,
  type TChannelConnectionRow,
  type TChannelSyncRunRow,
  type TSyncTrigger,
} from '../../db/schema';
import type { TClock } from '../../lib/clock';
import { randomToken, sha256, type TCipher } from '../../lib/crypto';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { TMailer } from '../../mail/mailer';
import { shippedTaxonomy, shopDefaults } from '../catalogue';
import { shopFeedChunks, type TFeedBuildSettings } from './feed-build';
import { REPORTED_STATES, SYNC_MSG, type TReportedState } from './messages';
import { syncRepo } from './repo';
import { reachShop, type TCaller } from '../tenancy/reach';
import { connectionsRepo } from '../channels/repo';

/** Queues work for the worker (jobs.ts); absent where no queue runs. */
export interface TSyncQueue {
  syncSoon(connectionId: string, trigger: TSyncTrigger): Promise<void>;
}

export interface TSyncServiceDeps {
  db: TDb;
  /** The database itself: a large feed file is built over connections of its own (feed-build.ts). */
  database: TDatabase;
  feedBuild?: TFeedBuildSettings;
  clock: TClock;
  cipher: TCipher;
  mailer: TMailer;
  log: FastifyBaseLogger;
  /** The public address of the feed files (the gateway's origin); `/feeds/{token}.{ext}` is appended. */
  feedBaseUrl: string;
  queue: () => TSyncQueue | null;
}

/**
 * Each channel's feed files by extension (one secret token per shop × channel); the first is the one the feed
 * URL names: Google's RSS (or its TSV), Microsoft's tab-separated text, Meta's CSV (or its RSS).
 */
export const FEED_FILES: Readonly<Record<TChannelKey, Readonly<Record<string, TFeedFormatId>>>> = {
  google: { xml: 'google_xml', tsv: 'google_tsv' },
  bing: { txt: 'microsoft_tsv', tsv: 'microsoft_tsv' },
  facebook: { csv: 'meta_csv', xml: 'meta_xml' },
};
const feedExtension = (channel: TChannelKey) => Object.keys(FEED_FILES[channel])[0]!;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export const toSyncRun = (r: TChannelSyncRunRow): TSyncRun => ({
  id: r.id,
  channel: r.channel,
  trigger: r.trigger,
  status: r.status,
  started_at: new Date(r.started_at).toISOString(),
  finished_at: iso(r.finished_at),
  considered: r.considered,
  sent: r.sent,
  deleted: r.deleted,
  held: r.held,
  refused: r.refused,
  api_calls: r.api_calls,
  gate: r.gate ?? null,
  message: r.error,
});

/** Most issues one report mails. */
const REPORT_MAX_ROWS = 2000;

export const createSyncService = (deps: TSyncServiceDeps) => {
  const { db, clock, cipher } = deps;

  /** The shop's live connection to the channel (409 when there is none). */
  const connectionOf = async (caller: TCaller, shopId: string, channel: TChannelKey) => {
    await reachShop(db, caller, shopId);
    const row = await connectionsRepo(db).find(caller.org_id, shopId, channel);
    if (!row || row.state === 'disconnected') throw conflict(SYNC_MSG.notConnected(channel));
    return row;
  };

  /** The connection's feed token, made on first use (kept hashed to find it, sealed to show it). */
  const feedToken = async (row: TChannelConnectionRow): Promise<string> => {
    if (row.feed_token_sealed) return cipher.decrypt(row.feed_token_sealed);
    const token = randomToken(32);
    await db
      .update(channel_connections)
      .set({ feed_token_hash: sha256(token), feed_token_sealed: cipher.encrypt(token) })
      .where(and(eq(channel_connections.id, row.id), sql`${channel_connections.feed_token_sealed} is null`));
    const [now] = await db.select().from(channel_connections).where(eq(channel_connections.id, row.id));
    return cipher.decrypt(now!.feed_token_sealed!);
  };

  const configOf = async (row: TChannelConnectionRow): Promise<TFeedConfig> => {
    const token = await feedToken(row);
    const runs = await db
      .select()
      .from(channel_sync_runs)
      .where(eq(channel_sync_runs.connection_id, row.id))
      .orderBy(desc(channel_sync_runs.started_at))
      .limit(20);
    const [live] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from channel_items where connection_id = ${row.id}::uuid`,
    );
    const paused = runs.find((r) => r.status === 'paused_by_gate') ?? null;
    const last = runs.find((r) => r.status !== 'paused_by_gate') ?? null;
    return {
      shop_id: row.shop_id,
      channel: row.channel,
      feed_schedule: row.feed_schedule,
      feed_enabled: row.feed_enabled,
      feed_settings: row.feed_settings,
      feed_url: `${deps.feedBaseUrl.replace(/\/+$/, '')}/feeds/${token}.${feedExtension(row.channel)}`,
      last_synced_at: iso(row.last_synced_at),
      last_status_pulled_at: iso(row.last_status_pulled_at),
      live_items: live?.n ?? 0,
      paused_run: paused ? toSyncRun(paused) : null,
      last_run: last ? toSyncRun(last) : null,
    };
  };

  const update = async (row: TChannelConnectionRow, values: Partial<TChannelConnectionRow>) => {
    const [saved] = await db
      .update(channel_connections)
      .set({ ...values, updated_at: clock.now() })
      .where(eq(channel_connections.id, row.id))
      .returning();
    return saved!;
  };

  return {
    configOf,

    shopFeedConfig: async (caller: TCaller, shopId: string): Promise<TFeedConfig[]> => {
      await reachShop(db, caller, shopId);
      const rows = await db
        .select()
        .from(channel_connections)
        .where(
          and(
            eq(channel_connections.organization_id, caller.org_id),
            eq(channel_connections.shop_id, shopId),
          ),
        )
        .orderBy(channel_connections.channel);
      return Promise.all(rows.filter((r) => r.state !== 'disconnected').map(configOf));
    },

    saveSchedule: async (caller: TCaller, shopId: string, channel: TChannelKey, schedule: TFeedSchedule) =>
      configOf(await update(await connectionOf(caller, shopId, channel), { feed_schedule: schedule })),

    feedConfig: async (caller: TCaller, shopId: string, channel: TChannelKey) =>
      configOf(await connectionOf(caller, shopId, channel)),

    /** Google's feed settings; saving them is the wizard's last step (feed-config), so the integration is complete. */
    saveGoogleSettings: async (
      caller: TCaller,
      shopId: string,
      body: { feed_schedule: TFeedSchedule; feed_enabled?: boolean; feed_settings?: Record<string, unknown> },
    ) => {
      const row = await connectionOf(caller, shopId, 'google');
      const steps = row.integration_steps.includes('feed-config')
        ? row.integration_steps
        : [...row.integration_steps, 'feed-config'];
      return configOf(
        await update(row, {
          feed_schedule: body.feed_schedule,
          ...(body.feed_enabled === undefined ? {} : { feed_enabled: body.feed_enabled }),
          ...(body.feed_settings === undefined ? {} : { feed_settings: body.feed_settings }),
          integration_steps: steps,
          integration_once_completed: true,
        }),
      );
    },

    feedStatus: async (caller: TCaller, shopId: string, channel: TChannelKey, on: boolean) =>
      configOf(await update(await connectionOf(caller, shopId, channel), { feed_enabled: on })),

    syncNow: async (caller: TCaller, shopId: string, channel: TChannelKey) => {
      const row = await connectionOf(caller, shopId, channel);
      if (!row.feed_enabled) throw conflict(SYNC_MSG.feedOffRefused);
      await deps.queue()?.syncSoon(row.id, 'manual');
      return configOf(row);
    },

    gateDecision: async (
      caller: TCaller,
      shopId: string,
      body: { channel: TChannelKey; run_id: string; decision: 'confirm' | 'discard' },
    ) => {
      const row = await connectionOf(caller, shopId, body.channel);
      const [run] = isUuid(body.run_id)
        ? await db
            .select()
            .from(channel_sync_runs)
            .where(and(eq(channel_sync_runs.id, body.run_id), eq(channel_sync_runs.connection_id, row.id)))
        : [];
      if (!run) throw notFound(SYNC_MSG.runNotFound);
      if (run.status !== 'paused_by_gate') throw conflict(SYNC_MSG.runNotPaused);
      if (body.decision === 'confirm') {
        await deps.queue()?.syncSoon(row.id, 'confirmed');
        return { config: await configOf(row), message: SYNC_MSG.gateConfirmedMessage };
      }
      const now = clock.now();
      await db
        .update(channel_sync_runs)
        .set({ status: 'discarded', finished_at: now })
        .where(eq(channel_sync_runs.id, run.id));
      // The changes seen so far are set aside: the next change or the schedule brings the next sync.
      const saved = await update(row, { last_synced_at: now });
      return { config: await configOf(saved), message: SYNC_MSG.gateDiscardedMessage };
    },

    runs: async (caller: TCaller, shopId: string, channel: TChannelKey): Promise<TSyncRun[]> => {
      const row = await connectionOf(caller, shopId, channel);
      const rows = await db
        .select()
        .from(channel_sync_runs)
        .where(eq(channel_sync_runs.connection_id, row.id))
        .orderBy(desc(channel_sync_runs.started_at))
        .limit(50);
      return rows.map(toSyncRun);
    },

    /** The channel's syncs page by page, and the one running now; none while the channel was never connected. */
    history: async (
      caller: TCaller,
      shopId: string,
      q: { channel: TChannelKey; page: number; limit: number },
    ): Promise<TSyncHistory> => {
      await reachShop(db, caller, shopId);
      const row = await connectionsRepo(db).find(caller.org_id, shopId, q.channel);
      if (!row) return { data: [], total_records: 0, running: null };
      const repo = syncRepo(db);
      const [page, running] = await Promise.all([
        repo.runsPage(row.id, q.page, q.limit),
        repo.running(row.id),
      ]);
      return {
        data: page.rows.map(toSyncRun),
        total_records: page.total,
        running: running ? toSyncRun(running) : null,
      };
    },

    /** The products the channel's sync holds back (their errors for it), page by page, with each reason. */
    heldItems: async (
      caller: TCaller,
      shopId: string,
      q: { channel: TChannelKey; page: number; limit: number },
    ): Promise<THeldItemPage> => {
      await reachShop(db, caller, shopId);
      const page = await syncRepo(db).heldPage(
        shopId,
        CATALOG_CHANNEL_OF_CONNECTION[q.channel],
        q.page,
        q.limit,
      );
      const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
      return {
        data: page.rows.map((r) => ({
          product_id: r.product_id,
          offer_id: r.offer_id,
          title: text(r.title),
          issues: (Array.isArray(r.issues) ? r.issues : [])
            .filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null)
            .filter((i) => i.severity === undefined || i.severity === 'error')
            .map((i) => ({
              attribute: text(i.attribute),
              message: text(i.message) ?? 'Not accepted by the channel.',
              item_id: text(i.item_id),
            })),
        })),
        total_records: page.total,
      };
    },

    rotateFeedUrl: async (caller: TCaller, shopId: string, channel: TChannelKey) => {
      const row = await connectionOf(caller, shopId, channel);
      const saved = await update(row, { feed_token_hash: null, feed_token_sealed: null });
      return configOf(saved);
    },

    /** Mails the products Google holds back or disapproved, with every issue, to `email` (or the caller). */
    mailIssueReport: async (caller: TCaller, shopId: string, email: string | undefined) => {
      const shop = await reachShop(db, caller, shopId);
      let to = email;
      if (!to) {
        const [user] = await db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, caller.user_id));
        to = user!.email;
      }
      const rows = await queryRows<{
        offer_id: string;
        status: TReportedState;
        issues: { message?: string; attribute?: string; item_id?: string }[];
      }>(
        db,
        sql`select p.offer_id, s.status, s.issues from product_channel_statuses s join products p on p.id = s.product_id
            where s.shop_id = ${shop.id}::uuid and s.channel = ${CATALOG_CHANNEL_OF_CONNECTION.google}::text
              and s.status in (${sql.join(
                REPORTED_STATES.map((st) => sql`${st}`),
                sql`, `,
              )}) order by p.id limit ${REPORT_MAX_ROWS}`,
      );
      // Each product's state in the words of the product list's tabs and badges.
      const lines = rows.flatMap((r) =>
        (r.issues.length ? r.issues : [{ message: PRODUCT_STATE_LABELS[r.status] }]).map(
          (i) =>
            `${i.item_id ?? r.offer_id}\t${PRODUCT_STATE_LABELS[r.status]}\t${i.attribute ?? ''}\t${i.message ?? ''}`,
        ),
      );
      const states = { error: 0, disapproved: 0 };
      for (const r of rows) states[r.status] += 1;
      const text =
        rows.length === 0
          ? SYNC_MSG.issueReportNone(shop.shop_name)
          : `${SYNC_MSG.issueReportSummary(shop.shop_name, states)}\n\nItem\tState\tAttribute\tIssue\n${lines.join('\n')}\n`;
      const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      await deps.mailer.send({
        to,
        subject: `Google issue report — ${shop.shop_name}`,
        text,
        html: `<pre>${escape(text)}</pre>`,
      });
      return { sent_to: to, issues: lines.length };
    },

    /**
     * The feed file behind a secret URL: the shop's effective products, judged as they are written (items with
     * errors left out), streamed from the database (feed-build.ts).
     */
    feedFile: async (file: string) => {
      const [token, ext] = file.split('.') as [string, string];
      const [row] = await db
        .select()
        .from(channel_connections)
        .where(eq(channel_connections.feed_token_hash, sha256(token)));
      if (!row || row.state === 'disconnected') throw notFound(SYNC_MSG.feedNotFound);
      const [shop] = await db.select().from(shops).where(eq(shops.id, row.shop_id));
      if (!shop) throw notFound(SYNC_MSG.feedNotFound);
      const formatId = Object.hasOwn(FEED_FILES[row.channel], ext) ? FEED_FILES[row.channel][ext] : undefined;
      if (!formatId) throw notFound(SYNC_MSG.feedNotFound);
      const market = row.target_market;
      const format = FEED_FORMATS[formatId];
      return {
        formatId,
        contentType: format.extension === 'xml' ? 'application/xml; charset=utf-8' : format.contentType,
        chunks: await shopFeedChunks(
          deps.database,
          row.shop_id,
          {
            format: formatId,
            context: {
              currency: shop.shop_currency,
              taxonomy: shippedTaxonomy(),
              defaults: shopDefaults(shop),
              ...(market ? { targetCountry: market.country, contentLanguage: market.language } : {}),
            },
            meta: {
              title: shop.shop_name,
              link: shop.shop_url,
              description: `Products of ${shop.shop_name}`,
            },
          },
          deps.feedBuild,
        ),
      };
    },
  };
};
export type TSyncService = ReturnType<typeof createSyncService>;
