import type { FastifyBaseLogger } from 'fastify';
import type { TMail } from '../mail/mailer';
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
};
