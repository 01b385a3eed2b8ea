import { parentPort, workerData } from 'node:worker_threads';
import { FEED_FORMATS } from '../feeds/formats';
import { feedChunks } from '../feeds/stream';
import type { TFeedStats } from '../feeds/stream';
import type { TShardIssues, TShardMessage, TShardTask } from './sharded';
import { issueCollector, loadShardFactory } from './sharded';
import { googleTaxonomy } from './taxonomy-file';

// One worker shard of a sharded feed build (see sharded.ts): reads its shard, builds its part of the feed
// (no header or footer), encodes it to UTF-8 here and hands the bytes over without copying. It never runs
// more than `window` chunks ahead of what the writer has taken.

const task = workerData as TShardTask;
const port = parentPort;
if (!port) throw new Error('shard-worker must run in a worker thread');

let credits = task.window;
let wake: (() => void) | undefined;
port.on('message', (m: unknown) => {
  if (m !== 'credit') return;
  credits++;
  wake?.();
  wake = undefined;
});

const post = (message: TShardMessage, transfer?: ArrayBuffer[]): void => port.postMessage(message, transfer);

const make = await loadShardFactory(task.source);
const issues: TShardIssues[] = [];
const stats: TFeedStats = { products: 0, items: 0, written: 0, rejected: 0, heldBack: 0 };
for await (const chunk of feedChunks(
  {
    format: FEED_FORMATS[task.format],
    products: make(task.shard, task.shards, task.source.data),
    context: task.shippedTaxonomy ? { ...task.context, taxonomy: googleTaxonomy() } : task.context,
    frame: false,
    chunkSize: task.chunkSize,
    onItem: task.reportIssues ? issueCollector(issues) : undefined,
    transferable: true,
  },
  stats,
)) {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
  credits--;
  const bytes = chunk; // owns its ArrayBuffer (transferable: true): handed over without a copy
  const batch = issues.splice(0);
  post({ type: 'chunk', bytes, issues: batch }, [bytes.buffer as ArrayBuffer]);
}
post({ type: 'done', stats, issues });
port.close();
