import type { FastifyBaseLogger } from 'fastify';
import type { TMail } from '../mail/mailer';
import type { TImportRunJob } from '../modules/data-sources/service';
import type { TBulkApplyJob } from '../modules/products/bulk';
import type { TSendMailJob, TServices } from '../services';
import { DATA_SOURCE_API_MSG as M } from '../modules/data-sources/messages';
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
  // One import at a time per worker; a crashed run is retried by pg-boss and resumes (idempotent by run id).
  // The last attempt's error marks the run failed (with a message and a notification) instead of leaving it
  // `running` for ever.
  await jobs.boss.work<TImportRunJob>(
    QUEUES.importRun,
    { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      try {
        await services.dataSources.job.run(job.data.run_id);
      } catch (err) {
        log.error({ err, job_id: job.id, run_id: job.data.run_id }, 'import run attempt failed');
        if (job.retryCount >= job.retryLimit) {
          await services.dataSources.job.fail(job.data.run_id);
          return;
        }
        throw err;
      }
      log.info({ job_id: job.id, run_id: job.data.run_id }, 'import run finished');
    },
  );
  // A run whose last attempt died with its worker (killed, restarted, out of memory) is never retried: pg-boss
  // fails its job when it expires and hands it here, and the run ends failed with a message (a run that did
  // end is left alone). What it merged stays, each product once; running it again finishes it.
  await jobs.boss.work<TImportRunJob>(
    QUEUES.importRunFailed,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      await services.dataSources.job.fail(job.data.run_id, M.stopped);
      log.warn({ job_id: job.id, run_id: job.data.run_id }, 'import run abandoned by its worker');
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
