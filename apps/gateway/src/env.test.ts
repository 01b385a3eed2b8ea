import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

const KEY = 'ab'.repeat(32);
const BASE = { API_URL: 'http://127.0.0.1:4020/api/v1', SESSION_KEY: KEY };

describe('env', () => {
  it('names the missing variable', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', SESSION_KEY: KEY })).toThrow(/API_URL is missing/);
    expect(() => loadEnv({ NODE_ENV: 'production', API_URL: BASE.API_URL })).toThrow(
      /SESSION_KEY is missing/,
    );
  });

  it('rejects a session key that is not 32 bytes of hex', () => {
    expect(() => loadEnv({ ...BASE, SESSION_KEY: 'short' })).toThrow(/SESSION_KEY must be 64 hex characters/);
  });

  it('accepts several comma-separated keys for rotation', () => {
    expect(loadEnv({ ...BASE, SESSION_KEY: `${KEY},${'cd'.repeat(32)}` }).SESSION_KEY).toHaveLength(2);
  });

  it.each([
    ['development', false],
    ['test', false],
    ['production', true],
  ] as const)('COOKIE_SECURE defaults to %s → %s', (NODE_ENV, secure) => {
    expect(loadEnv({ ...BASE, NODE_ENV }).COOKIE_SECURE).toBe(secure);
  });

  it('COOKIE_SECURE can be set explicitly', () => {
    expect(loadEnv({ ...BASE, NODE_ENV: 'production', COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(loadEnv({ ...BASE, NODE_ENV: 'development', COOKIE_SECURE: '1' }).COOKIE_SECURE).toBe(true);
  });

  it('marks cookies Secure whenever APP_URL is https, in any mode; plain http keeps the default', () => {
    for (const NODE_ENV of ['development', 'test', 'production'] as const) {
      expect(loadEnv({ ...BASE, NODE_ENV, APP_URL: 'https://feeds.example.com' }).COOKIE_SECURE).toBe(true);
      expect(
        loadEnv({ ...BASE, NODE_ENV, APP_URL: 'https://feeds.example.com', COOKIE_SECURE: 'false' })
          .COOKIE_SECURE,
      ).toBe(true);
    }
    expect(
      loadEnv({ ...BASE, NODE_ENV: 'development', APP_URL: 'http://127.0.0.1:3000' }).COOKIE_SECURE,
    ).toBe(false);
  });

  it('trusts no proxy by default; TRUST_PROXY names the load balancers whose X-Forwarded-For counts', () => {
    expect(loadEnv({ ...BASE, NODE_ENV: 'production' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ ...BASE, TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toBe('10.0.0.0/8,loopback');
    expect(loadEnv({ ...BASE, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    for (const bad of ['true', 'lb.internal', '10.0.0.0/40']) {
      expect(() => loadEnv({ ...BASE, TRUST_PROXY: bad })).toThrow(/TRUST_PROXY must be false or/);
    }
  });

  it('outside production, a missing key is generated once and kept in DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'feedloom-env-'));
    try {
      const first = loadEnv({ API_URL: BASE.API_URL, DATA_DIR: dataDir, NODE_ENV: 'development' });
      const again = loadEnv({ API_URL: BASE.API_URL, DATA_DIR: dataDir, NODE_ENV: 'development' });
      expect(first.SESSION_KEY[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(again.SESSION_KEY).toEqual(first.SESSION_KEY);
      const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
        SESSION_KEY: string;
      };
      expect(secrets.SESSION_KEY).toBe(first.SESSION_KEY[0]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('defaults HOST, PORT and LOG_LEVEL', () => {
    const env = loadEnv({ ...BASE, NODE_ENV: 'production' });
    expect(env).toMatchObject({ HOST: '127.0.0.1', PORT: 3000, LOG_LEVEL: 'info' });
  });
});
