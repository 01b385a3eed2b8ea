// The sync engine, channel-neutral: one run per shop × channel connection, never two at once (a
// lease on the connection row, so a worker killed mid-sync lets go when it passes). A run reads the shop's
// effective products (all layers) a page at a time, judges every item with the catalog's rules for the
// channel, holds back the items with errors and the items the merchant holds back from the channel (catalog's
// heldBack: a draft, archived or private product, submission controls, pause all), deleting them from the
// channel if they were live, sends the items whose payload hash changed (Google's quota rule for unchanged ones:
// rules.ts), and deletes the items that left the shop. A hash is written only once the channel accepted the item, so the next
// run after a crash sends exactly what the channel has not confirmed. Statuses come back in pullStatuses.
import { INTEGRATION_STEPS } from '@feedloom/validation';
import { hasErrors, type TChannel, type TIssue } from '@feedloom/catalog';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import { queryRows } from '../../db/client';
import {
  channel_connections,
  channel_sync_runs,
  shops,
  type TChannelConnectionRow,
  type TChannelSyncRunRow,
  type TSyncGate,
  type TSyncTrigger,
} from '../../db/schema';
import { addSeconds, type TClock } from '../../lib/clock';
import { GoogleHttpError } from '../channels/google/http';
import { ChannelDisconnectedError } from '../channels/tokens';
import { judgeItems, mergeChannelIssuesSql, SENDABLE_STATUSES, type TJudgingShop } from '../catalogue';
import type { TChannelAdapter, TItemOutcome, TOutgoingItem } from './adapter';
import { SYNC_MSG } from './messages';
import { shopProductPages } from './product-pages';
import { afterSend, contentHash, gateVerdict, sendDecision, type TLiveItem } from './rules';

export interface TSyncSettings {
  /** Share (0–1) of the live items a run may newly hold back or remove without the merchant's confirmation. */
  gateShare: number;
  /** How long a run holds its connection without renewing (a killed worker's lease runs out). */
  leaseSeconds: number;
  /** An unchanged item is sent again after this long (the channel expires items it has not seen). */
  refreshAfterDays: number;
  /** Products read per page. */
  pageSize: number;
}

export interface TSyncEngineDeps {
  db: TDb;
  clock: TClock;
  log: FastifyBaseLogger;
  settings: TSyncSettings;
  /** The adapter of a connection's channel, or null when the channel has none yet. */
  adapterFor: (row: TChannelConnectionRow) => TChannelAdapter | null;
  /** Tells the merchant (notifications): a sync the publish gate paused, and one digest per pull-back of
   * the products the channel newly disapproved. */
  events?: {
    syncPaused: (shopId: string, channel: string, reason: string) => Promise<unknown>;
    disapprovalDigest: (shopId: string, channel: string, counts: { newly_disapproved: number }) => Promise<unknown>;
  };
}

type TShop = TJudgingShop & { id: string; shop_name: string };

const json = (v: unknown) => JSON.stringify(v);
const inList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** A channel issue kept beside ours in product_channel_statuses.issues (`origin` tells them apart). */
const channelIssue = (offerId: string, i: TIssue) => ({ ...i, item_id: offerId, origin: 'channel' });

/** What a batch's failure is thrown as (the adapter hands over what its client threw). */
const asError = (failure: unknown): Error => (failure instanceof Error ? failure : new Error(String(failure)));

export class SyncStoppedError extends Error {
  override name = 'SyncStoppedError';
}

export const createSyncEngine = (deps: TSyncEngineDeps) => {
  const { db, clock, log, settings } = deps;

  const claim = async (connectionId: string): Promise<TChannelConnectionRow | null> => {
    const now = clock.now();
    const [row] = await db
      .update(channel_connections)
      .set({ sync_lease_until: addSeconds(now, settings.leaseSeconds) })
      .where(
        and(
          eq(channel_connections.id, connectionId),
          sql`(${channel_connections.sync_lease_until} is null or ${channel_connections.sync_lease_until} < ${now})`,
        ),
      )
      .returning();
    return row ?? null;
  };
  const renew = (connectionId: string) =>
    db
      .update(channel_connections)
      .set({ sync_lease_until: addSeconds(clock.now(), settings.leaseSeconds) })
      .where(eq(channel_connections.id, connectionId));
  const release = (connectionId: string, values: Partial<TChannelConnectionRow> = {}) =>
    db
      .update(channel_connections)
      .set({ ...values, sync_lease_until: null })
      .where(eq(channel_connections.id, connectionId));

  /**
   * A successful sync shows the channel's feed configuration works: once every wizard step before it is done,
   * the feed configuration counts as done too and the integration as completed. This covers a wizard that
   * ended before its defaults counted by themselves, where the merchant never pressed Save. One statement,
   * so a wizard step saved while the sync ran is kept.
   */
  const feedConfigDone = async (row: TChannelConnectionRow) => {
    if (row.integration_steps.includes('feed-config')) return;
    const order: readonly string[] = INTEGRATION_STEPS[row.channel];
    const before = order.slice(0, order.indexOf('feed-config'));
    const steps = channel_connections.integration_steps;
    await db
      .update(channel_connections)
      .set({ integration_steps: sql`${steps} || '["feed-config"]'::jsonb`, integration_once_completed: true })
      .where(
        and(
          eq(channel_connections.id, row.id),
          eq(channel_connections.state, 'connected'),
          sql`${steps} @> ${json(before)}::jsonb`,
          sql`not (${steps} @> '["feed-config"]'::jsonb)`,
        ),
      );
  };

  const shopOf = async (shopId: string): Promise<TShop> => {
    const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
    if (!shop) throw new SyncStoppedError('shop gone');
    return shop;
  };

  /**
   * Live items that this run would remove (product gone, or held back from the channel by the merchant: its
   * judged status is excluded) or newly hold back (product has errors).
   */
  const gateCounts = async (row: TChannelConnectionRow, channel: TChannel) => {
    const [c] = await queryRows<{ live: number; to_delete: number; newly_held: number }>(
      db,
      sql`select count(*)::int as live,
            count(*) filter (where p.id is null or s.status = 'excluded')::int as to_delete,
            count(*) filter (where p.id is not null and s.status = 'error')::int as newly_held
          from channel_items ci
          left join products p on p.id = ci.product_id and p.shop_id = ${row.shop_id}::uuid
          left join product_channel_statuses s on s.product_id = p.id and s.channel = ${channel}::text
          where ci.connection_id = ${row.id}::uuid`,
    );
    return { live: c?.live ?? 0, to_delete: c?.to_delete ?? 0, newly_held: c?.newly_held ?? 0 };
  };

  const pausedRun = async (connectionId: string) =>
    (
      await db
        .select()
        .from(channel_sync_runs)
        .where(and(eq(channel_sync_runs.connection_id, connectionId), eq(channel_sync_runs.status, 'paused_by_gate')))
    )[0] ?? null;

  const updateRun = (runId: string, values: Partial<TChannelSyncRunRow>) =>
    db.update(channel_sync_runs).set(values).where(eq(channel_sync_runs.id, runId));

  /** Records what the channel accepted or refused of a batch of sends. */
  const recordSends = async (
    row: TChannelConnectionRow,
    channel: TChannel,
    sent: Map<string, { product_id: number; hash: string; live: TLiveItem | undefined }>,
    outcomes: TItemOutcome[],
  ) => {
    const now = clock.now();
    const accepted = outcomes.filter((o) => o.ok).map((o) => {
      const s = sent.get(o.offer_id)!;
      return { offer_id: o.offer_id, product_id: s.product_id, hash: s.hash, ...afterSend(s.live, now) };
    });
    const refused = outcomes.filter((o): o is Extract<TItemOutcome, { ok: false }> => !o.ok);
    if (accepted.length > 0) {
      await db.execute(sql`
        insert into channel_items (connection_id, offer_id, product_id, content_hash, sent_at, sends_day, sends_today)
        select ${row.id}::uuid, x.offer_id, x.product_id, x.hash, ${now}, x.sends_day, x.sends_today
        from jsonb_to_recordset(${json(accepted)}::jsonb) as x(offer_id text, product_id bigint, hash text, sends_day text, sends_today int)
        on conflict (connection_id, offer_id) do update set product_id = excluded.product_id,
          content_hash = excluded.content_hash, sent_at = excluded.sent_at, sends_day = excluded.sends_day,
          sends_today = excluded.sends_today`);
      // New content sent (a first send, or a change): waiting for the channel's verdict on it (warnings stay
      // visible; the channel's last word on the content before, its issues and their time, stays until it
      // answers). A refresh of unchanged content leaves the channel's verdict as it is.
      const changed = accepted.filter((a) => sent.get(a.offer_id)!.live?.content_hash !== a.hash);
      if (changed.length > 0) {
        await db.execute(sql`
          update product_channel_statuses s set updated_at = now(),
            status = case when exists (select 1 from jsonb_array_elements(s.issues) e where e ->> 'severity' = 'warning')
              then 'warning' else 'submitted' end
          where s.channel = ${channel}::text and s.status in (${inList(SENDABLE_STATUSES)})
            and s.product_id in (select distinct (x ->> 'product_id')::bigint from jsonb_array_elements(${json(changed)}::jsonb) x)`);
      }
    }
    if (refused.length > 0) {
      const rows = refused.map((o) => ({
        product_id: sent.get(o.offer_id)!.product_id,
        issue: channelIssue(o.offer_id, {
          code: `${channel}:refused`,
          severity: 'error',
          attribute: '',
          message: o.message,
          layer: 'source',
        }),
      }));
      await db.execute(sql`
        update product_channel_statuses s set status = 'error', updated_at = now(), confirmed_at = ${now},
          issues = s.issues || x.issues
        from (select (r ->> 'product_id')::bigint as product_id, jsonb_agg(r -> 'issue') as issues
              from jsonb_array_elements(${json(rows)}::jsonb) r group by 1) x
        where s.product_id = x.product_id and s.channel = ${channel}::text`);
    }
    return { accepted: accepted.length, refused: refused.length };
  };

  const recordDeletes = async (row: TChannelConnectionRow, outcomes: TItemOutcome[]) => {
    const gone = outcomes.filter((o) => o.ok).map((o) => o.offer_id);
    if (gone.length > 0) {
      await db.execute(sql`
        delete from channel_items where connection_id = ${row.id}::uuid
          and offer_id in (select jsonb_array_elements_text(${json(gone)}::jsonb))`);
    }
    return gone.length;
  };

  /**
   * One sync of a connection. Answers the run recorded (null when the connection is not syncing: busy with
   * another run, disconnected, feed off, or no account). Failures are recorded on the run, never thrown.
   */
  const runSync = async (
    connectionId: string,
    trigger: TSyncTrigger,
    opts: { signal?: AbortSignal; force?: boolean } = {},
  ): Promise<TChannelSyncRunRow | null> => {
    const row = await claim(connectionId);
    if (!row) return null;
    if (row.state !== 'connected' || !row.feed_enabled || !row.account_id) {
      await release(row.id);
      return null;
    }
    const adapter = deps.adapterFor(row);
    if (!adapter) {
      await release(row.id);
      return null;
    }
    const channel = adapter.channel;
    const startedAt = clock.now();
    // A run left `running` by a worker that died: the lease has passed, so it is over.
    await db
      .update(channel_sync_runs)
      .set({ status: 'failed', error: SYNC_MSG.interrupted, finished_at: startedAt })
      .where(and(eq(channel_sync_runs.connection_id, row.id), eq(channel_sync_runs.status, 'running')));

    // The publish gate, unless the merchant just confirmed the paused run.
    const paused = await pausedRun(row.id);
    if (trigger !== 'confirmed') {
      const counts = await gateCounts(row, channel);
      const verdict = gateVerdict(counts, settings.gateShare);
      if (verdict.pause) {
        const gate: TSyncGate = { ...counts, share: verdict.share, limit: settings.gateShare };
        let run: TChannelSyncRunRow;
        if (paused) {
          await updateRun(paused.id, { gate });
          run = { ...paused, gate };
        } else {
          [run] = (await db
            .insert(channel_sync_runs)
            .values({
              connection_id: row.id,
              organization_id: row.organization_id,
              shop_id: row.shop_id,
              channel: row.channel,
              trigger,
              status: 'paused_by_gate',
              started_at: startedAt,
              gate,
              error: SYNC_MSG.gatePaused(gate),
            })
            .returning()) as [TChannelSyncRunRow];
          log.warn({ connection_id: row.id, gate }, 'sync paused by the publish gate');
          await deps.events
            ?.syncPaused(row.shop_id, row.channel, SYNC_MSG.gatePaused(gate))
            .catch((err: unknown) => log.warn({ err }, 'the paused-sync notification could not be recorded'));
        }
        await release(row.id);
        return run;
      }
    }
    if (paused) {
      await updateRun(paused.id, {
        status: trigger === 'confirmed' ? 'succeeded' : 'discarded',
        finished_at: startedAt,
        error: trigger === 'confirmed' ? SYNC_MSG.gateConfirmed : SYNC_MSG.gateCleared,
      });
    }

    const [run] = (await db
      .insert(channel_sync_runs)
      .values({
        connection_id: row.id,
        organization_id: row.organization_id,
        shop_id: row.shop_id,
        channel: row.channel,
        trigger,
        status: 'running',
        started_at: startedAt,
      })
      .returning()) as [TChannelSyncRunRow];
    const counts = { considered: 0, sent: 0, deleted: 0, held: 0, refused: 0 };
    const flushCounts = () => updateRun(run.id, { ...counts, api_calls: adapter.apiCalls() });

    let outgoing: TOutgoingItem[] = [];
    let outgoingMeta = new Map<string, { product_id: number; hash: string; live: TLiveItem | undefined }>();
    let deletions: string[] = [];
    const stopIfAsked = () => {
      if (opts.signal?.aborted) throw new SyncStoppedError(SYNC_MSG.interrupted);
    };
    const flushSends = async () => {
      if (outgoing.length === 0) return;
      const batch = outgoing;
      const meta = outgoingMeta;
      outgoing = [];
      outgoingMeta = new Map();
      const result = await adapter.upsert(batch);
      const { accepted, refused } = await recordSends(row, channel, meta, result.outcomes);
      counts.sent += accepted;
      counts.refused += refused;
      await flushCounts();
      await renew(row.id);
      if (result.failure !== undefined) throw asError(result.failure);
      stopIfAsked();
    };
    const flushDeletes = async () => {
      if (deletions.length === 0) return;
      const batch = deletions;
      deletions = [];
      const result = await adapter.delete(batch);
      counts.deleted += await recordDeletes(row, result.outcomes);
      await flushCounts();
      await renew(row.id);
      if (result.failure !== undefined) throw asError(result.failure);
      stopIfAsked();
    };

    try {
      await adapter.prepare();
      const shop = await shopOf(row.shop_id);
      const seen = new Set<string>();
      const now = clock.now();
      const refreshAfterMs = settings.refreshAfterDays * 86_400_000;
      for await (const page of shopProductPages(db, row.shop_id, settings.pageSize)) {
        const judged = page.flatMap(({ id, product }) =>
          judgeItems(product, shop, channel).map((r) => ({ product_id: id, ...r })),
        );
        const offers = judged.map((j) => j.item.offerId);
        const liveRows = await queryRows<{ offer_id: string; content_hash: string; sent_at: Date; sends_day: string; sends_today: number }>(
          db,
          sql`select offer_id, content_hash, sent_at, sends_day, sends_today from channel_items
              where connection_id = ${row.id}::uuid and offer_id in (select jsonb_array_elements_text(${json(offers)}::jsonb))`,
        );
        const live = new Map(liveRows.map((r) => [r.offer_id, { ...r, sent_at: new Date(r.sent_at) }]));
        for (const j of judged) {
          const offerId = j.item.offerId;
          if (seen.has(offerId)) continue; // a second item with the same id: the first one stands
          seen.add(offerId);
          counts.considered++;
          const was = live.get(offerId);
          // Held back by the merchant (the list shows it excluded): it leaves the channel if it was there.
          if (j.heldBack) {
            if (was) deletions.push(offerId);
            continue;
          }
          if (hasErrors(j.issues)) {
            counts.held++;
            if (was) deletions.push(offerId);
            continue;
          }
          const payload = adapter.payload(j.item);
          const hash = contentHash(payload);
          if (sendDecision(was, hash, now, { refreshAfterMs, force: opts.force }) !== 'send') continue;
          outgoing.push({ offer_id: offerId, payload });
          outgoingMeta.set(offerId, { product_id: j.product_id, hash, live: was });
          if (outgoing.length >= adapter.maxBatch) await flushSends();
        }
        if (deletions.length >= adapter.maxBatch) await flushDeletes();
        stopIfAsked();
      }
      await flushSends();
      // Items the channel has that no product of the shop makes any more.
      let after = '';
      for (;;) {
        const rows = await queryRows<{ offer_id: string }>(
          db,
          sql`select offer_id from channel_items where connection_id = ${row.id}::uuid and offer_id > ${after}
              order by offer_id limit 5000`,
        );
        for (const r of rows) if (!seen.has(r.offer_id)) deletions.push(r.offer_id);
        if (rows.length < 5000) break;
        after = rows.at(-1)!.offer_id;
      }
      while (deletions.length > 0) {
        const rest = deletions.splice(adapter.maxBatch);
        await flushDeletes();
        deletions = rest;
      }
      const finished = clock.now();
      await updateRun(run.id, { ...counts, api_calls: adapter.apiCalls(), status: 'succeeded', finished_at: finished });
      await release(row.id, { last_synced_at: startedAt });
      await feedConfigDone(row);
      log.info({ connection_id: row.id, run_id: run.id, ...counts, api_calls: adapter.apiCalls() }, 'channel sync finished');
      return { ...run, ...counts, api_calls: adapter.apiCalls(), status: 'succeeded', finished_at: finished };
    } catch (err) {
      const message = await failureMessage(err, row);
      const finished = clock.now();
      await updateRun(run.id, { ...counts, api_calls: adapter.apiCalls(), status: 'failed', error: message, finished_at: finished });
      await release(row.id);
      log.warn({ err, connection_id: row.id, run_id: run.id }, 'channel sync failed');
      return { ...run, ...counts, api_calls: adapter.apiCalls(), status: 'failed', error: message, finished_at: finished };
    }
  };

  /** What the run record says about a failure (the merchant reads it). */
  const failureMessage = async (err: unknown, row: TChannelConnectionRow): Promise<string> => {
    if (err instanceof SyncStoppedError) return err.message;
    if (err instanceof ChannelDisconnectedError) {
      const [now] = await db.select().from(channel_connections).where(eq(channel_connections.id, row.id));
      return now?.disconnected_reason ?? SYNC_MSG.disconnected(row.channel);
    }
    if (err instanceof GoogleHttpError) return SYNC_MSG.channelFailed(row.channel, err.status);
    return SYNC_MSG.failed;
  };

  /**
   * The channel's statuses merged into product_channel_statuses: its verdict, its issues (replacing the ones
   * it reported before; a finding of ours it also reports counts once, in its words: mergeChannelIssuesSql) and
   * `confirmed_at`. Only products the channel has and that go out are touched (sent, or pending a resend of new
   * content: the channel's word on what it has is the truth until the resend); one held back (our errors,
   * excluded) keeps its status.
   */
  const pullStatuses = async (connectionId: string): Promise<{ items: number; products: number } | null> => {
    const [row] = await db.select().from(channel_connections).where(eq(channel_connections.id, connectionId));
    if (!row || row.state !== 'connected' || !row.account_id) return null;
    const adapter = deps.adapterFor(row);
    if (!adapter) return null;
    const channel = adapter.channel;
    let items = 0;
    let productsTouched = 0;
    let newlyDisapproved = 0;
    try {
      for await (const page of adapter.pullStatuses()) {
        if (page.length === 0) continue;
        items += page.length;
        const owners = await queryRows<{ offer_id: string; product_id: number }>(
          db,
          sql`select offer_id, product_id::int as product_id from channel_items where connection_id = ${row.id}::uuid
              and offer_id in (select jsonb_array_elements_text(${json(page.map((p) => p.offer_id))}::jsonb))`,
        );
        const ownerOf = new Map(owners.map((o) => [o.offer_id, Number(o.product_id)]));
        const byProduct = new Map<number, { verdicts: Set<string>; issues: unknown[] }>();
        for (const s of page) {
          const productId = ownerOf.get(s.offer_id);
          if (productId === undefined) continue;
          let entry = byProduct.get(productId);
          if (!entry) byProduct.set(productId, (entry = { verdicts: new Set(), issues: [] }));
          entry.verdicts.add(s.verdict);
          entry.issues.push(...s.issues.map((i) => channelIssue(s.offer_id, i)));
        }
        const rows = [...byProduct].map(([product_id, e]) => ({
          product_id,
          verdict: e.verdicts.has('disapproved') ? 'disapproved' : e.verdicts.has('pending') ? 'pending' : 'approved',
          issues: e.issues,
        }));
        if (rows.length === 0) continue;
        productsTouched += rows.length;
        const updated = await queryRows<{ before: string; status: string }>(
          db,
          sql`
          with x as (
            select * from jsonb_to_recordset(${json(rows)}::jsonb) as x(product_id bigint, verdict text, issues jsonb)
          ), merged as (
            select s.product_id, s.status as before, x.verdict,
              ${mergeChannelIssuesSql(
                sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(s.issues) e
                      where coalesce(e ->> 'origin', '') <> 'channel')`,
                sql`x.issues`,
              )} as issues
            from product_channel_statuses s join x on x.product_id = s.product_id
            where s.channel = ${channel}::text and s.status in (${inList(SENDABLE_STATUSES)})
          )
          update product_channel_statuses s set
            issues = m.issues,
            status = case
              when m.verdict = 'disapproved' then 'disapproved'
              when m.verdict = 'pending' then 'submitted'
              when jsonb_path_exists(m.issues, '$[*] ? (@.severity == "warning")') then 'warning'
              else 'published' end,
            confirmed_at = ${clock.now()}, updated_at = now()
          from merged m
          where s.product_id = m.product_id and s.channel = ${channel}::text
          returning m.before, s.status`,
        );
        newlyDisapproved += updated.filter((u) => u.status === 'disapproved' && u.before !== 'disapproved').length;
      }
      await deps.events
        ?.disapprovalDigest(row.shop_id, row.channel, { newly_disapproved: newlyDisapproved })
        .catch((err: unknown) => log.warn({ err }, 'the disapproval digest could not be recorded'));
      await db
        .update(channel_connections)
        .set({ last_status_pulled_at: clock.now() })
        .where(eq(channel_connections.id, row.id));
      return { items, products: productsTouched };
    } catch (err) {
      log.warn({ err, connection_id: row.id }, 'status pull-back failed');
      if (err instanceof ChannelDisconnectedError) return null;
      throw err;
    }
  };

  return { runSync, pullStatuses, gateCounts };
};
export type TSyncEngine = ReturnType<typeof createSyncEngine>;

