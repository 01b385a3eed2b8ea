// The import run's lease: a run whose worker died is resumed from its last committed batch by the lease check
// (or failed after its last attempt), which frees its data source; an attempt that lost its run writes nothing.
// (import-fault.test.ts kills real worker processes.)
import { API_PREFIX, type TDataSourceImport, type TEnvelope, type TImportRun } from '@feedloom/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { testEnv } from '../../env';
import { QUEUES } from '../../jobs/boss';
import { startWorkers } from '../../jobs/workers';
import { createLogger } from '../../logger';
import type { TServices } from '../../services';
import { ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS } from '../../test/test-app';
import { IMPORT_MAX_ATTEMPTS } from './import-job';
import { multipartForm } from '../../test/multipart';

const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition';
const row = (id: string) =>
  `${id},Shirt ${id},A fine shirt ${id},https://shop.example.com/p/${id},https://shop.example.com/i/${id}.jpg,10.00 USD,in_stock,Acme,,new`;
const csvOf = (n: number, from = 1) =>
  [HEADER, ...Array.from({ length: n }, (_, i) => row(`SKU-${i + from}`))].join('\n') + '\n';

const multipart = (fields: Record<string, string>, csv: string) =>
  multipartForm(fields, { name: 'products.csv', bytes: csv });

const LEASE_SECONDS = 2;

const setup = async (driver: (typeof DRIVERS)[number], withQueue: boolean) => {
  let services!: TServices;
  const t = await createTestApp(driver, {
    withQueue,
    env: { IMPORT_BATCH_SIZE: 2, IMPORT_LEASE_SECONDS: LEASE_SECONDS, IMPORT_HEARTBEAT_SECONDS: 1 },
    register: (_app, s) => {
      services = s;
    },
  });
  const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
  const shop = shops[0]!.id;
  const upload = async (csv: string, fields: Record<string, string> = { data_source_name: 'Main' }) => {
    const body = multipart({ shop_id: shop, ...fields }, csv);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/import-csv`,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    return res.json<TEnvelope<TDataSourceImport>>().data;
  };
  const run = async (id: string) =>
    (await t.call<TImportRun>('GET', `/import-run/${shop}/${id}`, { token })).body.data;
  const syncNow = (sourceId: string) => t.call<TImportRun>('GET', `/sync-csv-url/${sourceId}`, { token });
  const count = async () =>
    (
      await queryRows<{ n: number; keys: number }>(
        t.database.db,
        sql`select count(*)::int as n, count(distinct product_key)::int as keys from products where shop_id = ${shop}::uuid`,
      )
    )[0]!;
  /** What a worker killed mid-run leaves: the run `running`, held by its attempt until its lease passes. */
  const leftByDeadWorker = (runId: string) =>
    t.database.db.execute(sql`
      update import_runs set lease_until = ${new Date(t.clock.now().getTime() + LEASE_SECONDS * 1000)}
      where id = ${runId}::uuid`);
  return { t, services: () => services, upload, run, syncNow, count, leftByDeadWorker };
};

describe.each(DRIVERS)('the import lease on %s', (driver) => {
  it('resumes a run whose worker died once its lease passes, from its last committed batch: each product once', async () => {
    const s = await setup(driver, true);
    const { t } = s;
    try {
      const made = await s.upload(csvOf(7));
      expect(made.run.status).toBe('queued');
      // A worker takes the job, merges two batches (4 products) and dies.
      const [job] = await t.jobs!.boss.fetch<{ run_id: string }>(QUEUES.importRun);
      expect(job?.data.run_id).toBe(made.run.id);
      await expect(
        s.services().dataSources.job.run(made.run.id, {
          afterBatch: (n) => {
            if (n === 2) throw new Error('worker killed');
          },
        }),
      ).rejects.toThrow('worker killed');
      await s.leftByDeadWorker(made.run.id);
      expect(await s.run(made.run.id)).toMatchObject({ status: 'running', rows_imported: 4, rows_read: 4 });
      // While the lease holds, the source is busy.
      expect((await s.syncNow(made.data_source.id)).status).toBe(409);
      // A new worker starts once the lease has passed: its lease check resumes the run, which finishes.
      t.clock.advance((LEASE_SECONDS + 1) * 1000);
      await startWorkers(s.services(), createLogger(testEnv()));
      await expect.poll(async () => (await s.run(made.run.id)).status, { timeout: 20_000 }).toBe('succeeded');
      expect(await s.run(made.run.id)).toMatchObject({
        rows_read: 7,
        rows_imported: 7,
        rows_unchanged: 0,
        message: '7 products imported or updated, 0 unchanged, 0 removed.',
      });
      expect(await s.count()).toEqual({ n: 7, keys: 7 });
      const [attempts] = await queryRows<{ attempts: number; lease_until: Date | null }>(
        t.database.db,
        sql`select attempts, lease_until from import_runs where id = ${made.run.id}::uuid`,
      );
      expect(attempts).toEqual({ attempts: 2, lease_until: null });
      // The source is free again.
      expect((await s.syncNow(made.data_source.id)).status).toBe(200);
    } finally {
      for (const name of Object.values(QUEUES)) await t.jobs!.boss.offWork(name);
      await t.close();
    }
  }, 60_000);

  it('fails a run whose worker died at its last attempt, with a message, and frees its data source', async () => {
    const s = await setup(driver, false);
    const { t } = s;
    try {
      const made = await s.upload(csvOf(3));
      expect(made.run.status).toBe('succeeded');
      // The run of a new file whose worker died at each of its attempts.
      const again = await queryRows<{ id: string }>(
        t.database.db,
        sql`insert into import_runs (shop_id, data_source_id, trigger, status, attempts, file_id)
            select shop_id, id, 'manual', 'running', ${IMPORT_MAX_ATTEMPTS}, file_id from data_sources
            where id = ${made.data_source.id}::uuid returning id`,
      );
      const runId = again[0]!.id;
      await s.leftByDeadWorker(runId);
      expect((await s.syncNow(made.data_source.id)).status).toBe(409);
      // Within its lease nothing happens; after it, the lease check fails it (it is not run again).
      expect(await s.services().dataSources.recoverRuns()).toEqual({ resumed: [], failed: [] });
      t.clock.advance((LEASE_SECONDS + 1) * 1000);
      expect(await s.services().dataSources.recoverRuns()).toEqual({ resumed: [], failed: [runId] });
      expect(await s.run(runId)).toMatchObject({
        status: 'failed',
        message:
          'The import failed: It stopped unexpectedly each time it was resumed (the process running it was stopped) and was not resumed again. What it imported is kept, each product once: run it again to finish it.',
      });
      expect((await s.run(runId)).finished_at).not.toBeNull();
      const next = await s.syncNow(made.data_source.id);
      expect(next.status).toBe(200);
      expect(next.body.data).toMatchObject({ status: 'succeeded', rows_unchanged: 3 });
      // A run found later by its expired job is not run again either.
      await s.services().dataSources.job.run(runId);
      expect((await s.run(runId)).status).toBe('failed');
    } finally {
      await t.close();
    }
  }, 60_000);

  it('leaves alone a run this process is running, however late its heartbeat', async () => {
    const s = await setup(driver, false);
    const { t } = s;
    try {
      let checked: unknown;
      const made = await s.upload(csvOf(2));
      const [again] = await queryRows<{ id: string }>(
        t.database.db,
        sql`insert into import_runs (shop_id, data_source_id, trigger, file_id)
            select shop_id, id, 'manual', file_id from data_sources where id = ${made.data_source.id}::uuid
            returning id`,
      );
      await s.services().dataSources.job.run(again!.id, {
        afterBatch: async () => {
          // A starved process: its lease passed before the heartbeat could renew it.
          t.clock.advance((LEASE_SECONDS + 1) * 1000);
          checked = await s.services().dataSources.recoverRuns();
        },
      });
      expect(checked).toEqual({ resumed: [], failed: [] });
      expect(await s.run(again!.id)).toMatchObject({ status: 'succeeded', rows_unchanged: 2 });
    } finally {
      await t.close();
    }
  }, 60_000);

  it('an attempt whose run another attempt took over writes nothing more', async () => {
    const s = await setup(driver, false);
    const { t } = s;
    try {
      const made = await s.upload(csvOf(2));
      expect(made.run.status).toBe('succeeded');
      const [fresh] = await queryRows<{ id: string }>(
        t.database.db,
        sql`insert into import_runs (shop_id, data_source_id, trigger, file_id)
            select shop_id, id, 'manual', file_id from data_sources where id = ${made.data_source.id}::uuid
            returning id`,
      );
      const file = await queryRows<{ id: string }>(
        t.database.db,
        sql`insert into import_files (shop_id, file_name, size, complete) values (${made.data_source.shop_id}::uuid, 'b.csv', 0, true) returning id`,
      );
      await t.database.db.execute(
        sql`insert into import_file_chunks (file_id, seq, bytes) values (${file[0]!.id}::uuid, 0, ${Buffer.from(csvOf(9, 101))})`,
      );
      await t.database.db.execute(
        sql`update import_runs set file_id = ${file[0]!.id}::uuid where id = ${fresh!.id}::uuid`,
      );
      // After its first batch the attempt is taken for dead and another one claims the run.
      await s.services().dataSources.job.run(fresh!.id, {
        afterBatch: async (n) => {
          if (n === 1) {
            await t.database.db.execute(
              sql`update import_runs set attempts = attempts + 1 where id = ${fresh!.id}::uuid`,
            );
          }
        },
      });
      // Its later batches were refused: the products of its first batch only (two were there before).
      expect(await s.count()).toEqual({ n: 4, keys: 4 });
      expect(await s.run(fresh!.id)).toMatchObject({ status: 'running', rows_read: 2 });
    } finally {
      await t.close();
    }
  }, 60_000);
});
