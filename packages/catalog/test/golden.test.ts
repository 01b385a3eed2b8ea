import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectGolden } from './golden';

const dirs: string[] = [];
const scratch = (): URL => {
  const dir = mkdtempSync(path.join(tmpdir(), 'golden-'));
  dirs.push(dir);
  return pathToFileURL(`${dir}/`);
};

afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('golden files', () => {
  it('on CI, a missing golden file fails the test and is not written', () => {
    vi.stubEnv('CI', 'true');
    vi.stubEnv('UPDATE_GOLDEN', '1');
    const dir = scratch();
    expect(() => expectGolden('feed.xml', '<rss/>', dir)).toThrow(/golden file feed\.xml is missing/);
    expect(existsSync(new URL('feed.xml', dir))).toBe(false);
  });

  it('locally, a missing golden file is written, then held to', () => {
    vi.stubEnv('CI', '');
    vi.stubEnv('UPDATE_GOLDEN', '');
    const dir = scratch();
    expectGolden('feed.xml', '<rss/>', dir);
    expect(readFileSync(new URL('feed.xml', dir), 'utf8')).toBe('<rss/>');
    expect(() => expectGolden('feed.xml', '<rss>changed</rss>', dir)).toThrow();
  });

  it('UPDATE_GOLDEN=1 rewrites a golden file outside CI', () => {
    vi.stubEnv('CI', '');
    const dir = scratch();
    expectGolden('feed.xml', '<rss/>', dir);
    vi.stubEnv('UPDATE_GOLDEN', '1');
    expectGolden('feed.xml', '<rss>new</rss>', dir);
    expect(readFileSync(new URL('feed.xml', dir), 'utf8')).toBe('<rss>new</rss>');
  });
});
