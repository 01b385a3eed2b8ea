import { Writable } from 'node:stream';
import { writeFeedSharded } from '../src/node/index';
import type { TShardIssues } from '../src/node/index';
import { CONTEXT } from './fixtures';

// Runs a sharded build in a real process (worker threads need a loader, which vitest does not provide).
const [shards = '2', count = '30'] = process.argv.slice(2);
let text = '';
const sink = new Writable({
  write: (c: Buffer, _e, cb) => {
    text += c.toString('utf8');
    cb();
  },
});
const issues: TShardIssues[] = [];
const stats = await writeFeedSharded(sink, {
  format: 'google_xml',
  source: { module: new URL('./shard-source.ts', import.meta.url).href, data: { count: Number(count) } },
  shards: Number(shards),
  context: CONTEXT,
  chunkSize: 2048,
  window: 1,
  onIssues: (batch) => issues.push(...batch),
});
process.stdout.write(JSON.stringify({ text, stats, issues: issues.map((i) => i.offerId) }));
