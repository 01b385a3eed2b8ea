// An over-limit body read off a real socket: the client reads a 413 in the envelope, not a reset connection.
import { API_PREFIX } from '@feedloom/contracts';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app';

const MB = 1024 * 1024;

describe('bodies over the limit', () => {
  let t: TTestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('answers a 50 MB JSON body with a readable 413 in the envelope', async () => {
    const res = await request(`${base}${API_PREFIX}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(50 * MB) },
      body: Buffer.alloc(50 * MB, 'a'),
    });
    expect(res.statusCode).toBe(413);
    const body = (await res.body.json()) as { code: number; message: string };
    expect(body).toMatchObject({ code: 413, data: null });
    expect(body.message).toMatch(/too large/i);
  });

  it('answers a chunked body that grows over the limit with a readable 413', async () => {
    async function* chunks() {
      for (let i = 0; i < 8; i++) yield Buffer.alloc(MB, 'a');
    }
    const res = await request(`${base}${API_PREFIX}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Readable.from(chunks()),
    });
    expect(res.statusCode).toBe(413);
    expect(await res.body.json()).toMatchObject({ code: 413, data: null });
  });
});
