// One shard of a feed file built on several cores (feed-build.ts): run by @feedloom/catalog/node's
// writeFeedSharded on a worker thread (shard 0 on the caller's), it reads its own range of the shop's product
// ids over a connection of its own and hands the products to the catalog's validator and writer.
import type { TProduct } from '@feedloom/catalog';
import { openPostgres } from '../../db/client';
import { shopProductPages } from './product-pages';

/** What every shard is given (structured-cloned into the worker). */
export interface TFeedShardData {
  connectionString: string;
  shopId: string;
  /** Shard k reads the ids in (bounds[k], bounds[k + 1]]. */
  bounds: number[];
  pageSize: number;
}

export async function* productShard(shard: number, _shards: number, data: unknown): AsyncGenerator<TProduct> {
  const { connectionString, shopId, bounds, pageSize } = data as TFeedShardData;
  const database = openPostgres(connectionString, 1);
  try {
    const range = { after: bounds[shard]!, upTo: bounds[shard + 1]! };
    for await (const page of shopProductPages(database.db, shopId, pageSize, range)) for (const p of page) yield p.product;
  } finally {
    await database.close();
  }
}
