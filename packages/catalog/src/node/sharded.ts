import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import type { TItemResult } from '../channels/engine';
import type { TIssue, TValidationContext } from '../channels/types';
import type { TFeedFormatId, TFeedMeta } from '../feeds/formats';
import { FEED_FORMATS } from '../feeds/formats';
import { DEFAULT_META, feedChunks } from '../feeds/stream';
import type { TFeedStats } from '../feeds/stream';
import type { TProduct } from '../model/product';
import { isShippedTaxonomy } from './taxonomy-file';

// A feed build spread over the cores, one shard of the catalogue each (for example a range of product ids).
// Shard 0 runs on this thread, the others on worker threads; each reads its own shard, validates and
// serialises it. The output takes one chunk from each shard in turn, so it is the same on every run, and
// memory stays bounded: a worker is never more than `window` chunks ahead of the writer.

export interface TShardSource {
  /** Module (URL or absolute path) exporting `productShard(shard, shards, data)`. */
  module: string;
  /** Name of the export (default `productShard`). */
  exportName?: string;
  /** Passed to the export as is (must survive structured cloning). */
  data?: unknown;
}

export type TShardFactory = (
  shard: number,
  shards: number,
  data: unknown,
) => Iterable<TProduct> | AsyncIterable<TProduct>;

export interface TShardedFeedBuild {
  format: TFeedFormatId;
  source: TShardSource;
  /** Number of shards (default: the number of cores). */
  shards?: number;
  context?: TValidationContext;
  meta?: TFeedMeta;
  gzip?: boolean;
  chunkSize?: number;
  /** Chunks a worker may run ahead of the writer (default 32, about 2 MB). */
  window?: number;
  /** Items with issues, in batches as the shards report them. */
  onIssues?: (batch: readonly TShardIssues[]) => void;
  /**
   * A JavaScript build of shard-worker.ts to run in the workers (a bundled deployment). By default workers
   * run the TypeScript source through shard-boot.mjs.
   */
  workerEntry?: string | URL;
}

export interface TShardIssues {
  productId: string;
  variantId: string | undefined;
  offerId: string;
  issues: TIssue[];
}

/** What a worker is given (workerData). */
export interface TShardTask {
  format: TFeedFormatId;
  source: TShardSource;
  shard: number;
  shards: number;
  /** No taxonomy if it is the shipped one (`shippedTaxonomy`): the worker then reads the file itself. */
  context: TValidationContext | undefined;
  shippedTaxonomy: boolean;
  chunkSize: number | undefined;
  window: number;
  reportIssues: boolean;
}

export type TShardMessage =
  | { type: 'chunk'; bytes: Uint8Array; issues: TShardIssues[] }
  | { type: 'done'; stats: TFeedStats; issues: TShardIssues[] };

const BOOT = new URL('./shard-boot.mjs', import.meta.url);
/**
 * A shard keeps almost nothing alive (one product, one chunk): a small heap is plenty, and without a cap V8
 * lets each worker's heap grow far beyond what it uses before collecting.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 96 };
const ENTRY = new URL('./shard-worker.ts', import.meta.url).href;

/** Loads the shard factory a source names. */
export const loadShardFactory = async (source: TShardSource): Promise<TShardFactory> => {
  const mod = (await import(source.module)) as Record<string, unknown>;
  const name = source.exportName ?? 'productShard';
  const make = mod[name];
  if (typeof make !== 'function') throw new Error(`${source.module} does not export ${name}`);
  return make as TShardFactory;
};

/** Collects the items that have issues, for `onIssues`. */
export const issueCollector =
  (into: TShardIssues[]) =>
  ({ item, issues }: TItemResult): void => {
    if (issues.length > 0)
      into.push({ productId: item.productId, variantId: item.variantId, offerId: item.offerId, issues });
  };

const addStats = (into: TFeedStats, s: TFeedStats): void => {
  into.products += s.products;
  into.items += s.items;
  into.written += s.written;
  into.rejected += s.rejected;
  into.heldBack += s.heldBack;
};

/** The chunks of one worker shard, as an async sequence; taking a chunk gives the worker a credit back. */
const workerShard = (task: TShardTask, stats: TFeedStats, build: TShardedFeedBuild) => {
  const onIssues = build.onIssues;
  const worker = build.workerEntry
    ? new Worker(build.workerEntry, { workerData: task, resourceLimits: WORKER_LIMITS })
    : new Worker(BOOT, { workerData: { ...task, entry: ENTRY }, resourceLimits: WORKER_LIMITS });
  const queue: Uint8Array[] = [];
  let done = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (m: TShardMessage) => {
    if (m.issues.length > 0) onIssues?.(m.issues);
    if (m.type === 'chunk') queue.push(m.bytes);
    else {
      done = true;
      addStats(stats, m.stats);
    }
    signal();
  });
  worker.on('error', (error) => {
    failure = error;
    signal();
  });
  worker.on('exit', (code) => {
    if (!done)
      failure ??= new Error(`feed shard ${task.shard} stopped (exit code ${code}) before it finished`);
    signal();
  });
  return {
    worker,
    async next(): Promise<Uint8Array | undefined> {
      for (;;) {
        if (failure) throw failure;
        const chunk = queue.shift();
        if (chunk) {
          worker.postMessage('credit');
          return chunk;
        }
        if (done) return undefined;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
};

/**
 * Writes a feed built in `shards` shards to `out` and resolves with the summed counts. Worker threads load
 * the TypeScript sources through tsx when the process has it (see shard-boot.mjs).
 */
export const writeFeedSharded = async (out: Writable, build: TShardedFeedBuild): Promise<TFeedStats> => {
  const format = FEED_FORMATS[build.format];
  const shards = Math.max(1, build.shards ?? availableParallelism());
  const window = Math.max(1, build.window ?? 32);
  const stats: TFeedStats = { products: 0, items: 0, written: 0, rejected: 0, heldBack: 0 };
  const shippedTaxonomy = isShippedTaxonomy(build.context?.taxonomy);
  // A worker reads the shipped taxonomy itself rather than being sent a copy of it.
  const workerContext: TValidationContext | undefined = shippedTaxonomy
    ? { ...build.context, taxonomy: undefined }
    : build.context;
  const task = (shard: number): TShardTask => ({
    format: build.format,
    source: build.source,
    shard,
    shards,
    context: workerContext,
    shippedTaxonomy,
    chunkSize: build.chunkSize,
    window,
    reportIssues: build.onIssues !== undefined,
  });

  // Load the source here first: a wrong module fails before any worker starts.
  const make = await loadShardFactory(build.source);
  const workers = Array.from({ length: shards - 1 }, (_, i) => workerShard(task(i + 1), stats, build));
  const ownIssues: TShardIssues[] = [];
  const ownStats: TFeedStats = { products: 0, items: 0, written: 0, rejected: 0, heldBack: 0 };
  const own = feedChunks(
    {
      format,
      products: make(0, shards, build.source.data),
      context: build.context,
      frame: false,
      chunkSize: build.chunkSize,
      onItem: build.onIssues ? issueCollector(ownIssues) : undefined,
    },
    ownStats,
  );

  async function* merged(): AsyncGenerator<string | Uint8Array> {
    yield format.header(build.meta ?? DEFAULT_META);
    let ownDone = false;
    const active = new Set(workers);
    while (!ownDone || active.size > 0) {
      if (!ownDone) {
        const r = await own.next();
        if (r.done) ownDone = true;
        else yield r.value;
        if (ownIssues.length > 0) build.onIssues?.(ownIssues.splice(0));
      }
      for (const w of [...active]) {
        const chunk = await w.next();
        if (chunk) yield chunk;
        else active.delete(w);
      }
    }
    addStats(stats, ownStats);
    yield format.footer();
  }

  const readable = Readable.from(merged(), { objectMode: false });
  try {
    if (build.gzip) await pipeline(readable, createGzip(), out);
    else await pipeline(readable, out);
  } finally {
    await Promise.all(workers.map((w) => w.worker.terminate()));
  }
  return stats;
};
