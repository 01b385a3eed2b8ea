import { Writable } from 'node:stream';
import type { TFeedFormatId } from '../src/index';
import { writeFeedSharded } from '../src/node/index';
import type { TShardIssues } from '../src/node/index';
import { CONTEXT } from './fixtures';

// Runs a sharded build in a real process (worker threads need a loader, which vitest does not provide).
// Optional: the feed format, and a shop default condition (the kettles then come without a condition).
const [shards = '2', count = '30', format = 'google_xml', defaultCondition] = process.argv.slice(2);
let text = '';
const sink = new Writable({
  write: (c: Buffer, _e, cb) => {
    text += c.toString('utf8');
    cb();
  },
});
const issues: TShardIssues[] = [];
const stats = await writeFeedSharded(sink, {
  format: format as TFeedFormatId,
  source: {
    module: new URL('./shard-source.ts', import.meta.url).href,
    data: { count: Number(count), withoutCondition: defaultCondition !== undefined },
  },
  shards: Number(shards),
  context: defaultCondition ? { ...CONTEXT, defaults: { condition: defaultCondition } } : CONTEXT,
  chunkSize: 2048,
  window: 1,
  onIssues: (batch) => issues.push(...batch),
});
process.stdout.write(JSON.stringify({ text, stats, issues: issues.map((i) => i.offerId) }));
