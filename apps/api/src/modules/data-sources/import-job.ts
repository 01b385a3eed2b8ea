// The import job (issue 10): streams a kept CSV through the catalog's import engine and merges the products
// into the shop's catalogue set-based, one batch per transaction. A batch's rows are staged first (staging.ts:
// COPY into a temp table on PostgreSQL, one jsonb parameter on PGlite), then:
//   1. the batch's keys go into import_run_items (run id, key) ON CONFLICT DO NOTHING: keys a crashed attempt
//      of the same run already merged come back as "not fresh" and are skipped, so a retry neither loses nor
//      doubles a row, and its counts stay exact;
//   2. one INSERT … ON CONFLICT DO UPDATE … WHERE source_hash differs merges the fresh ones; the rows it
//      returns are the products created or changed (the others are unchanged);
//   3. the changed products are validated for every channel and their statuses upserted in one statement;
//   4. the run's progress (rows read, imported, rejected) is written on the run row.
// At the end, products of this source missing from the file are removed, unless that is more than
// IMPORT_HOLD_SHARE of the shop's products: then the run is `held` with what would go, until confirmed.
// A finished, failed or held run mails the data source's notification address (through the mailer, which
// queues on `send-mail` when SMTP is down).
import { createHash } from 'node:crypto';
import {
  CHANNELS,
  channelStatus,
  errorCsvLine,
  ERROR_CSV_HEADER,
  importCsv,
  importedToProduct,
  validateProduct,
  type TChannel,
  type TImportedProduct,
  type TTaxonomy,
} from '@feedloom/catalog';
import { googleTaxonomy } from '@feedloom/catalog/node';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import { queryRows } from '../../db/client';
import { data_sources, import_runs, shops, type TDataSourceRow, type TImportRunRow } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import type { TMailer } from '../../mail/mailer';
import { importRunMail } from '../../mail/templates';
import { FetchFailure, fetchCsv } from './fetch';
import { DATA_SOURCE_API_MSG as M } from './messages';
import { openStager, jsonText as jsonParam, type TStager } from './staging';
import { FileTooLargeError, readKeptFile } from './storage';

export interface TImportSettings {
  holdShare: number;
  batchSize: number;
  fetchTimeoutMs: number;
  allowPrivateUrls: boolean;
}

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

/** Test hook: called after each merged batch (a test throws from it to play a worker killed mid-import). */
export interface TRunOptions {
  afterBatch?: (batch: number) => void;
}

const CHANNEL_KEYS = Object.keys(CHANNELS) as TChannel[];
const MAX_ISSUES_KEPT = 50;
const SAMPLE_SIZE = 100;

let taxonomy: TTaxonomy | undefined;
const shippedTaxonomy = () => (taxonomy ??= googleTaxonomy());

interface TStagedProduct {
  product_key: string;
  offer_id: string;
  item_group_id: string | null;
  source: Record<string, unknown>;
  source_custom: Record<string, string>;
  variants: Record<string, unknown>[];
  source_hash: string;
  imported: TImportedProduct;
}

const hashOf = (p: Omit<TStagedProduct, 'source_hash' | 'imported'>) =>
  createHash('sha1')
    .update(
      JSON.stringify([p.product_key, p.offer_id, p.item_group_id, p.source, p.source_custom, p.variants]),
    )
    .digest('hex');

/** The product as stored: product settings applied, row numbers left out (they move when rows move). */
const stage = (p: TImportedProduct, source: TDataSourceRow): TStagedProduct => {
  const values = { ...(p.source as Record<string, unknown>) };
  if (
    source.inventory_quantity !== null &&
    (values.inventory_qty === undefined || values.inventory_qty === null)
  ) {
    values.inventory_qty = source.inventory_quantity;
  }
  const sku = typeof values.sku === 'string' && values.sku.trim() !== '' ? values.sku.trim() : null;
  const key = source.product_id_format === 'sku' && p.variants.length === 0 && sku ? sku : p.product_id;
  const staged = {
    product_key: key,
    offer_id: key === p.product_id ? p.offer_id : key,
    item_group_id: p.item_group_id ?? null,
    source: values,
    source_custom: p.custom,
    variants: p.variants.map((v) => ({ id: v.id, offer_id: v.offer_id, source: v.source, custom: v.custom })),
  };
  return {
    ...staged,
    source_hash: hashOf(staged),
    imported: { ...p, source: values },
  };
};

export const createImportJob = (deps: TImportDeps) => {
  const { db, clock, settings } = deps;

  const setRun = (id: string, values: Partial<TImportRunRow>) =>
    db.update(import_runs).set(values).where(eq(import_runs.id, id));

  const statusesOf = (p: TStagedProduct, shop: { shop_currency: string; shop_url: string }) => {
    const product = importedToProduct(p.imported);
    let domain: string | undefined;
    try {
      domain = new URL(p.imported.source.link ?? shop.shop_url).hostname;
    } catch {
      domain = undefined;
    }
    return CHANNEL_KEYS.map((channel) => {
      const items = validateProduct(CHANNELS[channel], product, {
        taxonomy: shippedTaxonomy(),
        currency: shop.shop_currency,
        shopDomain: domain,
      });
      const issues = items.flatMap((r) => r.issues.map((i) => ({ item_id: r.item.offerId, ...i })));
      return {
        product_key: p.product_key,
        channel,
        status: channelStatus(issues, { integrated: true }),
        issues: issues.slice(0, MAX_ISSUES_KEPT),
      };
    });
  };

  /** Merges one batch (see the header) through `stager`: returns how many products it created or changed. */
  const mergeBatch = async (
    stager: TStager,
    run: TImportRunRow,
    shop: { shop_currency: string; shop_url: string },
    batch: TStagedProduct[],
  ): Promise<number> => {
    const rows = batch.map(({ imported: _imported, ...rest }) => rest);
    return stager.db.transaction(async (tx) => {
      const t = tx as unknown as TDb;
      const incoming = await stager.products(t, rows);
      const changed = await queryRows<{ product_key: string }>(
        t,
        sql`
          with incoming as ${incoming},
          fresh as (
            insert into import_run_items (run_id, product_key)
            select ${run.id}::uuid, product_key from incoming
            on conflict do nothing
            returning product_key
          )
          insert into products as p (shop_id, product_key, offer_id, item_group_id, data_source_id, source,
            source_custom, variants, source_hash, last_run_id)
          select ${run.shop_id}::uuid, i.product_key, i.offer_id, i.item_group_id, ${run.data_source_id}::uuid,
            i.source, i.source_custom, i.variants, i.source_hash, ${run.id}::uuid
          from incoming i join fresh f using (product_key)
          on conflict (shop_id, product_key) do update set
            offer_id = excluded.offer_id, item_group_id = excluded.item_group_id,
            data_source_id = excluded.data_source_id, source = excluded.source,
            source_custom = excluded.source_custom, variants = excluded.variants,
            source_hash = excluded.source_hash, last_run_id = excluded.last_run_id, updated_at = now()
          where p.source_hash is distinct from excluded.source_hash
            or p.data_source_id is distinct from excluded.data_source_id
          returning p.product_key`,
      );
      if (changed.length === 0) return 0;
      const keys = new Set(changed.map((r) => r.product_key));
      const statuses = batch.filter((p) => keys.has(p.product_key)).flatMap((p) => statusesOf(p, shop));
      await t.execute(sql`
        update import_run_items set changed = true
        where run_id = ${run.id}::uuid
          and product_key in (select jsonb_array_elements_text(${jsonParam([...keys])}::jsonb))`);
      const incomingStatuses = await stager.statuses(t, statuses);
      await t.execute(sql`
        insert into product_channel_statuses as s (product_id, channel, status, issues)
        select p.id, x.channel, x.status, x.issues
        from ${incomingStatuses} as x
        join products p on p.shop_id = ${run.shop_id}::uuid and p.product_key = x.product_key
        on conflict (product_id, channel) do update set
          status = excluded.status, issues = excluded.issues, updated_at = now()`);
      return changed.length;
    });
  };

  /** Products of the run's source that the run did not see (what a full re-import removes). */
  const missingWhere = (run: TImportRunRow) => sql`
    p.shop_id = ${run.shop_id}::uuid and p.data_source_id = ${run.data_source_id}::uuid
    and not exists (select 1 from import_run_items i where i.run_id = ${run.id}::uuid and i.product_key = p.product_key)`;

  const removeMissing = async (run: TImportRunRow): Promise<number> => {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with gone as (delete from products p where ${missingWhere(run)} returning 1) select count(*)::int as n from gone`,
    );
    return rows[0]?.n ?? 0;
  };

  const itemCounts = async (runId: string) => {
    const [row] = await queryRows<{ imported: number; unchanged: number }>(
      db,
      sql`select count(*) filter (where changed)::int as imported, count(*) filter (where not changed)::int as unchanged
          from import_run_items where run_id = ${runId}::uuid`,
    );
    return { imported: row?.imported ?? 0, unchanged: row?.unchanged ?? 0 };
  };

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

  /** Marks a run failed with `reason` (the merchant's sentence) and tells the notification address. */
  const fail = async (runId: string, reason: string = M.crashed) => {
    const [row] = await db
      .update(import_runs)
      .set({ status: 'failed', message: M.failed(reason), finished_at: clock.now() })
      .where(sql`${import_runs.id} = ${runId}::uuid and ${import_runs.status} in ('queued', 'running')`)
      .returning({ id: import_runs.id });
    if (row) await notify(runId);
  };

  /** The file of a URL run: downloaded once per run and kept, so a retry imports the same bytes. */
  const fileOf = async (run: TImportRunRow, source: TDataSourceRow): Promise<string> => {
    if (run.file_id) return run.file_id;
    if (source.source_type !== 'url' || !source.url) throw new FetchFailure(M.noFile);
    const kept = await fetchCsv(db, {
      shop_id: run.shop_id,
      url: source.url,
      timeoutMs: settings.fetchTimeoutMs,
      allowPrivate: settings.allowPrivateUrls,
    });
    await setRun(run.id, { file_id: kept.id, file_name: kept.file_name, file_size: kept.size });
    await db
      .update(data_sources)
      .set({ file_id: kept.id, file_name: kept.file_name })
      .where(eq(data_sources.id, source.id));
    return kept.id;
  };

  /**
   * Runs (or resumes) one import. Idempotent by run id: a finished, held or discarded run is left alone; a
   * run left `running` by a dead worker starts again and skips what it had merged.
   */
  const run = async (runId: string, opts: TRunOptions = {}): Promise<void> => {
    const [found] = await db.select().from(import_runs).where(eq(import_runs.id, runId));
    if (!found || !['queued', 'running'].includes(found.status)) return;
    const [source] = await db.select().from(data_sources).where(eq(data_sources.id, found.data_source_id));
    const [shop] = await db.select().from(shops).where(eq(shops.id, found.shop_id));
    if (!source || !shop) return;
    const started = found.started_at ?? clock.now();
    await setRun(runId, { status: 'running', started_at: started, attempts: found.attempts + 1 });
    const runRow = { ...found, status: 'running' as const, started_at: started };

    let fileId: string;
    try {
      fileId = await fileOf(runRow, source);
    } catch (err) {
      if (err instanceof FetchFailure || err instanceof FileTooLargeError) {
        await fail(runId, err instanceof FileTooLargeError ? M.fetchFailed.tooLarge : err.message);
        return;
      }
      throw err;
    }

    let report = '';
    let rejected = 0;
    let batchNo = 0;
    let imported = 0;
    const imp = await importCsv(readKeptFile(db, fileId), {
      edits: source.mapping,
      shop: { currency: shop.shop_currency, url: shop.shop_url },
      dataSourceName: source.data_source_name,
      productKey: source.product_id_format,
    });
    const progress = (final = false) =>
      setRun(runId, {
        rows_read: imp.stats.rows_read,
        rows_rejected: imp.stats.rows_rejected,
        ...(final ? {} : { rows_imported: imported }),
      });

    let batch = new Map<string, TStagedProduct>();
    // One merge in flight while the next batch is read and staged: the database works on batch n while this
    // process parses and validates batch n + 1. Merges still run one at a time and in file order.
    let merging: Promise<void> = Promise.resolve();
    const flush = async () => {
      if (batch.size === 0) return;
      const products = [...batch.values()];
      batch = new Map();
      await merging;
      const merge = (async () => {
        const stager = await openStager(db);
        try {
          imported += await mergeBatch(stager, runRow, shop, products);
        } finally {
          await stager.close();
        }
        batchNo += 1;
        await progress();
        opts.afterBatch?.(batchNo);
      })();
      // Marked as handled now; the next flush (or the end of the file) awaits it and throws its error.
      merge.catch(() => undefined);
      merging = merge;
    };

    for await (const result of imp.results) {
      if (result.kind === 'error') {
        rejected += 1;
        report += errorCsvLine(result);
        continue;
      }
      const staged = stage(result, source);
      const earlier = batch.get(staged.product_key);
      if (earlier) {
        // Rows of one product apart in the file: its later variants join it (and its hash follows).
        const merged = { ...earlier, variants: [...earlier.variants, ...staged.variants] };
        batch.set(staged.product_key, { ...merged, source_hash: hashOf(merged) });
        continue;
      }
      batch.set(staged.product_key, staged);
      if (batch.size >= settings.batchSize) await flush();
    }
    await flush();
    await merging;

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
      report_csv: rejected > 0 ? ERROR_CSV_HEADER + report : null,
    };
    if (wouldRemove > 0 && wouldRemove > settings.holdShare * shopProducts) {
      const sample = await queryRows<{ product_key: string }>(
        db,
        sql`select p.product_key from products p where ${missingWhere(runRow)} order by p.id limit ${SAMPLE_SIZE}`,
      );
      await setRun(runId, {
        ...base,
        status: 'held',
        held: {
          would_remove: wouldRemove,
          shop_products: shopProducts,
          threshold: settings.holdShare,
          sample: sample.map((r) => r.product_key),
        },
        message: M.held(wouldRemove, shopProducts, settings.holdShare),
      });
      await notify(runId);
      return;
    }
    const removed = wouldRemove > 0 ? await removeMissing(runRow) : 0;
    await setRun(runId, {
      ...base,
      status: 'succeeded',
      rows_removed: removed,
      message: M.succeeded(counts.imported, counts.unchanged, rejected, removed),
      finished_at: clock.now(),
    });
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
    });
    await notify(run.id);
  };

  return { run, confirm, fail };
};
export type TImportJob = ReturnType<typeof createImportJob>;
