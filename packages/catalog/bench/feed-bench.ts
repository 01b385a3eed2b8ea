import { fork } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { record } from '@feedloom/bench-kit';
import { build } from 'esbuild';
import { create } from 'xmlbuilder2';
import {
  channelItems,
  FEED_FORMATS,
  GOOGLE_NS,
  hasErrors,
  isPresent,
  listOf,
  readValue,
  resolveContext,
  scalarText,
  validateItem,
  writeFeed,
} from '../src/index';
import type { TFeedStats, TValidationContext } from '../src/index';
import { googleTaxonomy, writeFeedSharded } from '../src/node/index';
import { productShard } from './generate';

// Validate + write a Google XML feed for generated products (bench/generate.ts: realistic lengths, 30 % with
// 2–4 variants, 5 % invalid), streaming, against a baseline that serialises the same products with
// xmlbuilder2 into one document. Generation is part of the measured time.
//
// Each measurement runs in its own child process, so its peak RSS (process.resourceUsage().maxRSS, all
// threads) is its own. The children run the package bundled to JavaScript with esbuild, as a deployment
// would, not through tsx: the TypeScript loader costs ~40 MB and a transpile per thread, which is not the
// feed build's to pay.
//
//   pnpm bench                                    1,000,000 products; baseline on 20,000
//   BENCH_PRODUCTS=200000 pnpm bench              a quicker run
//   tsx bench/feed-bench.ts --child=sharded --count=1000   one measurement, from the TypeScript sources

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
// xmlbuilder2 keeps the whole document as objects: 100,000 products exhaust a 4 GB heap, 20,000 take ~1.4 GB.
const BASELINE_PRODUCTS = Number(process.env.BENCH_BASELINE_PRODUCTS ?? Math.min(20_000, PRODUCTS));
const SMALL_PRODUCTS = Math.max(1, Math.round(PRODUCTS / 10));
const SHARDS = Number(process.env.BENCH_SHARDS ?? availableParallelism());
const TARGET_RATE = 100_000;
const TARGET_RSS_MB = 256;

interface TResult extends TFeedStats {
  mode: string;
  bytes: number;
  seconds: number;
  cpuSeconds: number;
  maxRssMb: number;
}

/** Counts bytes and drops them: the benchmark measures the feed build, not the disk. */
class CountingSink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (error?: Error | null) => void): void {
    this.bytes += chunk.length;
    done();
  }
}

/** Read up front in every run, as a long-lived worker has it. */
const context = (): TValidationContext => ({
  targetCountry: 'US',
  contentLanguage: 'en',
  currency: 'USD',
  shopDomain: 'shop.example.com',
  taxonomy: googleTaxonomy(),
});
/** Running from the bundle (bench/.build/*.mjs) or from the sources (tsx)? */
const BUNDLED = import.meta.url.endsWith('.mjs');
const source = (count: number) => ({
  module: new URL(BUNDLED ? './generate.mjs' : './generate.ts', import.meta.url).href,
  data: { count, seed: 42 },
});
const BUILD_DIR = new URL('./.build/', import.meta.url);

/** One thread: writeFeed over the whole catalogue. */
const runStream = async (count: number, sink: CountingSink): Promise<TFeedStats> =>
  writeFeed(sink, {
    format: FEED_FORMATS.google_xml,
    products: productShard(0, 1, source(count).data),
    context: context(),
  });

/** Every core: writeFeedSharded, shard 0 on this thread and one worker thread per other shard. */
const runSharded = async (count: number, sink: CountingSink): Promise<TFeedStats> =>
  writeFeedSharded(sink, {
    format: 'google_xml',
    source: source(count),
    shards: SHARDS,
    context: context(),
    workerEntry: BUNDLED ? new URL('./shard-worker.mjs', import.meta.url) : undefined,
  });

/** The same validation and value formatting, but one xmlbuilder2 document, serialised at the end. */
const runBaseline = async (count: number, sink: CountingSink): Promise<TFeedStats> => {
  const format = FEED_FORMATS.google_xml;
  const ctx = resolveContext(context());
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const channel = doc.ele('rss', { 'xmlns:g': GOOGLE_NS, version: '2.0' }).ele('channel');
  channel
    .ele('title')
    .txt('Products')
    .up()
    .ele('link')
    .txt('https://example.com')
    .up()
    .ele('description')
    .txt('Product feed');
  const stats: TFeedStats = { products: 0, items: 0, written: 0, rejected: 0, heldBack: 0 };
  for (const product of productShard(0, 1, source(count).data)) {
    stats.products++;
    for (const item of channelItems(product)) {
      stats.items++;
      if (hasErrors(validateItem(format.channel, item, ctx))) {
        stats.rejected++;
        continue;
      }
      stats.written++;
      const el = channel.ele('item');
      for (const row of format.channel.rows) {
        if (!row.feed) continue;
        const v = readValue(row, item, ctx);
        if (!isPresent(v)) continue;
        for (const one of listOf(row, v)) {
          if (!isPresent(one)) continue;
          if (row.type === 'record') {
            const rec = el.ele(`g:${row.feed}`);
            for (const c of row.children ?? []) {
              const cv = (one as Record<string, unknown>)[c.key ?? c.attribute];
              if (c.feed && isPresent(cv)) rec.ele(`g:${c.feed}`).txt(scalarText(c, cv));
            }
          } else {
            el.ele(`g:${row.feed}`).txt(scalarText(row, one));
          }
        }
      }
    }
  }
  const xml = doc.end({ prettyPrint: false });
  await new Promise<void>((resolve, reject) =>
    sink.end(xml, (e?: Error | null) => (e ? reject(e) : resolve())),
  );
  return stats;
};

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

const child = async (mode: string, count: number): Promise<void> => {
  context(); // the taxonomy is read before the clock starts
  const sink = new CountingSink();
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const run = mode === 'baseline' ? runBaseline : mode === 'sharded' ? runSharded : runStream;
  const stats = await run(count, sink);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  const result: TResult = {
    mode,
    ...stats,
    bytes: sink.bytes,
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
  if (process.send) process.send(result);
  else console.info(JSON.stringify(result));
};

/** Bundles the measured code: the child entry (this file), the shard worker and the product generator. */
const bundle = async (): Promise<void> => {
  await build({
    entryPoints: {
      'feed-bench': fileURLToPath(import.meta.url),
      'shard-worker': fileURLToPath(new URL('../src/node/shard-worker.ts', import.meta.url)),
      generate: fileURLToPath(new URL('./generate.ts', import.meta.url)),
    },
    outdir: fileURLToPath(BUILD_DIR),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Resolved at run time from the package's node_modules (they are not part of what is measured).
    external: ['xmlbuilder2', 'esbuild'],
    logLevel: 'warning',
  });
};

const measure = (mode: string, count: number): Promise<TResult> =>
  new Promise((resolve, reject) => {
    const proc = fork(
      fileURLToPath(new URL('feed-bench.mjs', BUILD_DIR)),
      [`--child=${mode}`, `--count=${count}`],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        execArgv: [],
      },
    );
    let result: TResult | undefined;
    proc.on('message', (m) => (result = m as TResult));
    proc.on('error', reject);
    proc.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`${mode} benchmark exited with ${code}`)),
    );
  });

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const describeRun = (r: TResult) =>
  `${r.mode}: ${fmt(r.products)} products → ${fmt(r.items)} items (${fmt(r.written)} written, ${fmt(r.rejected)} rejected), ` +
  `${fmt(r.bytes / 1e6)} MB in ${r.seconds.toFixed(2)} s (${r.cpuSeconds.toFixed(2)} s CPU), peak RSS ${fmt(r.maxRssMb)} MB`;

const main = async (): Promise<void> => {
  await bundle();
  console.info(
    `catalog feed bench: ${fmt(PRODUCTS)} products, ${SHARDS} shards, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const sharded = await measure('sharded', PRODUCTS);
  const single = await measure('stream', PRODUCTS);
  const shardedSmall = await measure('sharded', SMALL_PRODUCTS);
  const singleSmall = await measure('stream', SMALL_PRODUCTS);
  const baseline = await measure('baseline', BASELINE_PRODUCTS);
  for (const r of [sharded, single, shardedSmall, singleSmall, baseline]) console.info(describeRun(r));

  const rate = (r: TResult) => r.products / r.seconds;
  const baseRate = rate(baseline);
  record({
    name: `catalog: validate + write Google XML feed, streaming on ${SHARDS} cores (${fmt(PRODUCTS)} products)`,
    value: rate(sharded),
    unit: 'products/s',
    baseline: baseRate,
    target: `>= ${fmt(TARGET_RATE)}`,
    pass: rate(sharded) >= TARGET_RATE,
  });
  record({
    name: `catalog: validate + write Google XML feed, streaming on 1 thread (${fmt(PRODUCTS)} products)`,
    value: rate(single),
    unit: 'products/s',
    baseline: baseRate,
  });
  record({
    name: `catalog: validate + write Google XML feed, streaming on 1 thread, per CPU-second (${fmt(PRODUCTS)} products)`,
    value: single.products / single.cpuSeconds,
    unit: 'products/CPU-s',
  });
  for (const [r, n] of [
    [sharded, PRODUCTS],
    [shardedSmall, SMALL_PRODUCTS],
    [single, PRODUCTS],
    [singleSmall, SMALL_PRODUCTS],
  ] as const) {
    record({
      name: `catalog: peak RSS, streaming on ${r.mode === 'sharded' ? `${SHARDS} cores` : '1 thread'} (${fmt(n)} products)`,
      value: r.maxRssMb,
      unit: 'MB',
      baseline: baseline.maxRssMb,
      target: `< ${TARGET_RSS_MB}`,
      pass: r.maxRssMb < TARGET_RSS_MB,
    });
  }
  record({
    name: `catalog: baseline, xmlbuilder2 one document (${fmt(BASELINE_PRODUCTS)} products; 1,000,000 would not fit in memory)`,
    value: baseRate,
    unit: 'products/s',
  });
  record({
    name: `catalog: baseline peak RSS, xmlbuilder2 one document (${fmt(BASELINE_PRODUCTS)} products)`,
    value: baseline.maxRssMb,
    unit: 'MB',
  });
};

const mode = arg('child');
if (mode) await child(mode, Number(arg('count') ?? PRODUCTS));
else await main();
