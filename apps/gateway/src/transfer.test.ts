import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { endpoint, USER, type TUserProfile } from '@feedloom/contracts';
import { CSRF_HEADER, CSRF_HEADER_VALUE, MSG } from '@feedloom/validation';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildServer, SESSION_COOKIE } from './server';
import { LOGIN_REPLY, SESSION_INFO, testEnv } from './testing/stub-api';
import { DOWNLOADS, UPLOADS, type TTransferTables } from './transfer';

const MB = 1024 * 1024;
const BOUNDARY = '----feedloom-test-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const CSRF = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

const importCsv = endpoint({
  method: 'POST',
  path: '/shops/:shop_id/import-csv',
  access: USER,
  params: z.object({ shop_id: z.string().max(50) }),
  multipart: true,
  response: z.object({ bytes: z.number() }),
});
const report = endpoint({
  method: 'GET',
  path: '/shops/:shop_id/import-report',
  access: USER,
  params: z.object({ shop_id: z.string() }),
  binary: true,
  response: z.unknown(),
});

const PROFILE: TUserProfile = {
  user_id: 'u_1',
  email: 'demo@feedloom.test',
  first_name: 'Asha',
  last_name: null,
  phone_code: '+1',
  country_code: '+1',
  phone_number: null,
  timezone: null,
  utc_offset: null,
  preferred_language: null,
  preferred_language_id: null,
  business_type: null,
  other_business_type: null,
  profile_picture_path: null,
  profile_created: true,
  is_google_connected: false,
  is_microsoft_connected: false,
  google_email: null,
  microsoft_email: null,
  has_password: true,
  changed_password_at: null,
};

const TABLES: TTransferTables = {
  uploads: {
    ...UPLOADS,
    'import-csv': {
      endpoint: importCsv,
      maxBytes: 21 * MB,
      tooLargeMessage: 'File size must be under 20MB.',
    },
    tiny: { endpoint: importCsv, maxBytes: MB },
  },
  downloads: { ...DOWNLOADS, 'import-report': { endpoint: report } },
};

interface TSeen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  bytes: number;
  head: string;
}

/** A real api on a port: it counts what it is sent instead of keeping it, and says how far it got. */
const startApi = async (answer: (seen: TSeen, res: ServerResponse) => void) => {
  const seen: TSeen[] = [];
  const server: Server = createServer((req, res) => {
    const entry: TSeen = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      bytes: 0,
      head: '',
    };
    seen.push(entry);
    req.on('data', (chunk: Buffer) => {
      if (entry.head.length < 1000) entry.head += chunk.subarray(0, 1000).toString('latin1');
      entry.bytes += chunk.length;
    });
    req.on('end', () => {
      if (entry.url === '/api/v1/login') {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ code: 200, message: 'ok', data: LOGIN_REPLY }));
      }
      answer(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { seen, url: `http://127.0.0.1:${port}/api/v1`, close: () => new Promise((r) => server.close(r)) };
};

const envelope = (res: ServerResponse, code: number, data: unknown, message = '') => {
  res.statusCode = code;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ code, message, data }));
};

describe('streaming uploads and downloads (transfer.ts)', () => {
  let api: Awaited<ReturnType<typeof startApi>>;
  let app: FastifyInstance;
  let base: string;
  let cookie: string;
  let exportExpires = false;

  beforeEach(async () => {
    exportExpires = false;
    api = await startApi((seen, res) => {
      if (seen.url.endsWith('/shops/shop_taken/import-csv')) {
        res.statusCode = 409;
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ code: 409, message: 'That name is taken.', data: null, field: 'data_source_name' }));
      }
      if (seen.url.endsWith('/import-csv')) return envelope(res, 200, { bytes: seen.bytes });
      if (seen.url.endsWith('/import-report')) {
        res.setHeader('content-type', 'text/csv; charset=utf-8');
        res.setHeader('content-disposition', 'attachment; filename="import-report.csv"');
        return res.end('row,error\n2,Missing title\n');
      }
      if (seen.url === '/api/v1/export-csv') {
        // The first call with the first token finds it expired: the gateway refreshes and asks again.
        if (exportExpires && seen.headers.authorization === 'Bearer access-1') {
          exportExpires = false;
          return envelope(res, 401, null, 'Token expired');
        }
        const body = JSON.parse(seen.head) as { shop_id: string; fields?: string[] };
        if (body.shop_id === 'gone') return envelope(res, 404, null, 'Store not found.');
        res.setHeader('content-type', 'text/csv; charset=utf-8');
        res.setHeader('content-disposition', 'attachment; filename="products-customisation-1.csv"');
        res.write(`id,variant_id,${(body.fields ?? ['title']).join(',')}\r\n`);
        let n = 0;
        const more = () => {
          // A large export arrives over time, in many chunks.
          if (n++ < 50) return res.write(`SKU-${n},,${'x'.repeat(1000)}\r\n`, () => setImmediate(more));
          res.end();
        };
        return more();
      }
      if (seen.url === '/api/v1/check-and-refresh-token') {
        return envelope(res, 200, { access_token: 'access-2', refresh_token: 'refresh-2' });
      }
      if (seen.url.endsWith('/user-profile')) {
        return envelope(
          res,
          200,
          { profile: PROFILE, session: { ...SESSION_INFO, first_name: 'Asha' } },
          'Profile updated successfully',
        );
      }
      envelope(res, 404, null, 'Not found');
    });
    app = await buildServer({ env: testEnv({ API_URL: api.url }), logger: false, transfers: TABLES });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { ...CSRF, 'content-type': 'application/json' },
      payload: { email: 'demo@feedloom.test', password: 'Demo@12345' },
    });
    const setCookie = [login.headers['set-cookie']].flat().find((h) => h?.startsWith(`${SESSION_COOKIE}=`));
    cookie = setCookie!.split(';', 1)[0]!;
  });
  afterEach(async () => {
    await app.close();
    await api.close();
  });

  const uploadsSeen = () => api.seen.filter((s) => s.url !== '/api/v1/login');

  it('streams a 20 MB multipart body to the api as it arrives, never holding it whole', async () => {
    const chunk = Buffer.alloc(MB, 'a');
    const preamble = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="feed.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const epilogue = `\r\n--${BOUNDARY}--\r\n`;
    async function* body() {
      yield Buffer.from(preamble);
      yield chunk;
      // The rest is produced only once the api has the first megabyte: a gateway that waited for the whole
      // body before calling the api would never get it, and this test would time out.
      const started = Date.now();
      while ((uploadsSeen()[0]?.bytes ?? 0) < MB) {
        if (Date.now() - started > 10_000) throw new Error('the api got nothing before the upload ended');
        await new Promise((r) => setTimeout(r, 5));
      }
      for (let i = 1; i < 20; i += 1) yield chunk;
      yield Buffer.from(epilogue);
    }
    const total = preamble.length + 20 * MB + epilogue.length;
    const res = await request(`${base}/upload/import-csv/shop_1`, {
      method: 'POST',
      headers: { cookie, ...CSRF, 'content-type': MULTIPART },
      body: Readable.from(body()),
    });
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toEqual({ code: 200, message: '', data: { bytes: total } });
    const [seen] = uploadsSeen();
    expect(seen?.url).toBe('/api/v1/shops/shop_1/import-csv');
    // The browser's multipart body as it was, with the session's token: no JSON, no base64.
    expect(seen?.headers['content-type']).toBe(MULTIPART);
    expect(seen?.headers.authorization).toBe('Bearer access-1');
    expect(seen?.head.startsWith(preamble)).toBe(true);
  }, 30_000);

  it("passes the api's refusal on with its status, message and the field it names", async () => {
    const res = await request(`${base}/upload/import-csv/shop_taken`, {
      method: 'POST',
      headers: { cookie, ...CSRF, 'content-type': MULTIPART },
      body: `--${BOUNDARY}\r\ncontent-disposition: form-data; name="data_source_name"\r\n\r\nMain\r\n--${BOUNDARY}--\r\n`,
    });
    expect(res.statusCode).toBe(409);
    expect(await res.body.json()).toEqual({ code: 409, message: 'That name is taken.', data: null, field: 'data_source_name' });
  });

  it('refuses without a session or without the CSRF header, calling nothing', async () => {
    const noSession = await request(`${base}/upload/import-csv/shop_1`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': MULTIPART },
      body: `--${BOUNDARY}--\r\n`,
    });
    expect(noSession.statusCode).toBe(401);
    expect(await noSession.body.json()).toMatchObject({ code: 401, data: null });
    const noCsrf = await request(`${base}/upload/import-csv/shop_1`, {
      method: 'POST',
      headers: { cookie, 'content-type': MULTIPART },
      body: `--${BOUNDARY}--\r\n`,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await noCsrf.body.json()).toEqual({ code: 403, message: 'Missing CSRF header', data: null });
    const notMultipart = await request(`${base}/upload/import-csv/shop_1`, {
      method: 'POST',
      headers: { cookie, ...CSRF, 'content-type': 'application/json' },
      body: '{"file":"aGVsbG8="}',
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(uploadsSeen()).toHaveLength(0);
  });

  it('answers 413 with the entry message when the declared size is over the cap, before reading it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/upload/import-csv/shop_1',
      headers: { cookie, ...CSRF, 'content-type': MULTIPART, 'content-length': String(22 * MB) },
      payload: 'x',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: 'File size must be under 20MB.', data: null });
    expect(uploadsSeen()).toHaveLength(0);
  });

  it('answers an over-limit body read off a real socket with a readable 413, not a reset connection', async () => {
    // A client sending a declared 25 MB file reads the refusal rather than a broken pipe.
    const upload = await request(`${base}/upload/import-csv/shop_1`, {
      method: 'POST',
      headers: { cookie, ...CSRF, 'content-type': MULTIPART, 'content-length': String(25 * MB) },
      body: Buffer.alloc(25 * MB, 'a'),
    });
    expect(upload.statusCode).toBe(413);
    expect(await upload.body.json()).toEqual({
      code: 413,
      message: 'File size must be under 20MB.',
      data: null,
    });
    // A 9 MB tRPC body: the tRPC error shape.
    const trpc = await request(`${base}/trpc/auth.login`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json' },
      body: Buffer.alloc(9 * MB, 'a'),
    });
    expect(trpc.statusCode).toBe(413);
    expect(await trpc.body.json()).toMatchObject({
      error: { message: 'The request is too large.', data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } },
    });
    expect(uploadsSeen()).toHaveLength(0);
  });

  it('answers 413 when a body of unknown length goes over the cap while streaming', async () => {
    async function* body() {
      for (let i = 0; i < 4; i += 1) yield Buffer.alloc(MB / 2, 'b');
    }
    const res = await request(`${base}/upload/tiny/shop_1`, {
      method: 'POST',
      headers: { cookie, ...CSRF, 'content-type': MULTIPART },
      body: Readable.from(body()),
    });
    expect(res.statusCode).toBe(413);
    expect(await res.body.json()).toEqual({ code: 413, message: 'The request is too large.', data: null });
  });

  it('saves the profile form through POST /upload/profile and keeps the session fields current', async () => {
    const form = new FormData();
    form.append('first_name', 'Asha');
    form.append('profile_picture', new Blob([Buffer.from('png')], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${base}/upload/profile`, {
      method: 'POST',
      headers: { cookie, ...CSRF },
      body: form,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; data: { session: { first_name: string } } };
    expect(body.message).toBe('Profile updated successfully');
    expect(uploadsSeen()[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(uploadsSeen()[0]?.head).toContain('name="profile_picture"; filename="me.png"');
    // The session cookie was rewritten with the reply's fields.
    const next = res.headers.get('set-cookie')?.split(';', 1)[0];
    const session = await app.inject({
      method: 'GET',
      url: '/trpc/auth.session',
      headers: { cookie: next! },
    });
    expect(session.json()).toMatchObject({ result: { data: { first_name: 'Asha' } } });
  });

  it('profile: a picture body over its cap gets the spec message as a 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/upload/profile',
      headers: { cookie, ...CSRF, 'content-type': MULTIPART, 'content-length': String(6 * MB) },
      payload: 'x',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: MSG.pictureSize, data: null });
  });

  it('pipes a download with its content-type and content-disposition', async () => {
    const res = await request(`${base}/download/import-report/shop_1`, { headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="import-report.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await res.body.text()).toBe('row,error\n2,Missing title\n');
    expect(api.seen.at(-1)?.headers.authorization).toBe('Bearer access-1');
    const anonymous = await request(`${base}/download/import-report/shop_1`);
    expect(anonymous.statusCode).toBe(401);
    await anonymous.body.dump();
  });

  const exportCsv = (body: unknown, headers: Record<string, string> = CSRF) =>
    request(`${base}/download/export-csv`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('POSTs the export popup choices to the api and streams the CSV back as it comes', async () => {
    const res = await exportCsv({ shop_id: 'shop_1', report_type: 1, fields: ['title', 'description'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="products-customisation-1.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    let chunks = 0;
    let text = '';
    for await (const chunk of res.body) {
      chunks += 1;
      text += (chunk as Buffer).toString('utf8');
    }
    expect(text.split('\r\n')[0]).toBe('id,variant_id,title,description');
    expect(text.trim().split('\r\n')).toHaveLength(51);
    expect(chunks).toBeGreaterThan(1);
    const call = api.seen.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.headers.authorization).toBe('Bearer access-1');
    expect(call.headers.cookie).toBeUndefined();
    expect(JSON.parse(call.head)).toEqual({
      shop_id: 'shop_1',
      report_type: 1,
      fields: ['title', 'description'],
    });
  });

  it('refreshes an expired token once and asks again, keeping the new tokens in the session', async () => {
    exportExpires = true;
    const res = await exportCsv({ shop_id: 'shop_1', report_type: 1 });
    expect(res.statusCode).toBe(200);
    await res.body.text();
    const exports = api.seen.filter((s) => s.url === '/api/v1/export-csv');
    expect(exports.map((s) => s.headers.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(api.seen.filter((s) => s.url === '/api/v1/check-and-refresh-token')).toHaveLength(1);
    expect(res.headers['set-cookie']).toBeDefined();
  });

  it('refuses an export without the CSRF header or with choices the contract refuses, calling nothing', async () => {
    const before = api.seen.length;
    const noCsrf = await exportCsv({ shop_id: 'shop_1', report_type: 1 }, {});
    expect(noCsrf.statusCode).toBe(403);
    await noCsrf.body.dump();
    const noFields = await exportCsv({ shop_id: 'shop_1', report_type: 1, fields: [] });
    expect(noFields.statusCode).toBe(400);
    expect(await noFields.body.json()).toEqual({
      code: 400,
      message: 'Choose at least one field to export.',
      data: null,
    });
    const badType = await exportCsv({ shop_id: 'shop_1', report_type: 3 });
    expect(badType.statusCode).toBe(400);
    await badType.body.dump();
    expect(api.seen.length).toBe(before);
  });

  it("passes the api's refusal on in the envelope and answers 503 when the api is down", async () => {
    const gone = await exportCsv({ shop_id: 'gone', report_type: 1 });
    expect(gone.statusCode).toBe(404);
    expect(await gone.body.json()).toEqual({ code: 404, message: 'Store not found.', data: null });
    await api.close();
    const down = await request(`${base}/download/sample-csv`, { headers: { cookie } });
    expect(down.statusCode).toBe(503);
    expect(await down.body.json()).toMatchObject({ code: 503, data: null });
  });
});
