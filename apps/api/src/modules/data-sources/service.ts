import type {
  TDataSource,
  TDataSourceImport,
  TDataSourcePage,
  TImportRun,
  TImportRunPage,
} from '@feedloom/contracts';
import { sampleCsv } from '@feedloom/catalog';
import { DATA_SOURCE_MSG } from '@feedloom/validation';
import type {
  TExportCsv,
  TImportCsvFields,
  TImportCsvUrl,
  TListQuery,
  TProductSettings,
  TUpdateDataSource,
} from '@feedloom/validation';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import {
  data_sources,
  import_runs,
  products,
  shops,
  users,
  type TDataSourceRow,
  type TImportRunRow,
} from '../../db/schema';
import type { TJobs } from '../../jobs/boss';
import { QUEUES } from '../../jobs/boss';
import { addSeconds, type TClock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { canReachShop } from '../tenancy/access';
import { exportCsv, importUpdateCsv } from './customisation';
import { refuseCsvUrl } from './fetch';
import { checkMapping, mappingView } from './mapping';
import { createImportJob, DEFAULT_IMPORT_LEASE, type TImportDeps, type TImportSettings } from './import-job';
import type { TMailer } from '../../mail/mailer';
import { DATA_SOURCE_API_MSG as M } from './messages';
import { nextFetchAt, type TFetchSchedule } from './schedule';
import { readKeptFile } from './storage';
import { reachShop, type TCaller } from '../tenancy/reach';

/** The import job's message on the queue. */
export interface TImportRunJob {
  run_id: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** True when the database refused a row for a unique index (SQLSTATE 23505), wherever the driver put it. */
const isUniqueViolation = (err: unknown): boolean => {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/** Sources whose fetch is due, looked at per tick (the rest waits for the next tick). */
const DUE_PER_TICK = 100;

/**
 * The pg-boss options of an import's job. pg-boss does not retry it: an attempt that fails or dies lets go of
 * its run (see import-job.ts), and the lease check resumes the run or fails it. A job whose worker died expires
 * and its dead letter goes to the same check.
 */
const IMPORT_JOB_OPTIONS = {
  retryLimit: 0,
  expireInSeconds: 3600,
  deadLetter: QUEUES.importRunFailed,
} satisfies Parameters<TJobs['send']>[2];

export const toRun = (r: TImportRunRow): TImportRun => ({
  id: r.id,
  data_source_id: r.data_source_id,
  shop_id: r.shop_id,
  trigger: r.trigger,
  triggered_by: r.triggered_by ? { id: r.triggered_by, name: r.triggered_by_name ?? '' } : null,
  status: r.status,
  file_name: r.file_name,
  file_size: r.file_size,
  rows_read: r.rows_read,
  rows_imported: r.rows_imported,
  rows_rejected: r.rows_rejected,
  rows_unchanged: r.rows_unchanged,
  rows_removed: r.rows_removed,
  message: r.message,
  held: r.held ?? null,
  unknown_columns: r.unknown_columns,
  has_report: r.report_file_id !== null || r.report_csv !== null,
  created_at: r.created_at.toISOString(),
  started_at: iso(r.started_at),
  finished_at: iso(r.finished_at),
  duration_ms: r.started_at && r.finished_at ? r.finished_at.getTime() - r.started_at.getTime() : null,
});

export const createDataSourcesService = (deps: {
  db: TDb;
  clock: TClock;
  jobs: TJobs | null;
  settings: TImportSettings;
  mailer?: TMailer;
  appUrl?: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  notifications?: TImportDeps['notifications'];
}) => {
  const { db, clock, jobs } = deps;
  const lease = deps.settings.lease ?? DEFAULT_IMPORT_LEASE;
  const job = createImportJob({
    db,
    clock,
    settings: deps.settings,
    mailer: deps.mailer,
    appUrl: deps.appUrl,
    log: deps.log,
    notifications: deps.notifications,
  });

  /** The next fetch of a URL source after `after`, in its shop's timezone (null: not scheduled). */
  const nextFetchOf = async (schedule: TFetchSchedule, shopId: string, after: Date) => {
    const [shop] = await db.select({ tz: shops.shop_timezone }).from(shops).where(eq(shops.id, shopId));
    return nextFetchAt(schedule, shop?.tz ?? 'UTC', after);
  };

  /** A CSV URL about to be saved: refused (400 on `url`) when its download would be refused for its address. */
  const checkUrl = (url: string) => {
    const refused = refuseCsvUrl(url, {
      ...deps.settings.outbound,
      allowPrivate: deps.settings.allowPrivateUrls,
    });
    if (refused) throw badRequest(refused, 'url');
  };

  /** The shop, if the caller may reach it (else 404, as if it did not exist). */
  /**
   * Within a shop a data source name is unique (letter case aside): refuses `name` with a 409 on the name field
   * when another source of the shop has it (`exceptId`: the source being renamed or given a new file).
   */
  const refuseTakenName = async (
    shopId: string,
    name: string,
    message: (existing: string) => string,
    exceptId?: string,
  ) => {
    const [other] = await db
      .select({ name: data_sources.data_source_name })
      .from(data_sources)
      .where(
        and(
          eq(data_sources.shop_id, shopId),
          sql`lower(${data_sources.data_source_name}) = lower(${name.trim()})`,
          exceptId ? ne(data_sources.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (other) throw conflict(message(other.name), 'data_source_name');
  };

  /** An upload's name: a new source's must be free; an existing source's new name must not be another's. */
  const checkUploadName = async (fields: TImportCsvFields) => {
    if (!fields.data_source_name) return;
    if (fields.data_source_id) {
      await refuseTakenName(
        fields.shop_id,
        fields.data_source_name,
        DATA_SOURCE_MSG.nameInUse,
        fields.data_source_id,
      );
    } else {
      await refuseTakenName(fields.shop_id, fields.data_source_name, DATA_SOURCE_MSG.nameTaken);
    }
  };

  const findSource = async (caller: TCaller, id: string, shopId?: string): Promise<TDataSourceRow> => {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(data_sources)
          .where(and(eq(data_sources.id, id), eq(data_sources.organization_id, caller.org_id)))
      : [];
    if (
      !row ||
      (shopId !== undefined && row.shop_id !== shopId) ||
      !canReachShop(caller.shop_ids, row.shop_id)
    ) {
      throw notFound(M.notFound);
    }
    return row;
  };

  const findRun = async (caller: TCaller, shopId: string, runId: string) => {
    await reachShop(db, caller, shopId);
    const [row] = isUuid(runId)
      ? await db
          .select()
          .from(import_runs)
          .where(and(eq(import_runs.id, runId), eq(import_runs.shop_id, shopId)))
      : [];
    if (!row) throw notFound(M.runNotFound);
    return row;
  };

  const toSource = async (row: TDataSourceRow): Promise<TDataSource> => {
    const [last] = await db
      .select()
      .from(import_runs)
      .where(eq(import_runs.data_source_id, row.id))
      .orderBy(desc(import_runs.created_at))
      .limit(1);
    const [total] = await db.select({ n: count() }).from(products).where(eq(products.data_source_id, row.id));
    return {
      id: row.id,
      shop_id: row.shop_id,
      data_source_name: row.data_source_name,
      source_type: row.source_type,
      notification_email: row.notification_email,
      file_name: row.file_name,
      url: row.url,
      frequency: row.frequency,
      fetch_time: row.fetch_time,
      day: row.day,
      next_fetch_at: iso(row.next_fetch_at),
      product_id_format: row.product_id_format,
      inventory_quantity: row.inventory_quantity,
      mapping: row.mapping,
      columns: row.columns,
      total_products: total?.n ?? 0,
      last_run: last ? toRun(last) : null,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  };

  const userName = async (userId: string) => {
    const [u] = await db
      .select({ first_name: users.first_name, last_name: users.last_name, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    const name = [u?.first_name, u?.last_name].filter(Boolean).join(' ');
    return name || u?.email || '';
  };

  /** Queues a run (pg-boss, one at a time per source); without a queue (tests) it runs now. */
  const startRun = async (
    source: TDataSourceRow,
    trigger: 'manual' | 'schedule',
    userId: string | null,
    file?: { id: string; file_name: string; size: number },
  ): Promise<TImportRunRow> => {
    const [active] = await db
      .select({ id: import_runs.id })
      .from(import_runs)
      .where(
        and(eq(import_runs.data_source_id, source.id), inArray(import_runs.status, ['queued', 'running'])),
      )
      .limit(1);
    if (active) throw conflict(M.alreadyRunning);
    const fileId = file?.id ?? (source.source_type === 'file' ? source.file_id : null);
    if (source.source_type === 'file' && !fileId) throw badRequest(M.noFile);
    // The check above answers the usual case; the partial unique index settles a race between two starts.
    const [run] = await db
      .insert(import_runs)
      .values({
        shop_id: source.shop_id,
        data_source_id: source.id,
        trigger,
        triggered_by: userId,
        triggered_by_name: userId ? await userName(userId) : null,
        file_id: fileId,
        file_name: file?.file_name ?? (source.source_type === 'file' ? source.file_name : null),
        file_size: file?.size ?? null,
        created_at: clock.now(),
      })
      .returning()
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw conflict(M.alreadyRunning);
        throw err;
      });
    if (jobs) {
      await jobs.send(QUEUES.importRun, { run_id: run!.id } satisfies TImportRunJob, {
        ...IMPORT_JOB_OPTIONS,
        singletonKey: source.id,
      });
      return run!;
    }
    await job.run(run!.id);
    const [after] = await db.select().from(import_runs).where(eq(import_runs.id, run!.id));
    return after!;
  };

  /**
   * The worker's schedule tick: every URL source whose fetch is due gets a run (trigger 'schedule'), and its
   * next fetch moves on. Claiming a source is a compare-and-set of its next_fetch_at, so ticks running side
   * by side (two workers, a tick overlapping the next) start it once; a source whose previous run is still
   * queued or running is skipped (it is fetched at its next time). Fetches missed while no worker ran are
   * caught up once, not once per missed time. Sources without a computed time (older rows) get one.
   */
  const scheduleTick = async (): Promise<{ started: string[]; skipped: string[] }> => {
    const now = clock.now();
    const unscheduled = await db
      .select()
      .from(data_sources)
      .where(
        and(
          eq(data_sources.source_type, 'url'),
          isNull(data_sources.next_fetch_at),
          isNotNull(data_sources.frequency),
        ),
      )
      .limit(DUE_PER_TICK);
    for (const source of unscheduled) {
      await db
        .update(data_sources)
        .set({ next_fetch_at: await nextFetchOf(source, source.shop_id, now) })
        .where(and(eq(data_sources.id, source.id), isNull(data_sources.next_fetch_at)));
    }
    const due = await db
      .select()
      .from(data_sources)
      .where(and(eq(data_sources.source_type, 'url'), lte(data_sources.next_fetch_at, now)))
      .orderBy(asc(data_sources.next_fetch_at))
      .limit(DUE_PER_TICK);
    const started: string[] = [];
    const skipped: string[] = [];
    for (const source of due) {
      const [claimed] = await db
        .update(data_sources)
        .set({ next_fetch_at: await nextFetchOf(source, source.shop_id, now) })
        .where(and(eq(data_sources.id, source.id), eq(data_sources.next_fetch_at, source.next_fetch_at!)))
        .returning({ id: data_sources.id });
      if (!claimed) continue;
      try {
        await startRun(source, 'schedule', null);
        started.push(source.id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        skipped.push(source.id);
        deps.log?.info({ data_source_id: source.id, reason: err.message }, 'scheduled import skipped');
      }
    }
    return { started, skipped };
  };

  /**
   * The lease check: each run whose worker is taken for dead (its lease passed, or its attempt let go after an
   * error) is resumed by a new attempt, which skips what was committed (a job on the queue, one per run per
   * lease; without a queue, here and now), or failed with a message once it has had IMPORT_MAX_ATTEMPTS starts.
   * `orphaned`: every running run belongs to this process's previous life (the start-up of an embedded
   * database, which no other process shares), so they are all let go of first, without waiting for their leases.
   */
  const recoverRuns = async (opts: { orphaned?: boolean } = {}) => {
    if (opts.orphaned) await job.releaseAll();
    const resumed: string[] = [];
    const failed: string[] = [];
    for (const run of await job.lapsedRuns(DUE_PER_TICK)) {
      if (!run.resumable) {
        if (await job.fail(run.id, M.stopped, 'lapsed')) failed.push(run.id);
        continue;
      }
      resumed.push(run.id);
      if (!jobs) {
        await job.run(run.id).catch((err: unknown) => {
          deps.log?.warn({ err, run_id: run.id }, 'resumed import attempt failed');
        });
        continue;
      }
      await jobs.send(QUEUES.importRun, { run_id: run.id } satisfies TImportRunJob, {
        ...IMPORT_JOB_OPTIONS,
        singletonKey: `resume:${run.id}`,
        singletonSeconds: lease.seconds,
      });
    }
    return { resumed, failed };
  };

  return {
    db,
    job,
    startRun,
    scheduleTick,
    recoverRuns,

    list: async (caller: TCaller, shopId: string, q: TListQuery): Promise<TDataSourcePage> => {
      await reachShop(db, caller, shopId);
      const where = and(
        eq(data_sources.shop_id, shopId),
        q.search
          ? ilike(data_sources.data_source_name, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`)
          : undefined,
      );
      const rows = await db
        .select()
        .from(data_sources)
        .where(where)
        .orderBy(desc(data_sources.created_at), desc(data_sources.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const [total] = await db.select({ n: count() }).from(data_sources).where(where);
      return { data: await Promise.all(rows.map(toSource)), total_records: total?.n ?? 0 };
    },

    get: async (caller: TCaller, shopId: string, id: string) =>
      toSource(await findSource(caller, id, shopId)),

    /** Checks the caller may add a file to the shop (and to `data_source_id`) before any byte is kept. */
    checkUpload: async (caller: TCaller, fields: TImportCsvFields) => {
      await reachShop(db, caller, fields.shop_id);
      if (fields.data_source_id) {
        const source = await findSource(caller, fields.data_source_id, fields.shop_id);
        if (source.source_type !== 'file') throw badRequest(M.notFileSource);
      }
      await checkUploadName(fields);
    },

    /** A kept upload: a new file source, or a new file for an existing one; then its run. */
    importFile: async (
      caller: TCaller,
      fields: TImportCsvFields,
      file: { id: string; file_name: string; size: number },
    ): Promise<TDataSourceImport> => {
      await checkUploadName(fields);
      let source: TDataSourceRow | undefined;
      const settings = {
        notification_email: fields.notification_email || null,
        product_id_format: fields.product_id_format ?? null,
        inventory_quantity: fields.inventory_quantity ?? null,
      };
      if (fields.data_source_id) {
        const found = await findSource(caller, fields.data_source_id, fields.shop_id);
        // A new file without a notification address keeps the saved one (the address is changed or
        // cleared by editing the data source).
        // Likewise an upload without an inventory quantity or a product id format keeps the saved one (changed
        // or cleared in product settings).
        const {
          notification_email: email,
          inventory_quantity: quantity,
          product_id_format: format,
        } = settings;
        [source] = await db
          .update(data_sources)
          .set({
            ...(format !== null ? { product_id_format: format } : {}),
            ...(email ? { notification_email: email } : {}),
            ...(quantity !== null ? { inventory_quantity: quantity } : {}),
            ...(fields.data_source_name ? { data_source_name: fields.data_source_name } : {}),
            file_id: file.id,
            file_name: file.file_name,
            updated_at: clock.now(),
          })
          .where(eq(data_sources.id, found.id))
          .returning();
      } else {
        [source] = await db
          .insert(data_sources)
          .values({
            organization_id: caller.org_id,
            shop_id: fields.shop_id,
            data_source_name: fields.data_source_name!,
            source_type: 'file',
            ...settings,
            product_id_format: settings.product_id_format ?? 'id',
            file_id: file.id,
            file_name: file.file_name,
            created_at: clock.now(),
            updated_at: clock.now(),
          })
          .returning();
      }
      const run = await startRun(source!, 'manual', caller.user_id, file);
      return { data_source: await toSource(source!), run: toRun(run) };
    },

    createUrl: async (caller: TCaller, input: TImportCsvUrl): Promise<TDataSourceImport> => {
      const shop = await reachShop(db, caller, input.shop_id);
      checkUrl(input.url!);
      await refuseTakenName(input.shop_id, input.data_source_name, DATA_SOURCE_MSG.nameInUse);
      const [source] = await db
        .insert(data_sources)
        .values({
          organization_id: caller.org_id,
          shop_id: input.shop_id,
          data_source_name: input.data_source_name,
          source_type: 'url',
          notification_email: input.notification_email || null,
          product_id_format: input.product_id_format,
          inventory_quantity: input.inventory_quantity ?? null,
          url: input.url!,
          frequency: input.frequency!,
          fetch_time: input.fetch_time ?? null,
          day: input.frequency === 'daily' ? null : (input.day ?? null),
          next_fetch_at: nextFetchAt(
            {
              frequency: input.frequency ?? null,
              fetch_time: input.fetch_time ?? null,
              day: input.frequency === 'daily' ? null : (input.day ?? null),
            },
            shop.shop_timezone,
            clock.now(),
          ),
          created_at: clock.now(),
          updated_at: clock.now(),
        })
        .returning();
      const run = await startRun(source!, 'manual', caller.user_id);
      return { data_source: await toSource(source!), run: toRun(run) };
    },

    update: async (caller: TCaller, id: string, input: TUpdateDataSource) => {
      const source = await findSource(caller, id);
      const schedule = input.url !== undefined || input.frequency !== undefined;
      if (schedule && source.source_type !== 'url') throw badRequest(M.notUrlSource);
      if (input.url) checkUrl(input.url);
      if (input.data_source_name) {
        await refuseTakenName(source.shop_id, input.data_source_name, DATA_SOURCE_MSG.nameInUse, source.id);
      }
      const frequency = input.frequency ?? source.frequency;
      const next = input.frequency
        ? await nextFetchOf(
            {
              frequency: input.frequency,
              fetch_time: input.fetch_time ?? null,
              day: frequency === 'daily' ? null : (input.day ?? null),
            },
            source.shop_id,
            clock.now(),
          )
        : undefined;
      const [row] = await db
        .update(data_sources)
        .set({
          ...(input.data_source_name ? { data_source_name: input.data_source_name } : {}),
          ...(input.notification_email !== undefined
            ? { notification_email: input.notification_email || null }
            : {}),
          ...(input.product_id_format ? { product_id_format: input.product_id_format } : {}),
          ...(input.inventory_quantity !== undefined ? { inventory_quantity: input.inventory_quantity } : {}),
          ...(input.url ? { url: input.url } : {}),
          ...(input.frequency
            ? {
                frequency: input.frequency,
                fetch_time: input.fetch_time ?? null,
                day: frequency === 'daily' ? null : (input.day ?? null),
                next_fetch_at: next ?? null,
              }
            : {}),
          ...(input.mapping ? { mapping: checkMapping(source, input.mapping) } : {}),
          updated_at: clock.now(),
        })
        .where(eq(data_sources.id, source.id))
        .returning();
      return toSource(row!);
    },

    settings: async (caller: TCaller, shopId: string, id: string, input: TProductSettings) => {
      const source = await findSource(caller, id, shopId);
      const [row] = await db
        .update(data_sources)
        .set({
          product_id_format: input.product_id_format,
          inventory_quantity: input.inventory_quantity ?? null,
          updated_at: clock.now(),
        })
        .where(eq(data_sources.id, source.id))
        .returning();
      return toSource(row!);
    },

    delete: async (caller: TCaller, shopId: string, id: string) => {
      const source = await findSource(caller, id, shopId);
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(products)
          .where(eq(products.data_source_id, source.id))
          .returning({ id: products.id });
        await tx.delete(data_sources).where(eq(data_sources.id, source.id));
        return { id: source.id, products_removed: removed.length };
      });
    },

    syncNow: async (caller: TCaller, id: string) =>
      toRun(await startRun(await findSource(caller, id), 'manual', caller.user_id)),

    runs: async (
      caller: TCaller,
      shopId: string,
      id: string,
      q: { page: number; limit: number },
    ): Promise<TImportRunPage> => {
      const source = await findSource(caller, id, shopId);
      const rows = await db
        .select()
        .from(import_runs)
        .where(eq(import_runs.data_source_id, source.id))
        .orderBy(desc(import_runs.created_at), desc(import_runs.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const [total] = await db
        .select({ n: count() })
        .from(import_runs)
        .where(eq(import_runs.data_source_id, source.id));
      return { data: rows.map(toRun), total_records: total?.n ?? 0 };
    },

    run: async (caller: TCaller, shopId: string, runId: string) =>
      toRun(await findRun(caller, shopId, runId)),

    report: async (caller: TCaller, shopId: string, runId: string) => {
      const run = await findRun(caller, shopId, runId);
      const file_name = `import-errors-${run.id}.csv`;
      // Streamed from its kept file; a run imported before reports were kept as files has it as text.
      if (run.report_file_id !== null) return { file_name, csv: readKeptFile(db, run.report_file_id) };
      if (run.report_csv === null) throw notFound(M.noReport);
      return { file_name, csv: run.report_csv };
    },

    confirm: async (caller: TCaller, shopId: string, runId: string) => {
      const run = await findRun(caller, shopId, runId);
      if (run.status !== 'held') throw conflict(M.notHeld);
      // Only one confirm wins: the status moves first.
      // Held for the time the removal takes, so the lease check does not take it for a dead worker's run.
      const [claimed] = await db
        .update(import_runs)
        .set({ status: 'running', lease_until: addSeconds(clock.now(), lease.seconds) })
        .where(and(eq(import_runs.id, run.id), eq(import_runs.status, 'held')))
        .returning()
        .catch((err: unknown) => {
          // Another run of the source is queued or running: confirm once it is done.
          if (isUniqueViolation(err)) throw conflict(M.alreadyRunning);
          throw err;
        });
      if (!claimed) throw conflict(M.notHeld);
      await job.confirm(claimed);
      return toRun((await db.select().from(import_runs).where(eq(import_runs.id, run.id)))[0]!);
    },

    discard: async (caller: TCaller, shopId: string, runId: string) => {
      const run = await findRun(caller, shopId, runId);
      const [row] = await db
        .update(import_runs)
        .set({ status: 'discarded', message: M.discarded, finished_at: clock.now() })
        .where(and(eq(import_runs.id, run.id), eq(import_runs.status, 'held')))
        .returning();
      if (!row) throw conflict(M.notHeld);
      await job.forgetItems(row.id);
      return toRun(row);
    },

    /** The export as it is read from the database (see customisation.ts). */
    exportCsv: async (caller: TCaller, input: TExportCsv) => {
      await reachShop(db, caller, input.shop_id);
      return {
        file_name: `products-customisation-${input.report_type}.csv`,
        body: await exportCsv(db, input.shop_id, input.report_type, input.fields),
      };
    },

    /** Checks the shop before the file is read. */
    reachShop: async (caller: TCaller, shopId: string) => {
      await reachShop(db, caller, shopId);
    },

    importUpdate: (shopId: string, type: 1 | 2, bytes: AsyncIterable<Uint8Array>) =>
      importUpdateCsv(db, shopId, type, bytes),

    sampleCsv: () => ({ file_name: 'feedloom-sample.csv', csv: sampleCsv() }),

    /** The mapping review of a source (its last import's columns). */
    mapping: async (caller: TCaller, shopId: string, id: string) =>
      mappingView(await findSource(caller, id, shopId)),

    /** Saves the merchant's mapping (checked), applied from the next run. */
    saveMapping: async (caller: TCaller, shopId: string, id: string, mapping: Record<string, string>) => {
      const source = await findSource(caller, id, shopId);
      const [row] = await db
        .update(data_sources)
        .set({ mapping: checkMapping(source, mapping), updated_at: clock.now() })
        .where(eq(data_sources.id, source.id))
        .returning();
      return mappingView(row!);
    },
  };
};
export type TDataSourcesService = ReturnType<typeof createDataSourcesService>;
