// The channel sync engine end to end on PostgreSQL: a shop of BENCH_SYNC_PRODUCTS products (default
// 100,000) is connected to the sandbox's Google (started in this process, real Merchant API paths over HTTP)
// and fully synced by the engine exactly as the worker runs it — read every product with its layers, judge
// every item, hash, productInputs:insert with bounded concurrency, record what Google accepted. Printed: the
// products per second end to end and the API calls. Then 1 % of the products change and a second sync must
// send only that 1 %.
//
// Then the Google XML feed file of a BENCH_FEED_PRODUCTS-product shop (default 1,000,000, made by PostgreSQL
// itself with generate_series) is built from PostgreSQL by the code GET /feeds/{token}.xml runs
// (feed-build.ts: keyset pages of 5,000 read ahead, layers, validate, write) on one thread, on one thread with
// V8's old generation capped at 128 MB (what the build keeps alive fits: the RSS stays flat), and on every
// core (FEED_SHARD_FROM), with products/s and peak RSS, beside the catalog's in-memory build of the same
// products (BENCH_FEED_MEMORY_PRODUCTS, default 200,000) in the same run. Each build runs in a child process
// of its own (feed-child.ts), so its peak RSS (maxRSS, all threads) is its own.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench
//   BENCH_SYNC_PRODUCTS=20000 BENCH_FEED_PRODUCTS=200000 …   a quicker run (0 skips a part)
//
// Without DATABASE_URL it prints why and skips. It works in a throwaway database, dropped at the end.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { record } from '@feedloom/bench-kit';
import { startSandbox } from '@feedloom/sandbox/testing';
import { sql } from 'drizzle-orm';
import { migrate, openPostgres, queryRows, type TDatabase, type TDb } from '../src/db/client';
import { benchDatabase } from './bench-db';
import { channel_connections } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { testEnv } from '../src/env';
import { createLogger } from '../src/logger';
import { createServices } from '../src/services';
import type { TFeedChildArgs, TFeedResult } from './feed-child';
import { shopsRepo } from '../src/modules/shops/repo';

const SYNC_PRODUCTS = Number(process.env.BENCH_SYNC_PRODUCTS ?? 100_000);
const FEED_PRODUCTS = Number(process.env.BENCH_FEED_PRODUCTS ?? 1_000_000);
/** The in-memory comparison holds every product at once: capped so it fits. */
const MEMORY_PRODUCTS = Math.min(FEED_PRODUCTS, Number(process.env.BENCH_FEED_MEMORY_PRODUCTS ?? 200_000));
const ACCOUNT = '5550001001';
const ALEX = 'alex.rivera@gmail.sandbox.test';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const TARGET_RSS_MB = 256;

/** `count` valid products (a mug in 50 prices), inserted by PostgreSQL itself. */
const insertProducts = async (db: TDb, shopId: string, count: number) => {
  for (let from = 1; from <= count; from += 50_000) {
    const to = Math.min(count, from + 49_999);
    const [before] = await queryRows<{ id: number }>(db, sql`select coalesce(max(id), 0)::bigint as id from products`);
    await db.execute(sql`
      insert into products (shop_id, product_key, offer_id, source, source_hash)
      select ${shopId}::uuid, 'P' || g, 'P' || g,
        jsonb_build_object('title', 'Enamel camping mug ' || g, 'description', 'A sturdy enamel camping mug, 350 ml',
          'link', 'https://bench-store.example/p/' || g, 'image_link', 'https://bench-store.example/i/' || g || '.jpg',
          'price', jsonb_build_object('value', 10 + (g % 50), 'currency', 'USD'), 'availability', 'in_stock',
          'brand', 'Rivera', 'gtin', '4006381333931', 'condition', 'new', 'product_type', 'Camping > Mugs'),
        md5(g::text)
      from generate_series(${from}::int, ${to}::int) g`);
    await db.execute(sql`
      insert into product_channel_statuses (product_id, shop_id, channel, status, issues)
      select id, shop_id, 'google', 'pending', '[]'::jsonb from products
      where shop_id = ${shopId}::uuid and id > ${before?.id ?? 0}`);
  }
};

const consent = async (authUrl: string) => {
  const html = await (await fetch(authUrl)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const res = await fetch(new URL(action, authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, account: ALEX, decision: 'allow' }),
    redirect: 'manual',
  });
  const back = new URL(res.headers.get('location') ?? '');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
};

const sandboxCalls = async (url: string) =>
  ((await (await fetch(`${url}/__control/google`)).json()) as { calls: { total: number } }).calls.total;

/** The RSS samples of a build in a few words: where it started, its range, where it ended. */
const rssRange = (s: number[]) =>
  s.length === 0 ? 'not sampled' : `${s[0]} MB at 5 MB out, ${Math.min(...s)}–${Math.max(...s)} MB, ${s.at(-1)} MB at the end`;

/** V8's old generation capped for one of the builds: what the build itself keeps alive fits in it. */
const HEAP_CAP_MB = 128;

const runChild = (args: TFeedChildArgs, v8Flags: string[] = []) =>
  new Promise<TFeedResult>((resolve, reject) => {
    const proc = fork(fileURLToPath(new URL('./feed-child.ts', import.meta.url)), [JSON.stringify(args)], {
      execArgv: [...v8Flags, '--import', 'tsx'],
    });
    let result: TFeedResult | undefined;
    proc.on('message', (m) => (result = m as TFeedResult));
    proc.on('error', reject);
    proc.on('exit', (code) => (result ? resolve(result) : reject(new Error(`feed bench child exited ${code}`))));
  });

/** The full sync of SYNC_PRODUCTS products to the sandbox's Google, then a sync after changing 1 % of them. */
const syncBench = async (database: TDatabase, ids: { organization_id: string; user_id: string }, sandboxUrl: string) => {
    const env = testEnv({
      LOG_LEVEL: 'warn',
      APP_URL: 'http://bench.test',
      GOOGLE_OAUTH_AUTHORIZE_URL: `${sandboxUrl}/google/authorize`,
      GOOGLE_OAUTH_TOKEN_URL: `${sandboxUrl}/google/token`,
      GOOGLE_MERCHANT_API_URL: sandboxUrl,
      GOOGLE_MERCHANT_CLIENT_ID: 'feedloom-google',
      GOOGLE_MERCHANT_CLIENT_SECRET: 'sandbox-secret',
    });
    const services = createServices({ env, database, log: createLogger(env), jobs: null });
    const shop = await shopsRepo(database.db).createForOrg(ids.organization_id, {
      shop_name: 'Sync Bench Store',
      shop_url: 'https://bench-store.example',
      shop_currency: 'USD',
      shop_timezone: 'UTC',
      utc_offset: '+00:00',
      created_at: new Date(),
    });
    const caller = { user_id: ids.user_id, org_id: ids.organization_id, shop_ids: null };
    const { auth_url } = await services.channels.googleAuthUrl(caller, shop.id);
    await services.channels.googleCallback(caller, await consent(auth_url));
    await services.channels.selectMerchantAccount(caller, shop.id, ACCOUNT);
    await database.db
      .update(channel_connections)
      .set({ target_market: { country: 'US', language: 'en', currency: 'USD' } })
      .where(sql`${channel_connections.shop_id} = ${shop.id}::uuid`);
    const [conn] = await database.db.select().from(channel_connections).where(sql`${channel_connections.shop_id} = ${shop.id}::uuid`);

    await insertProducts(database.db, shop.id, SYNC_PRODUCTS);
    console.log(`sync bench: ${fmt(SYNC_PRODUCTS)} products, concurrency ${env.SYNC_CONCURRENCY}, batch ${env.SYNC_BATCH_SIZE}`);
    const callsBefore = await sandboxCalls(sandboxUrl);
    let started = performance.now();
    const full = await services.syncEngine.runSync(conn!.id, 'manual');
    const fullSeconds = (performance.now() - started) / 1000;
    const fullCalls = (await sandboxCalls(sandboxUrl)) - callsBefore;
    if (full?.status !== 'succeeded' || full.sent !== SYNC_PRODUCTS) throw new Error(`full sync: ${JSON.stringify(full)}`);
    console.log(`full sync: ${fmt(full.sent)} sent in ${fullSeconds.toFixed(1)} s, ${fmt(fullCalls)} API calls`);
    record({
      name: `channels: full sync, ${fmt(SYNC_PRODUCTS)} products`,
      value: SYNC_PRODUCTS / fullSeconds,
      unit: 'products/s',
      target: `${fmt(SYNC_PRODUCTS)} API calls (one insert per item, plus the data source)`,
      pass: fullCalls <= SYNC_PRODUCTS + 5,
    });
    record({ name: `channels: API calls of a full sync, ${fmt(SYNC_PRODUCTS)} products`, value: fullCalls, unit: 'calls' });

    // 1 % of the products change (a price), then the next sync.
    const changed = Math.round(SYNC_PRODUCTS / 100);
    await database.db.execute(sql`
      update products set source = jsonb_set(source, '{price,value}', to_jsonb((source #>> '{price,value}')::numeric + 1)),
        updated_at = now()
      where shop_id = ${shop.id}::uuid and id in (select id from products where shop_id = ${shop.id}::uuid order by id limit ${changed})`);
    started = performance.now();
    const delta = await services.syncEngine.runSync(conn!.id, 'change');
    const deltaSeconds = (performance.now() - started) / 1000;
    console.log(`after changing 1 %: ${fmt(delta?.sent ?? 0)} sent in ${deltaSeconds.toFixed(1)} s`);
    record({
      name: 'channels: products sent after changing 1 %',
      value: delta?.sent ?? -1,
      unit: 'products',
      target: `= ${fmt(changed)}`,
      pass: delta?.sent === changed,
    });

};

/** The Google XML feed of FEED_PRODUCTS products from PostgreSQL (every core, one thread), and in memory. */
const feedBench = async (database: TDatabase, orgId: string, url: string) => {
  const feedShop = await shopsRepo(database.db).createForOrg(orgId, {
    shop_name: 'Feed Bench Store',
    shop_url: 'https://bench-store.example',
    shop_currency: 'USD',
    shop_timezone: 'UTC',
    utc_offset: '+00:00',
    created_at: new Date(),
  });
  const started = performance.now();
  await insertProducts(database.db, feedShop.id, FEED_PRODUCTS);
  await database.db.execute(sql`analyze products`);
  console.log(`feed bench: ${fmt(FEED_PRODUCTS)} products made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const shards = availableParallelism();
  const base = { url, shop: feedShop.id, count: FEED_PRODUCTS };
  const builds: { label: string; result: TFeedResult }[] = [];
  const measure = async (label: string, args: TFeedChildArgs, v8Flags?: string[]) => {
    const result = await runChild(args, v8Flags);
    const rate = result.products / result.seconds;
    console.log(
      `feed ${label}: ${fmt(result.products)} products, ${fmt(result.bytes / 1e6)} MB in ${result.seconds.toFixed(1)} s = ` +
        `${fmt(rate)}/s, peak RSS ${fmt(result.maxRssMb)} MB (RSS ${rssRange(result.samples)})`,
    );
    builds.push({ label, result });
    return rate;
  };
  const memoryRate = await measure(`in memory, 1 thread`, { ...base, count: MEMORY_PRODUCTS, mode: 'memory', shards: 1 });
  await measure('from PostgreSQL, 1 thread', { ...base, mode: 'db', shards: 1 });
  await measure(`from PostgreSQL, 1 thread, old generation capped at ${HEAP_CAP_MB} MB`, { ...base, mode: 'db', shards: 1 }, [
    `--max-old-space-size=${HEAP_CAP_MB}`,
  ]);
  if (shards > 1) await measure(`from PostgreSQL, ${shards} shards`, { ...base, mode: 'db', shards });
  record({
    name: `channels: Google XML feed in memory, 1 thread, same run (${fmt(MEMORY_PRODUCTS)} products)`,
    value: memoryRate,
    unit: 'products/s',
  });
  for (const { label, result } of builds.slice(1)) {
    record({
      name: `channels: Google XML feed ${label} (${fmt(FEED_PRODUCTS)} products)`,
      value: result.products / result.seconds,
      unit: 'products/s',
      baseline: memoryRate,
    });
    record({
      name: `channels: Google XML feed ${label}, peak RSS (${fmt(FEED_PRODUCTS)} products)`,
      value: result.maxRssMb,
      unit: 'MB',
      target: `< ${TARGET_RSS_MB}`,
      pass: result.maxRssMb < TARGET_RSS_MB,
    });
  }
};

const main = async () => {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('sync bench skipped: DATABASE_URL is not set');
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'feedloom-sync-bench-'));
  const sandbox = await startSandbox({ dataDir, port: 0, smtpPort: 0, logLevel: 'silent', google: { reviewDelayMs: 0 } });
  const bench = await benchDatabase(adminUrl);
  const database = openPostgres(bench.url, 4);
  try {
    await migrate(database);
    const ids = await seed(database.db);
    if (SYNC_PRODUCTS > 0) await syncBench(database, ids, sandbox.url);
    // The feed file from PostgreSQL, beside the catalog's in-memory build.
    if (FEED_PRODUCTS > 0) await feedBench(database, ids.organization_id, bench.url);
  } finally {
    await database.close();
    await bench.drop();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
