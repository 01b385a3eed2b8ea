// Builds the sync engine and the feed service from the services they use (services.ts appends them).
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client';
import type { TEnv } from '../../env';
import type { TJobs } from '../../jobs/boss';
import type { TClock } from '../../lib/clock';
import type { TCipher } from '../../lib/crypto';
import type { TMailer } from '../../mail/mailer';
import type { TChannelsService } from '../channels/service';
import type { TChannelAdapter } from './adapter';
import { createBatchAdapter } from './batch-adapter';
import { createSyncEngine, type TSyncEngineDeps } from './engine';
import { createGoogleAdapter } from './google-adapter';
import { syncQueue } from './jobs';
import { createSyncService } from './service';
import { eq } from 'drizzle-orm';
import { channel_connections, type TChannelConnectionRow } from '../../db/schema';

interface TBuilt {
  env: TEnv;
  database: TDatabase;
  clock: TClock;
  cipher: TCipher;
  jobs: TJobs | null;
  mailer: TMailer;
  channels: TChannelsService;
  notifications: { events: NonNullable<TSyncEngineDeps['events']> };
}

export const createSyncServices = (s: TBuilt, log: FastifyBaseLogger) => {
  const { env } = s;
  const db = s.database.db;
  /** The adapter of a connection: Google's, or Microsoft's and Meta's batch clients (null until linked). */
  const adapterFor = (row: TChannelConnectionRow): TChannelAdapter | null => {
    if (!row.account_id) return null;
    if (row.channel === 'bing') {
      if (!row.target_market) return null;
      const client = s.channels.microsoftCatalogClient(row);
      return createBatchAdapter('microsoft', {
        maxBatch: client.maxBatchSize,
        upsert: client.insertBatch,
        delete: client.deleteBatch,
        statuses: client.listStatuses,
      });
    }
    if (row.channel === 'facebook') {
      const client = s.channels.metaCatalogClient(row);
      return createBatchAdapter('meta', {
        maxBatch: client.maxBatchSize,
        upsert: client.upsertItems,
        delete: client.deleteItems,
        statuses: client.listItems,
      });
    }
    return createGoogleAdapter({
      client: s.channels.merchantClient(row),
      accountId: row.account_id,
      contentLanguage: row.target_market?.language ?? 'en',
      feedLabel: row.target_market?.country ?? 'US',
      dataSource: row.remote_data_source,
      onDataSource: async (name) => {
        await db.update(channel_connections).set({ remote_data_source: name }).where(eq(channel_connections.id, row.id));
      },
      concurrency: env.SYNC_CONCURRENCY,
      batchSize: env.SYNC_BATCH_SIZE,
    });
  };
  const syncEngine = createSyncEngine({
    db,
    clock: s.clock,
    log,
    adapterFor,
    events: s.notifications.events,
    settings: {
      gateShare: env.SYNC_GATE_SHARE,
      leaseSeconds: 120,
      refreshAfterDays: env.SYNC_REFRESH_AFTER_DAYS,
      pageSize: 500,
    },
  });
  const sync = createSyncService({
    db,
    database: s.database,
    feedBuild: env.FEED_SHARD_FROM === 0 ? { shards: 1 } : { shardFrom: env.FEED_SHARD_FROM },
    clock: s.clock,
    cipher: s.cipher,
    mailer: s.mailer,
    log,
    feedBaseUrl: env.FEED_BASE_URL ?? env.APP_URL,
    queue: () => (s.jobs ? syncQueue(s.jobs) : null),
  });
  return { syncEngine, sync };
};
