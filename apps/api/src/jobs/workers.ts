import type { FastifyBaseLogger } from 'fastify';
import type { TMail } from '../mail/mailer';
import type { TImportRunJob } from '../modules/data-sources/service';
import type { TBulkApplyJob } from '../modules/products/bulk';
import type { TShopRejudgeJob } from '../modules/products/rejudge';
import type { TSendMailJob, TServices } from '../services';
import { QUEUES } from './boss';
import { startSyncWorkers } from '../modules/sync/jobs';

/** pg-boss's cron: once a minute, the finest it has (IMPORT_SCHEDULE_TICK_SECONDS below 60 adds a timer). */
const EVERY_MINUTE = '* * * * *';

/** Starts the job handlers on this process (`worker` mode, or `serve --with-worker`). */
export const startWorkers = async (services: TServices, log: FastifyBaseLogger) => {
  const jobs = services.jobs;
  if (!jobs) throw new Error('workers need the job queue');
  await jobs.boss.work<TSendMailJob>(
    QUEUES.sendMail,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      const mail = JSON.parse(services.cipher.decrypt(job.data.sealed)) as TMail;
      try {
        await services.mailer.deliverNow(mail);
      } catch (err) {
        log.warn({ err, job_id: job.id, subject: mail.subject }, 'queued mail delivery failed, will retry');
        throw err;
      }
      log.info({ job_id: job.id, subject: mail.subject }, 'queued mail delivered');
    },
  );
  // Imports hold their runs by a lease (modules/data-sources/import-job.ts). The lease check resumes each run
  // whose worker died (its lease passed) from its last committed batch, or fails it after its last attempt,
  // which frees its data source: at start-up (on an embedded database every running run was this process's
  // previous life's, so it does not wait for their leases) and every half lease.
  const recoverImports = async (orphaned = false) => {
    const { resumed, failed } = await services.dataSources.recoverRuns({ orphaned });
    if (resumed.length > 0) log.warn({ run_ids: resumed }, 'import runs of a stopped worker resumed');
    if (failed.length > 0)
      log.warn({ run_ids: failed }, 'import runs of a stopped worker failed: no attempt left');
  };
  await recoverImports(services.database.driver === 'pglite');
  const leaseCheck = setInterval(
    () => {
      recoverImports().catch((err: unknown) => log.warn({ err }, 'import lease check failed'));
    },
    Math.max(1, services.env.IMPORT_LEASE_SECONDS / 2) * 1000,
  );
  leaseCheck.unref();
  jobs.boss.once('stopped', () => clearInterval(leaseCheck));

  // One import at a time per worker. An attempt that fails lets go of its run (the last one fails it), and
  // the lease check resumes it: pg-boss does not retry the job.
  await jobs.boss.work<TImportRunJob>(
    QUEUES.importRun,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      try {
        await services.dataSources.job.run(job.data.run_id);
      } catch (err) {
        log.error({ err, job_id: job.id, run_id: job.data.run_id }, 'import run attempt failed');
        return;
      }
      log.info({ job_id: job.id, run_id: job.data.run_id }, 'import run attempt ended');
    },
  );
  // The job of a worker that died expires (after an hour) and comes here: by then the lease check has
  // resumed or failed its run; this checks again.
  await jobs.boss.work<TImportRunJob>(
    QUEUES.importRunFailed,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      await recoverImports();
    },
  );

  // Bulk customisation runs, one at a time per worker; a retry resumes after the last finished batch.
  await jobs.boss.work<TBulkApplyJob>(
    QUEUES.bulkApply,
    { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      try {
        await services.productsBulk.job.run(job.data.run_id);
      } catch (err) {
        log.error({ err, job_id: job.id, run_id: job.data.run_id }, 'bulk customisation attempt failed');
        if (job.retryCount >= job.retryLimit) {
          await services.productsBulk.job.fail(job.data.run_id);
          return;
        }
        throw err;
      }
    },
  );

  // Re-judging a shop's products after a setting judging reads changed, one shop at a time per worker; a retry
  // starts over (each page is written atomically, and writing the same statuses again changes nothing).
  await jobs.boss.work<TShopRejudgeJob>(
    QUEUES.shopRejudge,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      try {
        await services.shopRejudge.run(job.data);
      } catch (err) {
        log.error({ err, job_id: job.id, shop_id: job.data.shop_id }, 'shop re-judgement attempt failed');
        throw err;
      }
      log.info({ job_id: job.id, shop_id: job.data.shop_id }, 'shop products judged again');
    },
  );

  // The schedule: pg-boss's cron sends a tick every minute (kept in the database, so it survives restarts
  // and fires once however many workers run); the tick queue runs one tick at a time.
  await jobs.boss.work(QUEUES.importSchedule, { batchSize: 1, pollingIntervalSeconds: 1 }, async () => {
    const { started, skipped } = await services.dataSources.scheduleTick();
    if (started.length || skipped.length) log.info({ started, skipped }, 'scheduled imports');
  });
  await jobs.boss.schedule(QUEUES.importSchedule, EVERY_MINUTE, {}, { tz: 'UTC' });

  // The dashboard's trend: a snapshot of every shop's status counts shortly after midnight UTC (a shop's first
  // dashboard view of a day takes one too).
  await jobs.boss.work(QUEUES.dashboardSnapshot, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
    await services.dashboard.snapshotAll();
    log.info('dashboard status snapshot kept');
  });
  await jobs.boss.schedule(QUEUES.dashboardSnapshot, '5 0 * * *', {}, { tz: 'UTC' });
  const tickSeconds = services.env.IMPORT_SCHEDULE_TICK_SECONDS;
  if (tickSeconds < 60) {
    // A finer tick (tests, e2e): a timer in this process sends extra ticks, at most one per interval.
    const timer = setInterval(() => {
      jobs.boss
        .send(QUEUES.importSchedule, {}, { singletonKey: 'tick', singletonSeconds: tickSeconds })
        .catch((err: unknown) => log.warn({ err }, 'schedule tick could not be queued'));
    }, tickSeconds * 1000);
    timer.unref();
    jobs.boss.once('stopped', () => clearInterval(timer));
  }

  await startSyncWorkers(
    {
      jobs,
      db: services.db,
      engine: services.syncEngine,
      settings: {
        tickSeconds: services.env.SYNC_TICK_SECONDS,
        statusPullDelaySeconds: services.env.SYNC_STATUS_PULL_DELAY_SECONDS,
        statusPullEverySeconds: services.env.SYNC_STATUS_PULL_EVERY_SECONDS,
      },
    },
    log,
  );
};
