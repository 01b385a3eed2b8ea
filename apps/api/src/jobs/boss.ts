import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { TDatabase } from '../db/client';

/** Every queue the api knows; created at start-up (pg-boss 10 needs a queue before send/work). */
export const QUEUES = {
  sendMail: 'send-mail',
  importRun: 'import-run',
  /**
   * pg-boss's dead letters of `import-run`: a job whose last attempt failed, including a worker that died
   * during it (pg-boss fails the job when it expires): the run is marked failed instead of staying `running`.
   */
  importRunFailed: 'import-run-failed',
  /** The URL sources' schedule tick: starts the fetches that are due (modules/data-sources/schedule.ts). */
  importSchedule: 'import-schedule',
  /** Once a day: every shop's product status counts kept for the dashboard's trend (modules/dashboard). */
  dashboardSnapshot: 'dashboard-snapshot',
  /** Applying a bulk customisation (modules/products/bulk.ts). */
  bulkApply: 'bulk-apply',
  /** Judging a shop's products again after its default condition changed (modules/products/rejudge.ts). */
  shopRejudge: 'shop-rejudge',
  /** A sync of one shop × channel connection, its status pull-back, and the tick that queues both (modules/sync). */
  channelSync: 'channel-sync',
  channelStatusPull: 'channel-status-pull',
  channelSyncTick: 'channel-sync-tick',
} as const;
export type TQueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * pg-boss on PGlite: parameterised statements go through `query`; pg-boss's schema install is one
 * multi-statement string without parameters, which only `exec` accepts.
 */
export const pgliteExecutor = (pglite: PGlite): PgBoss.Db => ({
  executeSql: async (text, values) => {
    if (values && values.length > 0) {
      const result = await pglite.query(text, values);
      return { rows: result.rows };
    }
    const results = await pglite.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as unknown[] };
  },
});

export interface TJobs {
  boss: PgBoss;
  send(name: TQueueName, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Jobs waiting to run (created or retry), over every known queue. */
  queued(): Promise<number>;
  stop(): Promise<void>;
}

export const startJobs = async (
  database: TDatabase,
  opts: {
    log: FastifyBaseLogger;
    supervise?: boolean;
    /** Run pg-boss's timekeeper (cron schedules) in this process: the processes that run workers. */
    schedule?: boolean;
  },
): Promise<TJobs> => {
  const common = {
    schema: 'pgboss',
    supervise: opts.supervise ?? true,
    schedule: opts.schedule ?? false,
  } satisfies PgBoss.ConstructorOptions;
  const boss =
    database.driver === 'pglite'
      ? new PgBoss({ ...common, db: pgliteExecutor(database.pglite!) })
      : new PgBoss({ ...common, connectionString: database.connectionString, max: 4 });
  boss.on('error', (err) => opts.log.error({ err }, 'pg-boss error'));
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name);
  let stopped = false;
  return {
    boss,
    send: (name, data, options = {}) => boss.send(name, data, options),
    queued: async () => {
      let total = 0;
      for (const name of Object.values(QUEUES)) total += await boss.getQueueSize(name);
      return total;
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
};
