// The product list at a million products, on PostgreSQL. A shop of BENCH_LIST_PRODUCTS generated products
// (default 1,000,000) is written with set-based SQL (`generate_series`, not the import), with a status per
// product and catalog channel; the kept tab counts follow through the migration's triggers. Then the api and
// the gateway run as in production and the list is called as the browser calls it: tRPC over HTTP through
// the gateway with the session cookie of a signed-in user. Each view's p95 is printed beside the same SQL run
// directly (the products repo's queries, in the order the service runs them) in the same run: the ratio is
// everything between the browser and the database (gateway, api, JSON, mapping).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm --filter @feedloom/api bench
//   BENCH_LIST_PRODUCTS=200000 …     a smaller shop     BENCH_LIST_SAMPLES=60 …  calls per view and path
//
// Without DATABASE_URL it prints why and skips. It works in a throwaway database, dropped at the end; with
// BENCH_LIST_DB=<name> it works in that database instead (created and filled when it lacks the shop's products,
// migrated to the latest migration either way) and keeps it, so views can be timed again and EXPLAINed.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { record } from '@feedloom/bench-kit';
import { CSRF_HEADER, CSRF_HEADER_VALUE, ZProductListQuerySchema } from '@feedloom/validation';
import { sql } from 'drizzle-orm';
import { migrate, openPostgres, queryRows, type TDb } from '../src/db/client';
import { benchDatabase } from './bench-db';
import { seed } from '../src/db/seed';
import { productsRepo } from '../src/modules/products/repo';

const PRODUCTS = Number(process.env.BENCH_LIST_PRODUCTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_LIST_SAMPLES ?? 60);
const WARMUP = 8;
const CHUNK = 100_000;
const LIST_TARGET_MS = 150;
const COUNTS_TARGET_MS = 50;
const DEMO = { email: 'demo@feedloom.test', password: 'Demo@12345' };

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(API_DIR, '../..');
const TSX = path.join(API_DIR, 'node_modules/.bin/tsx');

const BRANDS = ['Northwind', 'Acme', 'Zeta', 'Orbit', 'Polar', 'Fabrikam', 'Contoso', 'Tailspin'];
const ADJECTIVES = [
  'Linen',
  'Cotton',
  'Wool',
  'Denim',
  'Silk',
  'Leather',
  'Canvas',
  'Fleece',
  'Velvet',
  'Suede',
];
const NOUNS = [
  'shirt',
  'jacket',
  'dress',
  'scarf',
  'boots',
  'bag',
  'hat',
  'skirt',
  'coat',
  'belt',
  'sweater',
];
const TYPES = ['Apparel > Tops', 'Apparel > Outerwear', 'Apparel > Dresses', 'Accessories', 'Footwear'];

/** Two words of a title, as a merchant looking for a kind of product types them. */
const SEARCH = 'linen scarf';

const sqlList = (xs: readonly string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/**
 * `PRODUCTS` products in chunks, each with its three channel statuses: about 8 % error, 4 % warning on Google,
 * the rest pending; Microsoft and Meta a little different so the channels' counts differ.
 */
const generate = async (db: TDb, shopId: string) => {
  for (let from = 1; from <= PRODUCTS; from += CHUNK) {
    const to = Math.min(PRODUCTS, from + CHUNK - 1);
    await db.execute(
      sql.raw(`
      insert into products (shop_id, product_key, offer_id, source, source_hash, created_at)
      select '${shopId}'::uuid, 'B' || i, 'B' || i,
        jsonb_build_object(
          'title', (${sqlList(ADJECTIVES)})[1 + i % ${ADJECTIVES.length}] || ' ' ||
                   (${sqlList(NOUNS)})[1 + (i / 7) % ${NOUNS.length}] || ' ' || i,
          'description', 'Generated product ' || i,
          'brand', (${sqlList(BRANDS)})[1 + (i / 3) % ${BRANDS.length}],
          'product_type', (${sqlList(TYPES)})[1 + (i / 5) % ${TYPES.length}],
          'sku', 'SKU-' || i,
          'gtin', lpad((400000000000 + i)::text, 13, '0'),
          'price', jsonb_build_object('value', 5 + (i % 200), 'currency', 'USD'),
          'availability', 'in_stock',
          'condition', 'new',
          'link', 'https://bench-store.example/p/' || i,
          'image_link', 'https://bench-store.example/i/' || i || '.jpg'),
        md5(i::text), now() - make_interval(secs => ${PRODUCTS} - i)
      from generate_series(${from}, ${to}) as i`),
    );
    await db.execute(
      sql.raw(`
      insert into product_channel_statuses (product_id, shop_id, channel, status, issues)
      select p.id, p.shop_id, c.channel,
        case when (p.id + c.shift) % 100 < 8 then 'error' when (p.id + c.shift) % 100 < 12 then 'warning'
             else 'pending' end,
        case when (p.id + c.shift) % 100 < 8 then
          '[{"code":"missing_required","severity":"error","attribute":"gtin","message":"Add a valid GTIN.","layer":"source","item_id":null}]'::jsonb
          else '[]'::jsonb end
      from products p cross join (values ('google', 0), ('microsoft', 3), ('meta', 7)) as c(channel, shift)
      where p.shop_id = '${shopId}'::uuid and p.product_key in (select 'B' || i from generate_series(${from}, ${to}) as i)`),
    );
    console.log(`products bench: ${to} of ${PRODUCTS} products written`);
  }
  // What autovacuum does after a bulk load: statistics, the visibility map, and the GIN indexes' pending lists
  // flushed (with them unflushed, every search scans the pending list of a million inserts).
  await db.execute(sql`vacuum (analyze) products`);
  await db.execute(sql`vacuum (analyze) product_channel_statuses`);
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

const children: ChildProcess[] = [];
const start = (name: string, script: string, args: string[], env: Record<string, string>) => {
  const child = spawn(TSX, [script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const tail: string[] = [];
  child.stderr?.on('data', (b: Buffer) => tail.push(...b.toString().split('\n').slice(-20)));
  children.push(child);
  return { name, child, tail };
};

const ready = async (url: string, proc: ReturnType<typeof start>) => {
  for (let i = 0; i < 900; i++) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited:\n${proc.tail.join('\n')}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${proc.name} did not start`);
};

const p95 = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? NaN;
};
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)] ?? NaN;

/** Calls `fn` WARMUP times, then SAMPLES times timed, one at a time. */
const time = async (fn: () => Promise<unknown>) => {
  for (let i = 0; i < WARMUP; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return ms;
};

const main = async () => {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('products list bench skipped: DATABASE_URL is not set (it needs PostgreSQL)');
    return;
  }
  const bench = await benchDatabase(adminUrl, {
    name: process.env.BENCH_LIST_DB,
    keep: !!process.env.BENCH_KEEP_DB,
  });
  const database = openPostgres(bench.url, 4);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'feedloom-products-bench-'));
  try {
    await migrate(database);
    const ids = await seed(database.db);
    const [had] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from products where shop_id = ${ids.shop_id}::uuid`,
    );
    if ((had?.n ?? 0) !== PRODUCTS) {
      if (had?.n) throw new Error(`${bench.name} holds ${had.n} products, not ${PRODUCTS}: drop it first`);
      const started = performance.now();
      await generate(database.db, ids.shop_id);
      console.log(
        `products bench: ${PRODUCTS} products and ${PRODUCTS * 3} statuses written in ` +
          `${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }

    const [apiPort, gatewayPort] = [await freePort(), await freePort()];
    const apiBase = `http://127.0.0.1:${apiPort}/api/v1`;
    const gatewayBase = `http://127.0.0.1:${gatewayPort}`;
    const shared = { NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const api = start('api', path.join(API_DIR, 'src/main.ts'), ['serve'], {
      ...shared,
      DATABASE_URL: bench.url,
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      APP_URL: gatewayBase,
    });
    await ready(`${apiBase}/health`, api);
    const gateway = start('gateway', path.join(ROOT, 'apps/gateway/src/main.ts'), [], {
      ...shared,
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      API_URL: apiBase,
      SESSION_KEY: randomBytes(32).toString('hex'),
      APP_URL: gatewayBase,
    });
    await ready(`${gatewayBase}/healthz`, gateway);
    const login = await fetch(`${gatewayBase}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: JSON.stringify(DEMO),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('feedloom_session='))
      ?.split(';', 1)[0];
    if (!login.ok || !cookie) throw new Error(`gateway login failed: ${login.status} ${await login.text()}`);

    const viaGateway = async (procedure: string, input: unknown) => {
      const res = await fetch(
        `${gatewayBase}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
        { headers: { cookie } },
      );
      if (!res.ok) throw new Error(`${procedure}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { result: { data: unknown } }).result.data;
    };

    // The view: error tab on free listings, two filter rows (a brand, or a product type and a price), sorted
    // by brand, searched for two words of the titles.
    const filters = JSON.stringify([
      { row: [{ field_name: 'brand', operator: 'equals', value: 'Northwind', unit: null }] },
      {
        row: [
          { field_name: 'product_type', operator: 'contains', value: 'Outerwear', unit: null },
          { field_name: 'price', operator: 'greater_than', value: '50', unit: null },
        ],
      },
    ]);
    const view = {
      tab: 'error' as const,
      active_channel: 'free_listings' as const,
      sort_col: 'brand' as const,
      order: 1 as const,
      search: SEARCH,
      filters,
      limit: 25,
    };
    const repo = productsRepo(database.db);
    const shopId = ids.shop_id;
    const q = ZProductListQuerySchema.parse({ ...view, order: '1', limit: '25' });
    const total = await repo.count(shopId, q);
    // A deep page: the cursor of the row four fifths into the view.
    const { from, where } = repo.where(shopId, q);
    const [deep] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from (select p.id, row_number() over (order by p.sort_brand, p.id) as n from ${from}
          where ${where}) x where n = greatest(1, ${Math.floor(total * 0.8)})`,
    );
    console.log(`products bench: the view has ${total} products; deep cursor ${deep?.id}`);

    /** What the service runs for a list call, straight on the database. */
    const directList = async (cursorId?: number) => {
      const found = cursorId ? await repo.cursorKey(shopId, cursorId, q.sort_col) : undefined;
      const cursor = found ? { id: found.id, key: found.key, after: true } : null;
      await Promise.all([
        repo.list(shopId, q, cursor, { withTotal: true }),
        repo.counts(shopId, 'google'),
        repo.lastRefreshed(shopId),
      ]);
    };

    const cases: { label: string; cursor?: number }[] = [
      { label: 'page 1' },
      ...(deep ? [{ label: 'deep keyset page', cursor: Number(deep.id) }] : []),
    ];
    for (const c of cases) {
      const input = {
        shop_id: shopId,
        ...view,
        ...(c.cursor ? { last_internal_product_id: c.cursor } : {}),
      };
      const page = (await viaGateway('products.find', input)) as { data: unknown[]; total_records: number };
      if (page.total_records !== total || page.data.length === 0)
        throw new Error(
          `the gateway's page disagrees: ${page.total_records} of ${total}, ${page.data.length} rows`,
        );
      const direct = await time(() => directList(c.cursor));
      const gw = await time(() => viaGateway('products.find', input));
      const name = `products: list p95, error tab + 2-row filter + brand sort + search, ${c.label} (${PRODUCTS} products)`;
      console.log(
        `${name}: median gateway ${median(gw).toFixed(1)} ms, direct ${median(direct).toFixed(1)} ms`,
      );
      record({
        name,
        value: p95(gw),
        unit: 'ms',
        baseline: p95(direct),
        target: `< ${LIST_TARGET_MS}`,
        pass: p95(gw) < LIST_TARGET_MS,
      });
    }

    const countsInput = { shop_id: shopId, active_channel: 'free_listings' };
    const direct = await time(() => repo.counts(shopId, 'google'));
    const gw = await time(() => viaGateway('products.counts', countsInput));
    record({
      name: `products: count-statistics p95 (${PRODUCTS} products)`,
      value: p95(gw),
      unit: 'ms',
      baseline: p95(direct),
      target: `< ${COUNTS_TARGET_MS}`,
      pass: p95(gw) < COUNTS_TARGET_MS,
    });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await database.close();
    await bench.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
