// One measured feed build of sync-bench.ts, in a process of its own so that its peak RSS (maxRSS, all
// threads) is the build's: it loads only what GET /feeds/{token}.xml runs. `db` is feed-build.ts's build
// from PostgreSQL on `shards` shards; `memory` first reads `count` of the shop's products into an array (not
// timed), then the catalog builds the feed from memory on one thread. Answers a TFeedResult on the IPC channel.
import { FEED_FORMATS, feedChunks, type TProduct } from '@feedloom/catalog';
import { openPostgres } from '../src/db/client';
import { shopFeedChunks } from '../src/modules/sync/feed-build';
import { shopProductPages } from '../src/modules/sync/product-pages';

export interface TFeedChildArgs {
  mode: 'db' | 'memory';
  url: string;
  shop: string;
  count: number;
  shards: number;
}

export interface TFeedResult {
  mode: string;
  products: number;
  bytes: number;
  seconds: number;
  maxRssMb: number;
  /** RSS (MB) after every SAMPLE_BYTES of the file. */
  samples: number[];
}

const SAMPLE_BYTES = 5e6;
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
const FEED_CONTEXT = { currency: 'USD', targetCountry: 'US', contentLanguage: 'en' };
const FEED_META = { title: 'Bench', link: 'https://bench-store.example', description: 'Bench feed' };

/** Drains a feed build, counting bytes and sampling the RSS as it goes. */
const drain = async (chunks: AsyncIterable<Uint8Array>) => {
  let bytes = 0;
  const samples: number[] = [];
  let nextSample = SAMPLE_BYTES;
  for await (const c of chunks) {
    bytes += c.byteLength;
    if (bytes >= nextSample) {
      samples.push(Math.round(rssMb()));
      nextSample += SAMPLE_BYTES;
    }
  }
  return { bytes, samples };
};

const run = async (args: TFeedChildArgs) => {
  const database = openPostgres(args.url, 2);
  try {
    let chunks: AsyncIterable<Uint8Array>;
    let started: number;
    if (args.mode === 'memory') {
      const memory: TProduct[] = [];
      for await (const page of shopProductPages(database.db, args.shop, 5000)) {
        for (const p of page) if (memory.length < args.count) memory.push(p.product);
        if (memory.length >= args.count) break;
      }
      started = performance.now();
      chunks = feedChunks({ format: FEED_FORMATS.google_xml, products: memory, context: FEED_CONTEXT, meta: FEED_META });
    } else {
      started = performance.now();
      chunks = await shopFeedChunks(
        database,
        args.shop,
        { format: 'google_xml', context: FEED_CONTEXT, meta: FEED_META },
        { shards: args.shards, shardFrom: 0 },
      );
    }
    const { bytes, samples } = await drain(chunks);
    const result: TFeedResult = {
      mode: args.mode,
      products: args.count,
      bytes,
      seconds: (performance.now() - started) / 1000,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      samples,
    };
    if (process.send) process.send(result);
    else console.log(JSON.stringify(result));
  } finally {
    await database.close();
  }
};

run(JSON.parse(process.argv[2] ?? '{}') as TFeedChildArgs).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
