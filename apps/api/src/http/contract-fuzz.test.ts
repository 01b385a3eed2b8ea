// Keeps these holes closed: every endpoint of the contract, fed arbitrary params, query and body (control
// characters, lone surrogates, a megabyte of text, odd numbers, deep nesting, wrong types), signed in as an
// owner and signed out, answers a 4xx (or 2xx) envelope: never a 5xx, never a stack trace or a file path.
// It walks the contract, so an endpoint added later is covered without touching this file.
import { randomBytes } from 'node:crypto';
import { API_PREFIX, contract, type TEndpoint } from '@feedloom/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ownerWithOrg } from '../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../test/test-app';

// A longer hunt: FUZZ_RUNS=500 pnpm exec vitest run src/http/contract-fuzz.test.ts
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS) || 20;
const MEGABYTE = 1024 * 1024;

const endpoints = Object.entries(contract).flatMap(([area, group]) =>
  Object.entries(group as Record<string, TEndpoint>).map(([name, e]) => ({ name: `${area}.${name}`, e })),
);

/** The keys an input schema reads (through optional, default, intersections …): generated inputs use them. */
const keysOf = (schema: z.ZodType | undefined): string[] => {
  if (!schema) return [];
  const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'intersection':
      return [...keysOf(def.left as z.ZodType), ...keysOf(def.right as z.ZodType)];
    case 'pipe':
      return keysOf(def.in as z.ZodType);
    default:
      return def.innerType ? keysOf(def.innerType as z.ZodType) : [];
  }
};

/* ------------------------------------------------------------------ arbitraries */

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const control = fc.integer({ min: 0, max: 0x1f }).map((n) => String.fromCharCode(n));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((n) => String.fromCharCode(n));

/** Values that pass or nearly pass the schemas, so generated inputs get past the first check now and then. */
const plausible = fc.constantFrom(
  '',
  ' ',
  'Asha',
  'Outlet',
  'a@example.com',
  'Secret@123',
  'https://shop.example.com',
  'USD',
  'Asia/Kolkata',
  '+05:30',
  '+91',
  '9876543210',
  '123456',
  'custom_role',
  'viewer',
  'store_management',
  'google',
  'google.state',
  'v1.abc.def.ghi',
  '00000000-0000-0000-0000-000000000000',
  'data:image/png;base64,iVBORw0KGgo=',
);

const evilString: fc.Arbitrary<string> = fc.oneof(
  plausible,
  fc.string({ unit: codeUnit, maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(plausible, fc.string({ unit: control, minLength: 1, maxLength: 3 }), plausible)
    .map((p) => p.join('')),
  fc.tuple(plausible, loneSurrogate).map(([a, s]) => a + s),
  fc.constantFrom(
    'x'.repeat(MEGABYTE),
    `a@${'b'.repeat(MEGABYTE)}.com`,
    `${'x'.repeat(MEGABYTE / 2)}\u0000${'y'.repeat(MEGABYTE / 2)}`,
    '\u0000',
    '\uD800',
    '\uDFFF\uD800',
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
    '__proto__',
    'constructor',
  ),
);

const evilNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 5e-324),
);

/** Nesting far deeper than any schema: JSON as nested arrays, printed short when a run fails. */
class Deep {
  constructor(readonly depth: number) {}
  toJSON(): unknown {
    let value: unknown = '\u0000';
    for (let i = 0; i < this.depth; i++) value = [value];
    return value;
  }
  [fc.toStringMethod]() {
    return `Deep(${this.depth})`;
  }
}
const deep = fc.integer({ min: 100, max: 3000 }).map((depth) => new Deep(depth));

const { value: evilValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    evilString,
    evilString,
    evilNumber,
    fc.boolean(),
    fc.constant(null),
    deep,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(evilString, tie('value'), { maxKeys: 4 }),
  ),
}));

/** An object with some of the schema's own keys (so validation goes past "required") plus stray ones. */
const inputFor = (keys: string[]) =>
  fc
    .tuple(
      fc
        .subarray(keys)
        .chain((chosen) => fc.tuple(...chosen.map((k) => evilValue.map((v) => [k, v] as const)))),
      fc.dictionary(evilString, evilValue, { maxKeys: 2 }),
    )
    .map(([own, stray]) => ({ ...stray, ...Object.fromEntries(own) }));

/** A body: usually an object keyed like the schema, sometimes any JSON at all. */
const bodyFor = (keys: string[]) => fc.oneof(inputFor(keys), inputFor(keys), evilValue);

/**
 * Percent-encoding that also writes lone surrogates (as the bytes of their WTF-8 form, invalid UTF-8),
 * which encodeURIComponent refuses to do.
 */
const encodeLoose = (value: string) =>
  [...value]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      }
      return encodeURIComponent(ch);
    })
    .join('');

/** Query values as a query string carries them: strings, repeated keys become arrays. */
const queryValue = fc.oneof(evilString, fc.array(evilString, { minLength: 2, maxLength: 3 }));

const queryString = (query: Record<string, string | string[]>) =>
  Object.entries(query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item) => `${encodeLoose(k)}=${encodeLoose(item)}`))
    .join('&');

/** A multipart form as a browser would send it, with arbitrary fields and file bytes. */
const multipartOf = (fields: Record<string, string>, file: Uint8Array | null) => {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="profile_picture"; filename="p.png"\r\n` +
          'content-type: image/png\r\n\r\n',
      ),
      Buffer.from(file),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};

/* ------------------------------------------------------------------ the property */

const LEAK_RE = /\n\s+at |node_modules|\/src\/|\.ts:\d+|\.js:\d+|stack/;

// One driver is enough here: PGlite is PostgreSQL's own engine, so an input that breaks a query breaks it on both,
// and the edge (schemas, the envelope) is the same code. PostgreSQL when the run has it, else PGlite.
const FUZZ_DRIVER = DRIVERS[DRIVERS.length - 1]!;

describe.each([FUZZ_DRIVER])('every endpoint of the contract on %s, fed arbitrary input', (driver) => {
  let t: TTestApp;
  let realIds: string[];
  let ownerToken: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const owner = await ownerWithOrg(t, 'fuzz-owner@example.com', 'Fuzz Co', 1);
    ownerToken = owner.token;
    // Real ids now and then, so a request can get past "not found" to the code behind it.
    realIds = [owner.user.id, owner.org.id, owner.shops[0]!.id];
  });
  afterAll(() => t.close());

  it.each(endpoints)('$name answers a 4xx envelope, never a 5xx', async ({ e }) => {
    const paramNames = [...e.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
    const paramValue = fc.oneof(evilString, fc.constantFrom(...realIds));
    const request = fc.record({
      who: fc.constantFrom('owner', 'signed-out', 'bad-token'),
      params: fc.tuple(...paramNames.map(() => paramValue)),
      query: fc.dictionary(fc.oneof(fc.constantFrom(...keysOf(e.query), 'x'), evilString), queryValue, {
        maxKeys: 4,
      }),
      body: bodyFor(keysOf(e.body)),
      multipart: e.multipart
        ? fc.option(
            fc.record({
              fields: fc.dictionary(
                fc.oneof(fc.constantFrom(...keysOf(e.body)), fc.string({ maxLength: 8 })),
                fc.oneof(plausible, fc.string({ unit: 'binary-ascii', maxLength: 50 })),
                { maxKeys: 40 },
              ),
              file: fc.option(fc.uint8Array({ maxLength: 2048 })),
            }),
          )
        : fc.constant(null),
    });

    // A service the test app does not run (the job queue behind /health, an identity provider) answers 503
    // whatever the input: that is the environment, not the input, so such an endpoint may answer it.
    // Probed with a nonsense param, with each real provider (so `/connect-social/google` is seen too) and with
    // the owner's real ids (so a channel the test app does not configure, `/microsoft-auth/shop/{id}`, is seen).
    let unavailable = false;
    for (const param of ['x', 'google', 'microsoft', ...realIds]) {
      const baseline = await t.app.inject({
        method: e.method,
        url: API_PREFIX + e.path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, param),
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      if (baseline.statusCode === 503) unavailable = true;
    }

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let i = 0;
        const path = e.path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, () => encodeLoose(r.params[i++] ?? ''));
        const qs = queryString(r.query);
        const headers: Record<string, string> = {};
        if (r.who === 'owner') headers.authorization = `Bearer ${ownerToken}`;
        if (r.who === 'bad-token') headers.authorization = 'Bearer \u0001not-a-token';
        let payload: string | Buffer | undefined;
        if (e.method !== 'GET') {
          if (r.multipart) {
            const form = multipartOf(
              Object.fromEntries(
                Object.entries(r.multipart.fields).map(([k, v]) => [k.replace(/"/g, ''), v]),
              ),
              r.multipart.file,
            );
            headers['content-type'] = form.contentType;
            payload = form.payload;
          } else {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(r.body) ?? 'null';
          }
        }
        const res = await t.app.inject({
          method: e.method,
          url: `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`,
          headers,
          ...(payload === undefined ? {} : { payload }),
        });
        const context = `${e.method} ${e.path} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (!(unavailable && res.statusCode === 503)) expect(res.statusCode, context).toBeLessThan(500);
        // A binary endpoint's 200 is its bytes (a CSV, an image) with their own type; any failure is the envelope.
        if (e.binary && res.statusCode === 200) {
          expect(res.headers['content-type'], context).not.toMatch(/json/);
          return;
        }
        const body = res.json<{ code: unknown; message: unknown; data: unknown; field?: unknown }>();
        // The envelope: code, message, data, and on a failure at most the field it concerns.
        expect(
          Object.keys(body)
            .filter((k) => k !== 'field')
            .sort(),
          context,
        ).toEqual(['code', 'data', 'message']);
        if ('field' in body) expect(typeof body.field === 'string' && body.field !== '', context).toBe(true);
        expect(body.code, context).toBe(res.statusCode);
        expect(typeof body.message, context).toBe('string');
        if (res.statusCode >= 400) expect(res.body, context).not.toMatch(LEAK_RE);
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  });
});
