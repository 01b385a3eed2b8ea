// The sync engine in the worker. A tick (pg-boss cron every minute, finer with SYNC_TICK_SECONDS)
// queues a sync for every connection whose products changed since its last sync started, whose schedule is
// due, or that never synced, and a status pull-back for those not confirmed lately. Syncs are queued with a
// singleton key per connection (a burst of edits makes one sync), and a lease on the connection keeps two
// workers from syncing it at once.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { queryRows } from '../../db/client';
import { QUEUES, type TJobs } from '../../jobs/boss';
import type { TSyncTrigger } from '../../db/schema';
import type { TSyncEngine } from './engine';
import type { TSyncQueue } from './service';

export interface TChannelSyncJob {
  connection_id: string;
  trigger: TSyncTrigger;
}
export interface TStatusPullJob {
  connection_id: string;
}

/** Hours between scheduled syncs. */
export const SCHEDULE_HOURS = { every_6_hours: 6, every_12_hours: 12, daily: 24, weekly: 168, monthly: 720 } as const;

export interface TSyncJobSettings {
  tickSeconds: number;
  /** A status pull-back this long after a sync that sent something (the channel reviews meanwhile). */
  statusPullDelaySeconds: number;
  /** And at least this often for every connection with items on its channel. */
  statusPullEverySeconds: number;
}

export const syncQueue = (jobs: TJobs): TSyncQueue => ({
  syncSoon: async (connectionId, trigger) => {
    await jobs.send(QUEUES.channelSync, { connection_id: connectionId, trigger } satisfies TChannelSyncJob, {
      singletonKey: `${connectionId}:${trigger}`,
      singletonSeconds: 5,
      retryLimit: 2,
    });
  },
});

/** Connections due for a sync, and those due for a status pull-back. */
export const dueConnections = async (db: TDb, statusPullEverySeconds: number) => {
  const hours = sql.raw(
    `case c.feed_schedule ${Object.entries(SCHEDULE_HOURS)
      .map(([k, h]) => `when '${k}' then ${h}`)
      .join(' ')} else 24 end`,
  );
  const sync = await queryRows<{ id: string; trigger: TSyncTrigger }>(
    db,
    sql`select c.id, case when c.last_synced_at is null
            or c.last_synced_at < now() - make_interval(hours => ${hours}) then 'schedule' else 'change' end as trigger
        from channel_connections c
        where c.state = 'connected' and c.feed_enabled and c.account_id is not null
          and (c.sync_lease_until is null or c.sync_lease_until < now())
          and (c.last_synced_at is null
            or c.last_synced_at < now() - make_interval(hours => ${hours})
            or exists (select 1 from products p where p.shop_id = c.shop_id and p.updated_at > c.last_synced_at)
            or exists (select 1 from import_runs r where r.shop_id = c.shop_id and r.finished_at > c.last_synced_at))`,
  );
  const pull = await queryRows<{ id: string }>(
    db,
    sql`select c.id from channel_connections c
        where c.state = 'connected' and c.account_id is not null
          and (c.last_status_pulled_at is null or c.last_status_pulled_at < now() - make_interval(secs => ${statusPullEverySeconds}))
          and exists (select 1 from channel_items i where i.connection_id = c.id)`,
  );
  return { sync, pull };
};

export const startSyncWorkers = async (
  deps: { jobs: TJobs; db: TDb; engine: TSyncEngine; settings: TSyncJobSettings },
  log: FastifyBaseLogger,
) => {
  const { jobs, db, engine, settings } = deps;
  await jobs.boss.work<TChannelSyncJob>(QUEUES.channelSync, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const run = await engine.runSync(job.data.connection_id, job.data.trigger);
    if (run?.status === 'succeeded' && (run.sent > 0 || run.deleted > 0)) {
      await jobs.send(QUEUES.channelStatusPull, { connection_id: job.data.connection_id } satisfies TStatusPullJob, {
        startAfter: settings.statusPullDelaySeconds,
        singletonKey: job.data.connection_id,
        singletonSeconds: Math.max(1, settings.statusPullDelaySeconds),
      });
    }
  });
  await jobs.boss.work<TStatusPullJob>(QUEUES.channelStatusPull, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const pulled = await engine.pullStatuses(job.data.connection_id);
    if (pulled) log.info({ connection_id: job.data.connection_id, ...pulled }, 'channel statuses pulled');
  });
  const tick = async () => {
    const due = await dueConnections(db, settings.statusPullEverySeconds);
    const queue = syncQueue(jobs);
    for (const c of due.sync) await queue.syncSoon(c.id, c.trigger);
    for (const c of due.pull) {
      await jobs.send(QUEUES.channelStatusPull, { connection_id: c.id } satisfies TStatusPullJob, {
        singletonKey: c.id,
        singletonSeconds: 60,
      });
    }
  };
  await jobs.boss.work(QUEUES.channelSyncTick, { batchSize: 1, pollingIntervalSeconds: 1 }, async () => {
    await tick();
  });
  await jobs.boss.schedule(QUEUES.channelSyncTick, '* * * * *', {}, { tz: 'UTC' });
  if (settings.tickSeconds < 60) {
    const timer = setInterval(() => {
      jobs.boss
        .send(QUEUES.channelSyncTick, {}, { singletonKey: 'tick', singletonSeconds: settings.tickSeconds })
        .catch((err: unknown) => log.warn({ err }, 'sync tick could not be queued'));
    }, settings.tickSeconds * 1000);
    timer.unref();
    jobs.boss.once('stopped', () => clearInterval(timer));
  }
};
