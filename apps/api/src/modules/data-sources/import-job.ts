// The import job: streams a kept CSV or Google XML feed through the catalog's import engine and
// merges the products into the shop's catalogue set-based, one batch per transaction, in two steps
// (staging.ts: COPY into temp tables on PostgreSQL, one jsonb parameter on PGlite):
//   1. the batch's keys and content hashes only: they go into import_run_items (run id, key, piece) ON
//      CONFLICT DO NOTHING (keys a crashed attempt of the same run already merged come back as "not fresh" and
//      are skipped, so a retry neither loses nor doubles a row, and its counts stay exact), and the fresh ones
//      are compared with the stored hashes: an unchanged product is not staged or written at all (a re-import
//      of the same file writes no product);
//   2. the full rows of what is new or changed only: INSERT … ON CONFLICT DO UPDATE merges the products. The
//      later pieces of a product (its rows apart in the file, in another batch) wait in import_run_items; at
//      the end of the reading one statement joins them to their products (joinPieces), and a product whose
//      pieces are all as last time is not written either.
// The products it created or changed are judged for every channel with all their layers (judgeProduct, with
// the merchant's overrides), their statuses upserted in one statement (unchanged statuses left alone), and
// the run's counters moved on, in the same transaction. A product the batch creates has no overrides yet: it
// is judged before the merge, its list status columns (migration 0017) go into products with its row, so the
// status trigger has nothing to rewrite, and its status rows are copied from that same judgement. Batch commits do not wait for the WAL flush.
// Rejected rows go to the error report, a kept file written in pieces as the file is read.
// At the end, products of this source missing from the file are removed, unless that is more than
// IMPORT_HOLD_SHARE of the shop's products: then the run is `held` with what would go, until confirmed.
// A finished, failed or held run mails the data source's notification address (through the mailer, which
// queues on `send-mail` when SMTP is down).
//
// A worker holds the run it imports by a lease (import_runs.lease_until) that a heartbeat renews, and every
// write of an attempt (each batch, the run's figures, its outcome) checks in its own transaction that the
// attempt still holds it (import_runs.attempts is the attempt's number). A worker that dies lets go when its
// lease passes: the lease check (recoverLapsed, run by every worker at start-up and every half lease) resumes
// the run by a new attempt, which skips what was committed, or fails it after IMPORT_MAX_ATTEMPTS starts, and
// a worker taken for dead can no longer change the run. The figures of a running run are written with the
// batch they count, in its transaction, so they never show what a crash could take back.
//
// Memory: the parser holds one chunk, the job at most two batches (the one being read and the one being
// merged) and one 64 kB piece of the report; the keys the run has merged live in import_run_items, not in
// this process. What grows with the file is the catalog's duplicate-id check, which keeps each id it has seen
// (~130 bytes a row).
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  errorCsvLine,
  ERROR_CSV_HEADER,
  FeedFileError,
  importFile,
  type TImportedProduct,
} from '@feedloom/catalog';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction, type TDb } from '../../db/client';
import { queryRows } from '../../db/client';
import {
  data_sources,
  import_files,
  import_runs,
  shops,
  type TDataSourceRow,
  type TImportRunRow,
} from '../../db/schema';
import { addSeconds, type TClock } from '../../lib/clock';
import type { TOutboundGuard } from '../../lib/outbound';
import type { TMailer } from '../../mail/mailer';
import { importRunMail } from '../../mail/templates';
import {
  judgeProduct,
  sameContentOf,
  shopDefaults,
  type TJudged,
  type TJudgingShop,
  type TSameContent,
  writeStatuses,
} from '../catalogue';
import { productOf, type TProductLayers } from '../catalogue';
import { FetchFailure, fetchCsv } from './fetch';
import { DATA_SOURCE_API_MSG as M } from './messages';
import { jsonText } from '../../db/json';
import { openStager, type TListStatuses, type TStagedRow, type TStagedStatus, type TStager } from './staging';
import { FileTooLargeError, openKeptFile, readKeptFile } from './storage';

export interface TImportSettings {
  holdShare: number;
  batchSize: number;
  fetchTimeoutMs: number;
  allowPrivateUrls: boolean;
  /** The outbound guard's resolver and exceptions (tests: an injected DNS and the fixture server). */
  outbound?: Omit<TOutboundGuard, 'allowPrivate'>;
  /** The run's lease (IMPORT_LEASE_SECONDS, IMPORT_HEARTBEAT_SECONDS); DEFAULT_IMPORT_LEASE when not given. */
  lease?: TImportLease;
}

export interface TImportLease {
  /** How long a run stays its worker's without a renewal. */
  seconds: number;
  /** How often the worker renews it. */
  heartbeatSeconds: number;
}
export const DEFAULT_IMPORT_LEASE: TImportLease = { seconds: 30, heartbeatSeconds: 10 };

/**
 * Starts a run may have: the first, and the resumptions after a worker died (or an attempt failed). A file that
 * brings its worker down every time ends failed, and frees its data source, after this many.
 */
export const IMPORT_MAX_ATTEMPTS = 3;

/** An attempt no longer holds its run (its lease passed and another attempt took it over, or the run ended). */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
}

/** The condition on import_runs of a run whose worker is taken for dead: running, and its lease passed or let go. */
const lapsed = (now: Date) =>
  sql`${import_runs.status} = 'running' and (${import_runs.lease_until} is null or ${import_runs.lease_until} < ${now})`;

export interface TImportDeps {
  db: TDb;
  clock: TClock;
  settings: TImportSettings;
  /** Sends the notification emails; without it (the demo seed) none is sent. */
  mailer?: TMailer;
  /** The web app's address, for the link in the notification emails. */
  appUrl?: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Records a finished, failed or held run as a notification of its shop (never throws). */
  notifications?: { importRunOutcome(runId: string): Promise<unknown> };
}

/**
 * Test hook: called (and awaited) after each merged batch. A test throws from it to play an attempt that fails
 * mid-import, or changes the run from it to play another worker taking the run over.
 */
export interface TRunOptions {
  afterBatch?: (batch: number) => void | Promise<void>;
}

const SAMPLE_SIZE = 100;
/** Products judged ahead between two turns of the event loop: a few milliseconds of work. */
const YIELD_EVERY = 200;
/** The error report goes to its kept file in pieces of about this many characters. */
const REPORT_PIECE_CHARS = 64 * 1024;

/** A product of the batch being read, as it will be stored (its JSON is written when the batch is merged). */
interface TPending {
  product_key: string;
  /** The first file row of this piece, and how many rows it was read from (for the report). */
  row: number;
  row_count: number;
  /** See TStagedRow.piece. */
  piece: number;
  offer_id: string;
  item_group_id: string | null;
  source: Record<string, unknown>;
  source_custom: Record<string, string>;
  variants: { id: string; offer_id: string; source: unknown; custom: Record<string, string> }[];
}

/** A product of a batch whose key another data source of the shop brought first (see mergeBatch). */
interface TClaimed {
  product_key: string;
  offer_id: string;
  row: number;
  rows: number;
  /** The name of the data source that keeps it. */
  owner: string;
}

/** The product as stored: product settings applied, row numbers left out (they move when rows move). */
const pendingOf = (p: TImportedProduct, source: TDataSourceRow): TPending => {
  const values = p.source as Record<string, unknown>;
  if (
    !p.append &&
    source.inventory_quantity !== null &&
    (values.inventory_qty === undefined || values.inventory_qty === null)
  ) {
    values.inventory_qty = source.inventory_quantity;
  }
  const sku = typeof values.sku === 'string' && values.sku.trim() !== '' ? values.sku.trim() : null;
  const key = source.product_id_format === 'sku' && p.variants.length === 0 && sku ? sku : p.product_id;
  return {
    product_key: key,
    row: p.row_numbers[0] ?? 0,
    row_count: p.row_numbers.length,
    piece: p.append ? (p.row_numbers[0] ?? 1) : 0,
    offer_id: key === p.product_id ? p.offer_id : key,
    item_group_id: p.item_group_id ?? null,
    source: values,
    source_custom: p.custom,
    variants: p.variants.map((v) => ({ id: v.id, offer_id: v.offer_id, source: v.source, custom: v.custom })),
  };
};

/** The staged row: JSON written once, and the content hash taken of that same text. */
const stagedOf = (p: TPending): TStagedRow => {
  const head = JSON.stringify([p.product_key, p.offer_id, p.item_group_id]);
  const source = JSON.stringify(p.source);
  const custom = JSON.stringify(p.source_custom);
  const variants = JSON.stringify(p.variants);
  const hash = createHash('sha1')
    .update(head)
    .update('\n')
    .update(source)
    .update('\n')
    .update(custom)
    .update('\n')
    .update(variants)
    .digest('hex');
  return {
    product_key: p.product_key,
    piece: p.piece,
    offer_id: p.offer_id,
    item_group_id: p.item_group_id,
    source,
    source_custom: custom,
    variants,
    source_hash: hash,
  };
};

/**
 * A batch ready to merge: its rows serialised and hashed and, when the run is creating products, each product
 * judged as a new one (no overrides) — work done while the database merges the batch before.
 */
interface TPrepared {
  products: TPending[];
  rows: TStagedRow[];
  /** Judgements of the batch's products as new ones, by product key; absent when not judged ahead. */
  judged?: Map<string, TJudged[]>;
}

/** A new product as judged (it has no override layer yet). */
const judgeNew = (p: TPending, shop: TJudgingShop) =>
  judgeProduct(productOf({ ...p, custom: {} }), shop);

const prepare = async (
  products: TPending[],
  shop: TJudgingShop,
  judgeAhead: boolean,
): Promise<TPrepared> => {
  const rows = products.map(stagedOf);
  if (!judgeAhead) return { products, rows };
  const judged = new Map<string, TJudged[]>();
  let sinceTurn = 0;
  for (const p of products) {
    if (p.piece === 0) judged.set(p.product_key, judgeNew(p, shop));
    if (++sinceTurn % YIELD_EVERY === 0) await nextTurn();
  }
  return { products, rows, judged };
};

/** A new product's list columns (migration 0017), from its judged statuses. */
const listStatusesOf = (judged: readonly TJudged[]): TListStatuses => {
  const of = (channel: string) => judged.find((j) => j.channel === channel)?.status ?? null;
  return { google_status: of('google'), microsoft_status: of('microsoft'), meta_status: of('meta') };
};

/**
 * On PostgreSQL a batch's commit does not wait for its WAL to reach the disk: the server outlives the worker, so
 * a killed worker loses nothing committed (a crash of the server itself can lose the last batches, with their
 * import_run_items and the run's figures, all in one transaction: the resumed run merges them again). Never on
 * PGlite: its database dies with the process, and a commit whose WAL had not reached the file was gone after a
 * restart, with the products and progress already shown.
 */
const relaxedCommit = async (stager: TStager, t: TDb) => {
  if (stager.separateServer) await t.execute(sql`set local synchronous_commit = off`);
};

export const createImportJob = (deps: TImportDeps) => {
  const { db, clock, settings } = deps;
  const lease = settings.lease ?? DEFAULT_IMPORT_LEASE;
  /**
   * Runs this process is running now. Their leases may pass while the process is starved (a loaded machine
   * delays the heartbeat): the lease check of this process leaves them alone, as only a dead worker's runs are
   * its business (another worker may still take them over; the attempt then stops at its next write).
   */
  const inHand = new Set<string>();

  const setRun = (id: string, values: Partial<TImportRunRow>) =>
    db.update(import_runs).set(values).where(eq(import_runs.id, id));

  /**
   * Writes `values` on the run if attempt `attempt` still holds it, and moves its lease on (`ends`: lets go of
   * it instead, the run having its outcome); throws LeaseLostError otherwise. Run inside a write's transaction
   * first, it also locks the run's row until the commit.
   */
  const hold = async (
    t: TDb,
    runId: string,
    attempt: number,
    values: PgUpdateSetSource<typeof import_runs> = {},
    ends = false,
  ) => {
    const [row] = await t
      .update(import_runs)
      .set({ ...values, lease_until: ends ? null : addSeconds(clock.now(), lease.seconds) })
      .where(
        and(eq(import_runs.id, runId), eq(import_runs.attempts, attempt), eq(import_runs.status, 'running')),
      )
      .returning({ id: import_runs.id });
    if (!row) throw new LeaseLostError(`import run ${runId}: attempt ${attempt} no longer holds it`);
  };

  /**
   * Takes the run for a new attempt: a queued run, or a running one whose lease passed with starts left.
   * Answers it with its attempt number (attempts), or null when it is not to be run here.
   */
  const claim = async (runId: string): Promise<TImportRunRow | null> => {
    const now = clock.now();
    const [row] = await db
      .update(import_runs)
      .set({
        status: 'running',
        started_at: sql`coalesce(${import_runs.started_at}, ${now})`,
        attempts: sql`${import_runs.attempts} + 1`,
        lease_until: addSeconds(now, lease.seconds),
      })
      .where(
        sql`${import_runs.id} = ${runId}::uuid and (${import_runs.status} = 'queued'
          or (${lapsed(now)} and ${import_runs.attempts} < ${IMPORT_MAX_ATTEMPTS}))`,
      )
      .returning();
    return row ?? null;
  };

  /** Renews the attempt's lease every heartbeatSeconds until stopped; `lost` once it no longer holds the run. */
  const heartbeat = (runId: string, attempt: number) => {
    let lost = false;
    const timer = setInterval(() => {
      hold(db, runId, attempt).catch((err: unknown) => {
        if (err instanceof LeaseLostError) lost = true;
        else deps.log?.warn({ err, run_id: runId }, 'import lease not renewed');
      });
    }, lease.heartbeatSeconds * 1000);
    timer.unref();
    return {
      get lost() {
        return lost;
      },
      stop: () => clearInterval(timer),
    };
  };

  /**
   * Judges `merged` (products this run created or changed, with their layers) for every channel and stores
   * their statuses: a product the batch created has none yet, so its statuses are written straight into the
   * table (COPY on PostgreSQL), as judged before the merge when they were (`judged`); the others are upserted
   * in one statement (unchanged statuses left alone).
   */
  const storeStatuses = async (
    stager: TStager,
    t: TDb,
    run: TImportRunRow,
    shop: TJudgingShop,
    merged: { id: string; layers: TProductLayers; created: boolean; judged?: TJudged[]; before?: TProductLayers }[],
  ) => {
    const created: TStagedStatus[] = [];
    const changed: TStagedStatus[] = [];
    const sameContent: TSameContent[number][] = [];
    for (const m of merged) {
      let judged = m.created ? m.judged : undefined;
      if (!judged) {
        const product = productOf(m.layers);
        judged = judgeProduct(product, shop);
        if (m.before)
          sameContent.push(...sameContentOf(m.id, productOf(m.before), product, shopDefaults(shop)));
      }
      for (const j of judged) {
        (m.created ? created : changed).push({
          product_id: m.id,
          channel: j.channel,
          status: j.status,
          issues: JSON.stringify(j.issues),
        });
      }
    }
    if (created.length > 0) await stager.insertStatuses(t, run.shop_id, created);
    if (changed.length === 0) return;
    await writeStatuses(t, run.shop_id, await stager.statuses(t, changed), { sameContent });
  };

  /**
   * Merges one batch (see the header) through `stager`, and moves the run's counters on in the same
   * transaction: answers how many of its products were new (created) and how many were merged in all.
   */
  const mergeBatch = async (
    stager: TStager,
    run: TImportRunRow,
    shop: TJudgingShop,
    prepared: TPrepared,
    progress: { rows_read: number; rows_rejected: number },
  ): Promise<{ created: number; merged: number; claimed: TClaimed[] }> => {
    const { products: batch, rows } = prepared;
    return inTransaction(stager.db, async (t) => {
      await relaxedCommit(stager, t);
      // The attempt still holds the run (else nothing is written), and the run's figures move on with the
      // batch they count. A resumed attempt reads the file from its start again: the figures an earlier attempt
      // committed stand until it passes them.
      await hold(t, run.id, run.attempts, {
        rows_read: sql`greatest(${import_runs.rows_read}, ${progress.rows_read})`,
        rows_rejected: sql`greatest(${import_runs.rows_rejected}, ${progress.rows_rejected})`,
      });
      // Phase 1, keys and hashes only: which of the batch's products this run has not merged yet (a retry
      // skips what a crashed attempt merged) and, of those, which are new or differ from what is stored (a
      // product that came in pieces last time is compared by its first piece: joinPieces compares the rest).
      const keys = await stager.keys(t, rows);
      const wanted = await queryRows<{
        product_key: string;
        piece: number;
        is_new: boolean;
        owner: string | null;
      }>(
        t,
        sql`
          with k as ${keys},
          fresh as (
            insert into import_run_items (run_id, product_key, piece)
            select ${run.id}::uuid, product_key, piece from k
            on conflict do nothing
            returning product_key, piece
          )
          select f.product_key, f.piece, f.piece = 0 and p.id is null as is_new,
            case when p.data_source_id <> ${run.data_source_id}::uuid then d.data_source_name end as owner
          from fresh f join k on k.product_key = f.product_key and k.piece = f.piece
          left join products p on f.piece = 0 and p.shop_id = ${run.shop_id}::uuid and p.product_key = f.product_key
          left join data_sources d on d.id = p.data_source_id
          where f.piece > 0 or p.id is null or coalesce(p.head_hash, p.source_hash) is distinct from k.source_hash
            or p.data_source_id is distinct from ${run.data_source_id}::uuid`,
      );
      // A key another data source of the shop brought first stays with it: this source's row is reported,
      // the claim recorded for the product's detail, and the key left out of this run (neither merged nor
      // counted as seen, so it is never this source's to remove either).
      const claimed: TClaimed[] = [];
      const byPiece0 = new Map<string, TPending>();
      for (const p of batch) if (p.piece === 0) byPiece0.set(p.product_key, p);
      for (const w of wanted) {
        const p = w.owner === null ? undefined : byPiece0.get(w.product_key);
        if (p)
          claimed.push({
            product_key: p.product_key,
            offer_id: p.offer_id,
            row: p.row,
            rows: p.row_count,
            owner: w.owner as string,
          });
      }
      if (claimed.length > 0) {
        const keys = jsonText(claimed.map((c) => c.product_key));
        await t.execute(sql`
          with k as (select value as product_key from jsonb_array_elements_text(${keys}::jsonb)),
          forgotten as (
            delete from import_run_items i using k
            where i.run_id = ${run.id}::uuid and i.piece = 0 and i.product_key = k.product_key
          )
          insert into product_offer_claims (shop_id, product_key, data_source_id, run_id)
          select ${run.shop_id}::uuid, k.product_key, ${run.data_source_id}::uuid, ${run.id}::uuid from k
          on conflict (shop_id, product_key, data_source_id) do update set run_id = excluded.run_id, seen_at = now()`);
      }
      const claimedKeys = new Set(claimed.map((c) => c.product_key));
      const taken =
        claimed.length === 0 ? wanted : wanted.filter((w) => w.piece > 0 || !claimedKeys.has(w.product_key));
      if (taken.length === 0) return { created: 0, merged: 0, claimed };
      // Phase 2: only those products' full rows are staged and written; a later piece of a product waits in
      // import_run_items for the end of the run (joinPieces).
      // A product not stored yet has no overrides: it is judged here, from its source layers, once. Its list
      // columns go in with its row (the status trigger then has nothing to update) and its status rows are
      // these same judgements.
      const want = new Map(taken.map((w) => [`${w.piece}:${w.product_key}`, w.is_new]));
      const byKey = new Map<string, TPending>();
      for (const p of batch) if (p.piece === 0) byKey.set(p.product_key, p);
      const judgedNew = new Map<string, TJudged[]>();
      const incoming = await stager.products(
        t,
        rows.flatMap((r) => {
          const isNew = want.get(`${r.piece}:${r.product_key}`);
          if (isNew === undefined) return [];
          if (!isNew) return [r];
          const judged = prepared.judged?.get(r.product_key) ?? judgeNew(byKey.get(r.product_key)!, shop);
          judgedNew.set(r.product_key, judged);
          return [{ ...r, list_statuses: listStatusesOf(judged) }];
        }),
      );
      // The stored version of the products it changes (read in the statement's snapshot, before the merge):
      // what the channels were sent, so that a change that sends the same keeps the channel's word.
      const changedKeys = wanted.filter((w) => !w.is_new && w.piece === 0).map((w) => w.product_key);
      const merged = await queryRows<{
        id: string;
        product_key: string;
        custom: Record<string, unknown>;
        created: boolean;
        before: TProductLayers | null;
      }>(
        t,
        sql`
          with incoming as ${incoming},
          before as (
            select p.product_key, jsonb_build_object('product_key', p.product_key, 'offer_id', p.offer_id,
              'item_group_id', p.item_group_id, 'source', p.source, 'source_custom', p.source_custom,
              'variants', p.variants, 'custom', p.custom) as layers
            from products p where p.shop_id = ${run.shop_id}::uuid
              and p.product_key in (select jsonb_array_elements_text(${JSON.stringify(changedKeys)}::jsonb))
          ),
          upserted as (
            insert into products as p (shop_id, product_key, offer_id, item_group_id, data_source_id, source,
              source_custom, variants, source_hash, last_run_id, google_status, microsoft_status, meta_status)
            select ${run.shop_id}::uuid, i.product_key, i.offer_id, i.item_group_id, ${run.data_source_id}::uuid,
              i.source, i.source_custom, i.variants, i.source_hash, ${run.id}::uuid, i.google_status,
              i.microsoft_status, i.meta_status
            from incoming i
            where i.piece = 0
            -- The list columns of a stored product are the status trigger's: never set here.
            on conflict (shop_id, product_key) do update set
              offer_id = excluded.offer_id, item_group_id = excluded.item_group_id,
              data_source_id = excluded.data_source_id, source = excluded.source,
              source_custom = excluded.source_custom, variants = excluded.variants,
              source_hash = excluded.source_hash, head_hash = null, head_variants = null,
              last_run_id = excluded.last_run_id, updated_at = now()
            -- Never another data source's product (the source that brought a key first keeps it).
            where (p.data_source_id is null or p.data_source_id = excluded.data_source_id)
              and (coalesce(p.head_hash, p.source_hash) is distinct from excluded.source_hash
                or p.data_source_id is distinct from excluded.data_source_id)
            returning p.id, p.product_key, p.custom, p.xmax = 0 as created
          ),
          counted as (
            update import_runs set rows_imported = rows_imported + (select count(*) from upserted)
            where id = ${run.id}::uuid
          ),
          pieces as (
            update import_run_items r set variants = i.variants, source_hash = i.source_hash
            from incoming i
            where i.piece > 0 and r.run_id = ${run.id}::uuid and r.product_key = i.product_key and r.piece = i.piece
            returning 1
          )
          select u.id::text as id, u.product_key, u.custom, u.created, b.layers as before
          from upserted u left join before b on b.product_key = u.product_key`,
      );
      if (merged.length > 0) {
        await storeStatuses(
          stager,
          t,
          run,
          shop,
          merged.map((m) => ({
            id: m.id,
            layers: { ...byKey.get(m.product_key)!, custom: m.custom },
            created: m.created,
            judged: judgedNew.get(m.product_key),
            before: m.before ?? undefined,
          })),
        );
      }
      return { created: judgedNew.size, merged: merged.length, claimed };
    });
  };

  /**
   * The end of a run's reading: products whose rows came apart in the file get their later pieces (kept in
   * import_run_items, in file order), and a product that came in pieces last time but not now loses them.
   * A product whose pieces are all as last time is not written (its hash chains the pieces' hashes). Those
   * it changes are judged again; one transaction.
   */
  const joinPieces = async (run: TImportRunRow, shop: TJudgingShop) => {
    const stager = await openStager(db);
    try {
      await inTransaction(stager.db, async (t) => {
        await relaxedCommit(stager, t);
        await hold(t, run.id, run.attempts);
        const joined = await queryRows<TProductLayers & { id: string; counted: boolean }>(
          t,
          sql`
            with tails as (
              select product_key, md5(string_agg(source_hash, '' order by piece)) as hash,
                jsonb_agg(v order by piece, o) as variants
              from import_run_items, jsonb_array_elements(variants) with ordinality as x(v, o)
              where run_id = ${run.id}::uuid and piece > 0
              group by product_key
            ),
            -- Driven by the few products that have pieces now or had them before (never a join of the whole
            -- catalogue with the run's keys, which stale statistics can turn into a nested loop).
            cand as (
              select product_key from tails
              union
              select product_key from products
              where shop_id = ${run.shop_id}::uuid and data_source_id = ${run.data_source_id}::uuid
                and head_variants is not null
            ),
            seen as (
              select p.id, p.last_run_id, tl.hash as tail_hash, coalesce(tl.variants, '[]'::jsonb) as tail,
                coalesce(p.head_hash, p.source_hash) as head_hash,
                case when p.head_variants is null then p.variants else coalesce((
                  select jsonb_agg(v order by o) from jsonb_array_elements(p.variants) with ordinality as y(v, o)
                  where o <= p.head_variants), '[]'::jsonb) end as head
              from cand c
              join products p on p.shop_id = ${run.shop_id}::uuid and p.product_key = c.product_key
                and p.data_source_id = ${run.data_source_id}::uuid
              left join tails tl on tl.product_key = c.product_key
              where exists (select 1 from import_run_items i0
                where i0.run_id = ${run.id}::uuid and i0.piece = 0 and i0.product_key = c.product_key)
            ),
            next as (
              select s.*, case when s.tail_hash is null then s.head_hash
                else md5(s.head_hash || s.tail_hash) end as hash
              from seen s
            )
            update products p set variants = n.head || n.tail, source_hash = n.hash,
              head_hash = case when n.tail_hash is null then null else n.head_hash end,
              head_variants = case when n.tail_hash is null then null else jsonb_array_length(n.head) end,
              last_run_id = ${run.id}::uuid, updated_at = now()
            from next n
            where p.id = n.id and p.source_hash is distinct from n.hash
            returning p.id::text as id, n.last_run_id is not distinct from ${run.id}::uuid as counted,
              p.product_key, p.offer_id, p.item_group_id, p.source, p.source_custom, p.variants, p.custom`,
        );
        await storeStatuses(
          stager,
          t,
          run,
          shop,
          joined.map(({ id, counted: _counted, ...layers }) => ({ id, layers, created: false })),
        );
        const added = joined.filter((j) => !j.counted).length;
        if (added > 0) {
          await t.execute(sql`
            update import_runs set rows_imported = rows_imported + ${added} where id = ${run.id}::uuid`);
        }
      });
    } finally {
      await stager.close();
    }
  };

  /** Products of the run's source that the run did not see (what a full re-import removes). */
  const missingWhere = (run: TImportRunRow) => sql`
    p.shop_id = ${run.shop_id}::uuid and p.data_source_id = ${run.data_source_id}::uuid
    and not exists (select 1 from import_run_items i where i.run_id = ${run.id}::uuid and i.product_key = p.product_key)`;

  const removeMissing = async (run: TImportRunRow, t: TDb = db): Promise<number> => {
    const rows = await queryRows<{ n: number }>(
      t,
      sql`with gone as (delete from products p where ${missingWhere(run)} returning 1) select count(*)::int as n from gone`,
    );
    return rows[0]?.n ?? 0;
  };

  /** Products the run created or changed (counted batch by batch) and the ones it found unchanged. */
  const itemCounts = async (runId: string) => {
    const [row] = await queryRows<{ imported: number; seen: number }>(
      db,
      sql`select r.rows_imported as imported,
            (select count(*)::int from import_run_items i where i.run_id = r.id and i.piece = 0) as seen
          from import_runs r where r.id = ${runId}::uuid`,
    );
    const imported = row?.imported ?? 0;
    return { imported, unchanged: Math.max(0, (row?.seen ?? 0) - imported) };
  };

  /** What a finished run no longer needs: the keys it saw (a held run keeps them until it is confirmed). */
  const forgetItems = (runId: string) =>
    db.execute(sql`delete from import_run_items where run_id = ${runId}::uuid`);

  /**
   * Mails the run's outcome to the source's notification address. A mail that cannot go out is logged, never
   * thrown: the run is already recorded, and retrying the job would not send it again.
   */
  const notify = async (runId: string) => {
    await deps.notifications?.importRunOutcome(runId);
    if (!deps.mailer) return;
    try {
      const [row] = await queryRows<{
        notification_email: string | null;
        data_source_name: string;
        shop_name: string;
      }>(
        db,
        sql`select d.notification_email, d.data_source_name, s.shop_name
            from import_runs r join data_sources d on d.id = r.data_source_id join shops s on s.id = r.shop_id
            where r.id = ${runId}::uuid`,
      );
      const [run] = await db.select().from(import_runs).where(eq(import_runs.id, runId));
      if (!row?.notification_email || !run) return;
      if (run.status !== 'succeeded' && run.status !== 'failed' && run.status !== 'held') return;
      const link = `${(deps.appUrl ?? '').replace(/\/$/, '')}/data-source/${encodeURIComponent(run.shop_id)}`;
      await deps.mailer.send(
        importRunMail(row.notification_email, {
          sourceName: row.data_source_name,
          shopName: row.shop_name,
          run: { ...run, status: run.status },
          link,
        }),
      );
    } catch (err) {
      deps.log?.warn({ err, run_id: runId }, 'import notification email could not be sent');
    }
  };

  /**
   * Marks a run failed with `reason` (the merchant's sentence), which frees its data source, and tells the
   * notification address. Only the attempt that holds it (`{ attempt }`) or, for a run whose worker is taken
   * for dead, the lease check (`'lapsed'`) fails a running run; answers whether it did.
   */
  const fail = async (
    runId: string,
    reason: string = M.crashed,
    by: { attempt: number } | 'lapsed' = 'lapsed',
  ): Promise<boolean> => {
    const [row] = await db
      .update(import_runs)
      .set({ status: 'failed', message: M.failed(reason), finished_at: clock.now(), lease_until: null })
      .where(
        by === 'lapsed'
          ? sql`${import_runs.id} = ${runId}::uuid and ${lapsed(clock.now())}`
          : sql`${import_runs.id} = ${runId}::uuid and ${import_runs.status} = 'running'
              and ${import_runs.attempts} = ${by.attempt}`,
      )
      .returning({ id: import_runs.id });
    if (!row) return false;
    await forgetItems(runId);
    await notify(runId);
    return true;
  };

  /** Running runs whose worker is taken for dead (their lease passed; not one running here), oldest first. */
  const lapsedRuns = async (limit: number) =>
    (
      await db
        .select({ id: import_runs.id, attempts: import_runs.attempts })
        .from(import_runs)
        .where(lapsed(clock.now()))
        .orderBy(import_runs.created_at)
        .limit(limit)
    )
      .filter((r) => !inHand.has(r.id))
      .map((r) => ({ ...r, resumable: r.attempts < IMPORT_MAX_ATTEMPTS }));

  /**
   * Lets go of every running run at once: for the start-up of the only process of an embedded (PGlite)
   * database, whose runs were all its previous life's. Never where other workers share the database.
   */
  const releaseAll = () =>
    db.update(import_runs).set({ lease_until: null }).where(eq(import_runs.status, 'running'));

  /** The file of a URL run: downloaded once per run and kept, so a retry imports the same bytes. */
  const fileOf = async (run: TImportRunRow, source: TDataSourceRow): Promise<string> => {
    if (run.file_id) return run.file_id;
    if (source.source_type !== 'url' || !source.url) throw new FetchFailure(M.noFile);
    const kept = await fetchCsv(db, {
      shop_id: run.shop_id,
      url: source.url,
      timeoutMs: settings.fetchTimeoutMs,
      guard: { ...settings.outbound, allowPrivate: settings.allowPrivateUrls },
    });
    await hold(db, run.id, run.attempts, {
      file_id: kept.id,
      file_name: kept.file_name,
      file_size: kept.size,
    });
    await db
      .update(data_sources)
      .set({ file_id: kept.id, file_name: kept.file_name })
      .where(eq(data_sources.id, source.id));
    return kept.id;
  };

  /**
   * Runs (or resumes) one import. Idempotent by run id: a finished, held or discarded run is left alone, and so
   * is one another attempt holds; a run whose worker died (its lease passed) starts again and skips what it
   * had merged. An attempt that throws lets go of the run for the lease check to resume it (the last one fails
   * it) and throws on; an attempt that lost its run stops without a word to it.
   */
  const run = async (runId: string, opts: TRunOptions = {}): Promise<void> => {
    const claimed = await claim(runId);
    if (!claimed) return;
    const beat = heartbeat(runId, claimed.attempts);
    inHand.add(runId);
    try {
      await attempt(claimed, beat, opts);
    } catch (err) {
      if (err instanceof LeaseLostError) {
        deps.log?.warn(
          { run_id: runId, attempt: claimed.attempts },
          'import run taken over: this attempt stops',
        );
        return;
      }
      if (claimed.attempts >= IMPORT_MAX_ATTEMPTS)
        await fail(runId, M.crashed, { attempt: claimed.attempts });
      else {
        await db
          .update(import_runs)
          .set({ lease_until: null })
          .where(and(eq(import_runs.id, runId), eq(import_runs.attempts, claimed.attempts)));
      }
      throw err;
    } finally {
      beat.stop();
      inHand.delete(runId);
    }
  };

  /** One attempt at the run `runRow` (claimed: its `attempts` is this attempt's number). */
  const attempt = async (
    runRow: TImportRunRow,
    beat: { readonly lost: boolean },
    opts: TRunOptions,
  ): Promise<void> => {
    const runId = runRow.id;
    const own = { attempt: runRow.attempts };
    const [source] = await db.select().from(data_sources).where(eq(data_sources.id, runRow.data_source_id));
    const [shop] = await db.select().from(shops).where(eq(shops.id, runRow.shop_id));
    if (!source || !shop) return;

    let fileId: string;
    try {
      fileId = await fileOf(runRow, source);
    } catch (err) {
      if (err instanceof FetchFailure || err instanceof FileTooLargeError) {
        await fail(runId, err instanceof FileTooLargeError ? M.fetchFailed.tooLarge : err.message, own);
        return;
      }
      throw err;
    }

    // The error report is written as a kept file while the file is read: memory holds one piece of it. A retry
    // writes it again (the file a crashed attempt began is removed first).
    const reportName = `import-errors-${runId}.csv`;
    await db
      .delete(import_files)
      .where(and(eq(import_files.shop_id, runRow.shop_id), eq(import_files.file_name, reportName)));
    const report = await openKeptFile(db, {
      shop_id: runRow.shop_id,
      file_name: reportName,
      content_type: 'text/csv',
    });
    let reportPiece = ERROR_CSV_HEADER;
    let reportLines = 0;
    /** Rows of products another data source keeps (see mergeBatch): rejected. */
    let claimedRows = 0;
    let batchNo = 0;
    const imp = await importFile(readKeptFile(db, fileId), {
      edits: source.mapping,
      shop: { currency: shop.shop_currency, url: shop.shop_url },
      dataSourceName: source.data_source_name,
      productKey: source.product_id_format,
    });
    if (imp.file.problem !== null) {
      await report.discard();
      await fail(runId, imp.file.problem, own);
      return;
    }

    let batch = new Map<string, TPending>();
    // One merge in flight while the next batch is read and prepared: the database works on batch n while this
    // process parses, validates, serialises and (while the run is creating products) judges batch n + 1, so
    // the merge of n + 1 finds that work done. Merges still run one at a time and in file order. A run that
    // finds its products stored (a re-import) judges only what changed, after the merge (with the overrides).
    let merging: Promise<void> = Promise.resolve();
    // A source with no products stored yet (a first import) creates what it reads: judged ahead from the
    // first batch. Later, the share of new products in the last merge decides.
    const [stored] = await queryRows<{ any: boolean }>(
      db,
      sql`select exists (select 1 from products where shop_id = ${runRow.shop_id}::uuid
            and data_source_id = ${runRow.data_source_id}::uuid) as any`,
    );
    let judgeAhead = stored?.any === false;
    // The rows handed over so far: those of the products read (all in this batch or merged before it) and the
    // rejected ones. What a batch's commit shows as read: the parser's own count runs up to a piece ahead.
    let rowsDone = 0;
    let rejectedDone = 0;
    let lastRejectedRow = -1;
    const flush = async () => {
      if (batch.size === 0) return;
      if (beat.lost)
        throw new LeaseLostError(`import run ${runId}: attempt ${runRow.attempts} lost its lease`);
      const products = [...batch.values()];
      batch = new Map();
      const counters = { rows_read: rowsDone, rows_rejected: rejectedDone };
      const prepared = await prepare(products, shop, judgeAhead);
      await merging;
      const merge = (async () => {
        const stager = await openStager(db);
        try {
          const { created, claimed } = await mergeBatch(stager, runRow, shop, prepared, counters);
          judgeAhead = created * 2 >= prepared.products.length;
          for (const c of claimed) {
            claimedRows += c.rows;
            reportLines += 1;
            reportPiece += errorCsvLine({
              kind: 'error',
              row_number: c.row,
              column: imp.mapping.columns.find((col) => col.target === 'id')?.header ?? 'id',
              message: M.offerClaimed(c.offer_id, c.owner),
            });
          }
        } finally {
          await stager.close();
        }
        batchNo += 1;
        await opts.afterBatch?.(batchNo);
      })();
      // Marked as handled now; the next flush (or the end of the file) awaits it and throws its error.
      merge.catch(() => undefined);
      merging = merge;
    };

    // The import hands its results over a piece of the file (64K characters) at a time. Parsing a piece runs
    // on promises that are already settled, which never let the database's answers in: after each piece the
    // loop gives way, so the merge in flight goes on without waiting for the next batch to be read.
    /**
     * A product the import emitted and then took back (a WooCommerce variable product none of whose
     * variations came): out of the batch, or, once merged, out of the run's keys, so the end of the run
     * removes it as a product the file no longer has.
     */
    const withdraw = async (productKey: string) => {
      if (batch.delete(productKey)) return;
      await merging;
      await db.execute(sql`
        delete from import_run_items
        where run_id = ${runId}::uuid and product_key = ${productKey} and piece = 0`);
    };

    try {
      for await (const results of imp.resultBatches) {
        await nextTurn();
        for (const result of results) {
          if (result.kind === 'error') {
            if (result.withdraws !== undefined) await withdraw(result.withdraws);
            // A rejected row's errors come one after the other: the row counts once.
            if (result.row_number !== lastRejectedRow) {
              lastRejectedRow = result.row_number;
              rejectedDone += 1;
              rowsDone += 1;
            }
            reportLines += 1;
            reportPiece += errorCsvLine(result);
            if (reportPiece.length >= REPORT_PIECE_CHARS) {
              await report.write(reportPiece);
              reportPiece = '';
            }
            continue;
          }
          rowsDone += result.row_numbers.length;
          const pending = pendingOf(result, source);
          const earlier = batch.get(pending.product_key);
          if (earlier) {
            // A later piece of a product of this batch (its rows apart in the file): its variants join it. A
            // piece of a product of an earlier batch is staged on its own and appended by the merge.
            earlier.variants.push(...pending.variants);
            continue;
          }
          batch.set(pending.product_key, pending);
          if (batch.size >= settings.batchSize) await flush();
        }
      }
    } catch (err) {
      if (!(err instanceof FeedFileError)) throw err;
      // An XML feed found malformed past its first items: the run fails with the line, and no product is
      // removed on the strength of a file read halfway (the batches merged so far stay).
      await merging;
      await report.discard();
      await fail(runId, err.message, own);
      return;
    }
    if (imp.stats.rows_read === 0) {
      // Nothing to import, and nothing to remove on the strength of an empty file.
      await report.discard();
      await fail(runId, imp.file.headers.length === 0 ? M.emptyFile : M.noRows, own);
      return;
    }
    await flush();
    await merging;
    await joinPieces(runRow, shop);
    let reportFileId: string | null = null;
    if (reportLines > 0) {
      await report.write(reportPiece);
      reportFileId = (await report.close()).id;
    } else await report.discard();
    // Rows, not error lines: a row with three errors is one rejected row.
    const rejected = imp.stats.rows_rejected + claimedRows;

    const counts = await itemCounts(runId);
    const unknown = imp.mapping.unknown_columns;
    await db
      .update(data_sources)
      .set({
        columns: imp.mapping.columns.map((c) => ({
          header: c.header,
          target: String(c.target),
          suggested: String(c.suggested),
        })),
      })
      .where(eq(data_sources.id, source.id));

    const [missing] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products p where ${missingWhere(runRow)}`,
    );
    const [total] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products where shop_id = ${runRow.shop_id}::uuid`,
    );
    const wouldRemove = missing?.n ?? 0;
    const shopProducts = total?.n ?? 0;
    const base = {
      rows_read: imp.stats.rows_read,
      rows_rejected: rejected,
      rows_imported: counts.imported,
      rows_unchanged: counts.unchanged,
      unknown_columns: unknown,
      report_file_id: reportFileId,
    };
    if (wouldRemove > 0 && wouldRemove > settings.holdShare * shopProducts) {
      const sample = await queryRows<{ product_key: string }>(
        db,
        sql`select p.product_key from products p where ${missingWhere(runRow)} order by p.id limit ${SAMPLE_SIZE}`,
      );
      await hold(
        db,
        runId,
        runRow.attempts,
        {
          ...base,
          status: 'held',
          held: {
            would_remove: wouldRemove,
            shop_products: shopProducts,
            threshold: settings.holdShare,
            sample: sample.map((r) => r.product_key),
          },
          message: M.held(wouldRemove, shopProducts, settings.holdShare),
        },
        true,
      );
      await notify(runId);
      return;
    }
    // The removal and the outcome commit together, by the attempt that holds the run.
    await inTransaction(db, async (t) => {
      await hold(t, runId, runRow.attempts);
      const removed = wouldRemove > 0 ? await removeMissing(runRow, t) : 0;
      // Keys this source no longer brings are no longer claimed by it.
      await t.execute(sql`
        delete from product_offer_claims
        where data_source_id = ${runRow.data_source_id}::uuid and run_id <> ${runId}::uuid`);
      await hold(
        t,
        runId,
        runRow.attempts,
        {
          ...base,
          status: 'succeeded',
          rows_removed: removed,
          message: M.succeeded(counts.imported, counts.unchanged, rejected, removed),
          finished_at: clock.now(),
        },
        true,
      );
    });
    await forgetItems(runId);
    await notify(runId);
  };

  /** A held run: remove what it listed (recomputed now) and finish. */
  const confirm = async (run: TImportRunRow): Promise<void> => {
    const removed = await removeMissing(run);
    await setRun(run.id, {
      status: 'succeeded',
      rows_removed: removed,
      message: M.succeeded(run.rows_imported, run.rows_unchanged, run.rows_rejected, removed),
      finished_at: clock.now(),
      lease_until: null,
    });
    await forgetItems(run.id);
    await notify(run.id);
  };

  return { run, confirm, fail, forgetItems, lapsedRuns, releaseAll };
};
export type TImportJob = ReturnType<typeof createImportJob>;
