import type { FastifyBaseLogger } from 'fastify';
import type { TMail } from '../mail/mailer';
import type { TImportRunJob } from '../modules/data-sources/service';
import type { TSendMailJob, TServices } from '../services';
import { QUEUES } from './boss';

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
  await jobs.boss.work<TImportRunJob>(
    QUEUES.importRun,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      await services.dataSources.job.run(job.data.run_id);
      log.info({ job_id: job.id, run_id: job.data.run_id }, 'import run finished');
    },
  );
};
