// The feed file of a shop, built from the database as GET /feeds/{token}.xml serves it: products
// read a large page at a time (keyset, next page read ahead), every layer merged, judged by the catalog's
// validator and written as they come, so memory stays flat whatever the shop's size. On PostgreSQL a large
// shop is split into id ranges built on every core (@feedloom/catalog/node's writeFeedSharded, one database
// connection per shard); PGlite (one connection, in this process) builds on this thread.
import { availableParallelism } from 'node:os';
import { PassThrough } from 'node:stream';
import {
  FEED_FORMATS,
  feedChunks,
  type TFeedFormatId,
  type TFeedMeta,
  type TValidationContext,
} from '@feedloom/catalog';
import { writeFeedSharded } from '@feedloom/catalog/node';
import { sql } from 'drizzle-orm';
import { queryRows, type TDatabase } from '../../db/client';
import { BUNDLED, builtModule, runtimeModule } from '../../lib/paths';
import type { TFeedShardData } from './feed-shard';
import { shopProductPages } from './product-pages';

/** Products read per query. */
export const FEED_PAGE_SIZE = 5000;

export interface TFeedBuildSettings {
  /** Shards of a large shop's build on PostgreSQL (default: the cores); 1 builds on this thread. */
  shards?: number;
  /** Fewest products for a sharded build (starting the workers costs more than a small file). */
  shardFrom?: number;
  pageSize?: number;
}

/** The shards' source: feed-shard.ts, or its build dist/feed-shard.mjs in the bundle (scripts/build.mjs). */
const SHARD_MODULE = runtimeModule('modules/sync/feed-shard.ts', 'feed-shard.mjs');
/**
 * The worker threads' entry in the bundle: the catalog's shard worker built to dist/shard-worker.mjs. Running
 * the sources, the catalog starts its TypeScript entry through tsx (its shard-boot.mjs).
 */
const SHARD_WORKER = BUNDLED ? new URL(builtModule('shard-worker.mjs')) : undefined;

/** Upper ids of `shards` ranges holding about as many of the shop's products each (0 first). */
const shardBounds = async (database: TDatabase, shopId: string, shards: number): Promise<number[]> => {
  const rows = await queryRows<{ upto: string | number }>(
    database.db,
    sql`select max(id) as upto from (select id, ntile(${shards}::int) over (order by id) as t from products
          where shop_id = ${shopId}::uuid) x group by t order by t`,
  );
  return [0, ...rows.map((r) => Number(r.upto))];
};

export const shopFeedChunks = async (
  database: TDatabase,
  shopId: string,
  build: { format: TFeedFormatId; context: TValidationContext; meta: TFeedMeta },
  settings: TFeedBuildSettings = {},
): Promise<AsyncIterable<Uint8Array>> => {
  const pageSize = settings.pageSize ?? FEED_PAGE_SIZE;
  const shards = Math.max(1, settings.shards ?? availableParallelism());
  const connectionString = database.driver === 'postgres' ? database.connectionString : undefined;
  if (connectionString && shards > 1) {
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from products where shop_id = ${shopId}::uuid`,
    );
    if ((count?.n ?? 0) >= (settings.shardFrom ?? 20_000)) {
      const data: TFeedShardData = {
        connectionString,
        shopId,
        bounds: await shardBounds(database, shopId, shards),
        pageSize,
      };
      const out = new PassThrough();
      writeFeedSharded(out, {
        format: build.format,
        source: { module: SHARD_MODULE, data },
        workerEntry: SHARD_WORKER,
        shards: data.bounds.length - 1,
        context: build.context,
        meta: build.meta,
      }).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
      return out;
    }
  }
  async function* products() {
    for await (const page of shopProductPages(database.db, shopId, pageSize))
      for (const p of page) yield p.product;
  }
  return feedChunks({
    format: FEED_FORMATS[build.format],
    products: products(),
    context: build.context,
    meta: build.meta,
  });
};
