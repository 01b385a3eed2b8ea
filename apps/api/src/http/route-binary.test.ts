// route()'s binary path: a `binary: true` endpoint answers bytes with their own headers; its failures (a
// refusal, an error before the first byte, a handler that answers the wrong kind) still answer the envelope.
import { API_PREFIX, BINARY_RESPONSE, endpoint, PUBLIC } from '@feedloom/contracts';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notFound } from '../lib/errors';
import { createTestApp, type TTestApp } from '../test/test-app';
import { binary, contentDisposition, route } from './route';

const probe = (path: string, isBinary = true) =>
  endpoint({
    method: 'GET',
    path: `/_test/binary/${path}`,
    access: PUBLIC,
    binary: isBinary,
    response: isBinary ? BINARY_RESPONSE : z.object({ ok: z.boolean() }),
  });

describe('binary endpoints', () => {
  let t: TTestApp;
  let returned = false;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      register: (app) => {
        route(app, probe('buffer'), async () =>
          binary({
            body: Buffer.from('a,b\r\n1,2\r\n'),
            content_type: 'text/csv; charset=utf-8',
            file_name: 'Ünïcode "report"; x.csv',
          }),
        );
        route(app, probe('chunks'), async () =>
          binary({
            body: (async function* () {
              for (let i = 0; i < 3; i++) yield `line ${i}\n`;
            })(),
            content_type: 'text/plain',
            cache_control: 'private, max-age=60',
            last_modified: new Date('2026-01-02T03:04:05Z'),
          }),
        );
        route(app, probe('refused'), async () => {
          throw notFound('Nothing to download.');
        });
        route(app, probe('fails-first'), async () =>
          binary({
            body: (async function* () {
              yield* [];
              throw new Error('the query failed: password hunter2');
            })(),
            content_type: 'text/csv',
          }),
        );
        route(app, probe('stops'), async () =>
          binary({
            body: (async function* () {
              try {
                // Far more than a socket holds: only a reader that keeps reading gets to the end.
                for (let i = 0; i < 100_000; i++) yield `row ${i}\n`.repeat(1000);
              } finally {
                returned = true;
              }
            })(),
            content_type: 'text/csv',
          }),
        );
        // A binary endpoint answering data, and an envelope endpoint answering bytes: both a mistake.
        route(app, probe('data'), async () => ({ ok: true }) as never);
        route(app, probe('bytes', false), async () => binary({ body: 'x', content_type: 'text/plain' }));
      },
    });
  });
  afterAll(() => t.close());

  const get = (path: string) => t.app.inject({ method: 'GET', url: `${API_PREFIX}/_test/binary/${path}` });

  it('sends a Buffer with its type, length, attachment name and no-store', async () => {
    const res = await get('buffer');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('a,b\r\n1,2\r\n');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-length']).toBe('10');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_n_code _report__ x.csv"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20%22report%22%3B%20x.csv`,
    );
  });

  it('streams an async iterable with the cache headers it asked for', async () => {
    const res = await get('chunks');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('line 0\nline 1\nline 2\n');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    expect(res.headers['last-modified']).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('answers a refusal, and a failure before the first byte, with the envelope (no leak)', async () => {
    const refused = await get('refused');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 404, message: 'Nothing to download.', data: null });
    const failed = await get('fails-first');
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ code: 500, data: null });
    expect(failed.body).not.toContain('hunter2');
  });

  it('answers 500 when a handler answers the other kind than its endpoint declares', async () => {
    for (const path of ['data', 'bytes']) {
      const res = await get(path);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 500 });
    }
  });

  it('stops reading the source when the client goes away', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await request(`${base}${API_PREFIX}/_test/binary/stops`);
    expect(res.statusCode).toBe(200);
    for await (const _chunk of res.body) break;
    await expect.poll(() => returned, { timeout: 5000 }).toBe(true);
  });

  it('keeps a file name header-safe', () => {
    expect(contentDisposition('a\r\nb/c.csv')).toBe(
      `attachment; filename="a__b_c.csv"; filename*=UTF-8''a__b_c.csv`,
    );
    expect(contentDisposition('')).toContain('filename="download"');
  });
});
