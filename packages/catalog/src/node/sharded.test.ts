import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONTEXT } from '../../test/fixtures';
import { catalogue } from '../../test/shard-source';
import { FEED_FORMATS } from '../feeds/formats';
import { feedToString } from '../feeds/stream';

const run = promisify(execFile);
const itemsOf = (xml: string): string[] => xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];

describe('sharded feed build (worker threads)', () => {
  it('writes the same items as a single-thread build, framed once, deterministically, held-back items left out', async () => {
    const script = fileURLToPath(new URL('../../test/run-sharded.ts', import.meta.url));
    const runOnce = async () => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', script, '3', '30'], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
      });
      return JSON.parse(stdout) as {
        text: string;
        stats: { products: number; items: number; written: number; rejected: number; heldBack: number };
        issues: string[];
      };
    };
    const [a, b] = await Promise.all([runOnce(), runOnce()]);
    const single = await feedToString({
      format: FEED_FORMATS.google_xml,
      products: catalogue(30),
      context: CONTEXT,
    });
    // The draft and the paused kettle are held back in every shard, as in the single-thread build.
    expect(a.stats).toEqual({ products: 36, items: 37, written: 34, rejected: 1, heldBack: 2 });
    expect(a.text).not.toMatch(/K-DRAFT|K-PAUSED/);
    expect(a.text.startsWith('<?xml')).toBe(true);
    expect(a.text.match(/<\/rss>/g)).toHaveLength(1);
    expect([...itemsOf(a.text)].sort()).toEqual([...itemsOf(single)].sort());
    expect(b.text).toBe(a.text);
    expect(a.issues).toContain('BROKEN');
  }, 30_000);

  it("fills the shop's default condition in every shard, as a single-thread build does", async () => {
    const script = fileURLToPath(new URL('../../test/run-sharded.ts', import.meta.url));
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', script, '3', '12', 'meta_csv', 'used'],
      {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
      },
    );
    const sharded = (JSON.parse(stdout) as { text: string }).text;
    const kettles = sharded.split('\n').filter((line) => line.startsWith('K-'));
    // Every numbered kettle is written (Meta requires a condition), with the default.
    expect(kettles).toHaveLength(12);
    const conditionAt = sharded.split('\n')[0]?.split(',').indexOf('condition') ?? -1;
    expect(new Set(kettles.map((line) => line.split(',')[conditionAt]))).toEqual(new Set(['used']));
    const single = await feedToString({
      format: FEED_FORMATS.meta_csv,
      products: catalogue(12, true),
      context: { ...CONTEXT, defaults: { condition: 'used' } },
    });
    expect(sharded.split('\n').sort()).toEqual(single.split('\n').sort());
  }, 30_000);
});
