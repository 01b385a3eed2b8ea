// The CSV import end to end on PostgreSQL: a generated Google-format CSV (the demo catalogue's
// generator: apparel with variants, electronics with GTINs, ~520 bytes a row) is kept, then imported by the
// import job exactly as a worker runs it — parse, map, validate every row, stage with COPY, merge, validate
// every product for every channel and store its statuses. The baseline is a raw `COPY` of the same file into
// a table of text columns, measured in the same run: ratio = our rows/s ÷ COPY's rows/s.
//
// Each import runs in its own child process, so its peak RSS (process.resourceUsage().maxRSS) is the
// import's: once on the first 20,000 rows and once on all 200,000 (the peak must stay flat), then the same
// 200,000-row file again (nothing changed) for the re-import time. The children (import-child.ts) run as the
// worker runs in production: bundled by scripts/build.mjs (bench/.build/import-child.mjs, built at the start of
// every run) and started with plain node, so no TypeScript loader is part of the RSS printed.
//
// `xml_*`: the same 200,000 rows as a Google XML feed (RSS 2.0, one g: element per value, about twice the
// bytes), imported once into a store of its own: the XML reader's rows/s beside the CSV's, and its peak RSS.
//
// `store_only` is the database's own share, for reading the ratio: the products and statuses the import
// stored, inserted again into another store by two plain INSERT … SELECT statements (nothing parsed, judged or
// staged) and rolled back — what the tables, indexed for the product list at a million products, cost to
// write, whoever writes them. Its baseline is the COPY.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench          200,000 rows (~100 MB)
//   BENCH_IMPORT_ROWS=50000 …                                                a quicker run
//   BENCH_DB_NAME=import_bench …                                             keeps its database (for a look after)
//   BENCH_TRACE_GC=1 …                                                       the import children's GC trace
//   BENCH_IMPORT_CHILD=tsx …                                                 the children from the sources, through tsx
//
// Without DATABASE_URL it prints why and skips. It works in a throwaway database, dropped at the end.
import { fork, spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { record } from '@feedloom/bench-kit';
import { DEMO_COLUMNS } from '@feedloom/catalog';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrate, openPostgres, queryRows } from '../src/db/client';
import { benchDatabase } from './bench-db';
import { seed } from '../src/db/seed';
import { copyFrom } from '../src/modules/data-sources/copy';
import { shopsRepo } from '../src/modules/shops/repo';
import type { TChildResult } from './import-child';
import { writeCsv, writeXml } from './import-csv';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const SMALL_ROWS = Math.min(20_000, ROWS);
/** The api's default IMPORT_BATCH_SIZE (read by the children too: import-child.ts). */
const BATCH = Number(process.env.BENCH_IMPORT_BATCH ?? 1000);
/**
 * The import child's V8 heap, as `npm start` gives the worker (WORKER_HEAP_MB, scripts/serve.mjs: 128);
 * BENCH_IMPORT_HEAP_MB=0 leaves V8's default, which lets the heap grow lazily far past what is live.
 */
const HEAP_MB = Number(process.env.BENCH_IMPORT_HEAP_MB ?? process.env.WORKER_HEAP_MB ?? 128);
const TARGET_RATIO = 0.33;
const TARGET_RSS_MB = 300;
/** "Flat": the big run's peak may exceed the small one's by this share at most. */
const FLAT_SHARE = 0.25;

/** How the import children run: bundled (bench/.build/import-child.mjs, plain node, as the worker runs) or tsx. */
const CHILD = process.env.BENCH_IMPORT_CHILD === 'tsx' ? 'tsx' : 'bundle';
const CHILD_SOURCE = fileURLToPath(new URL('./import-child.ts', import.meta.url));
const CHILD_BUNDLE = fileURLToPath(new URL('./.build/import-child.mjs', import.meta.url));

/** Bundles the bench's child (scripts/build.mjs --bench, into bench/.build/), so it is never stale. */
const buildChild = () => {
  const built = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url)), '--bench'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (built.status !== 0) throw new Error(`building the import child failed (exit ${built.status})`);
};

const runChild = (args: Record<string, string>) =>
  new Promise<TChildResult>((resolve, reject) => {
    const proc = fork(
      CHILD === 'tsx' ? CHILD_SOURCE : CHILD_BUNDLE,
      Object.entries(args).map(([k, v]) => `--${k}=${v}`),
      {
        // BENCH_IMPORT_PROFILE=<dir>: a V8 CPU profile of each import child, for finding where time goes.
        execArgv: [
          ...(CHILD === 'tsx' ? ['--import', 'tsx'] : []),
          ...(HEAP_MB > 0 ? [`--max-old-space-size=${HEAP_MB}`] : []),
          ...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : []),
          ...(process.env.BENCH_IMPORT_PROFILE
            ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_IMPORT_PROFILE}`]
            : []),
        ],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    let result: TChildResult | undefined;
    proc.on('message', (m) => {
      result = m as TChildResult;
    });
    proc.on('error', reject);
    proc.on('exit', (code) =>
      result && code === 0 ? resolve(result) : reject(new Error(`import child exited with ${code}`)),
    );
  });

// ---- parent ----

const main = async () => {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('import bench skipped: DATABASE_URL is not set (it needs PostgreSQL for COPY)');
    return;
  }
  if (CHILD === 'bundle') buildChild();
  const dir = mkdtempSync(path.join(tmpdir(), 'feedloom-import-bench-'));
  const bench = await benchDatabase(adminUrl, { name: process.env.BENCH_DB_NAME });
  const database = openPostgres(bench.url, 2);
  try {
    const big = path.join(dir, `products-${ROWS}.csv`);
    const small = path.join(dir, `products-${SMALL_ROWS}.csv`);
    writeCsv(big, ROWS);
    writeCsv(small, SMALL_ROWS);
    const sizeMb = statSync(big).size / 1024 / 1024;
    console.log(
      `import bench: ${ROWS} rows, ${sizeMb.toFixed(1)} MB; batch ${BATCH}; heap ${HEAP_MB > 0 ? `${HEAP_MB} MB` : "V8's default"}`,
    );

    await migrate(database);
    const ids = await seed(database.db);
    // The bench's own stores, at the domain the generated CSV links to (a store at another domain would flag
    // every item's link, which a merchant's own export does not).
    const benchShop = (shop_name: string) =>
      shopsRepo(database.db).createForOrg(ids.organization_id, {
        shop_name,
        shop_url: 'https://bench-store.example',
        shop_currency: 'USD',
        shop_timezone: 'UTC',
        utc_offset: '+00:00',
        created_at: new Date(),
      });
    const first = await benchShop('Bench Store');
    const second = await benchShop('Bench Store 2');

    // Baseline: COPY of the same file into a table of its columns, as text.
    await database.db.execute(
      sql.raw(`create table bench_copy (${DEMO_COLUMNS.map((c) => `"${c}" text`).join(', ')})`),
    );
    const client = new pg.Client({ connectionString: bench.url });
    await client.connect();
    const copyStarted = performance.now();
    const copied = await copyFrom(
      client,
      'copy bench_copy from stdin with (format csv, header true)',
      createReadStream(big, { highWaterMark: 1024 * 1024 }),
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;
    await client.end();
    if (copied !== ROWS) throw new Error(`COPY took ${copied} rows, not ${ROWS}`);
    const copyRate = ROWS / copySeconds;

    const base = { url: bench.url, org: ids.organization_id };
    const smallRun = await runChild({ ...base, shop: second.id, file: small });
    const bigRun = await runChild({ ...base, shop: first.id, file: big });
    const again = await runChild({ ...base, shop: first.id, file: big, source: bigRun.source });
    const xml = path.join(dir, `products-${ROWS}.xml`);
    writeXml(xml, ROWS);
    const xmlShop = await benchShop('Bench Store XML');
    const xmlRun = await runChild({ ...base, shop: xmlShop.id, file: xml });
    if (xmlRun.rows_read !== ROWS)
      throw new Error(`the XML import read ${xmlRun.rows_read} items, not ${ROWS}`);
    for (const r of [smallRun, bigRun, again, xmlRun]) {
      if (r.status !== 'succeeded') throw new Error(`an import ended ${r.status}`);
    }
    if (bigRun.rows_read !== ROWS) throw new Error(`the import read ${bigRun.rows_read} rows, not ${ROWS}`);
    if (again.rows_imported !== 0) throw new Error(`the re-import changed ${again.rows_imported} products`);
    const [stored] = await queryRows<{ products: number; statuses: number }>(
      database.db,
      sql`select (select count(*)::int from products where shop_id = ${first.id}::uuid) as products,
        (select count(*)::int from product_channel_statuses s join products p on p.id = s.product_id
          where p.shop_id = ${first.id}::uuid) as statuses`,
    );
    console.log(
      `import bench: ${bigRun.rows_read} rows → ${stored!.products} products (${bigRun.rows_rejected} rows rejected), ` +
        `${stored!.statuses} channel statuses; COPY ${copySeconds.toFixed(1)} s, import ${bigRun.seconds.toFixed(1)} s ` +
        `(${bigRun.cpuSeconds.toFixed(1)} s of it on this process's CPU), re-import ${again.seconds.toFixed(1)} s ` +
        `(${again.cpuSeconds.toFixed(1)} s CPU)`,
    );

    // The database's own share: the products and statuses the import stored, written again into a third store
    // by plain INSERT … SELECT (no parsing, no judging, no staging, one statement each; rolled back). This is
    // what the tables as indexed for the product list cost to write, whoever writes them.
    const third = await benchShop('Bench Store 3');
    const storeStarted = performance.now();
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          create temp table bench_ids on commit drop as
          with ins as (
            insert into products (shop_id, product_key, offer_id, item_group_id, source, source_custom, variants,
              source_hash, google_status, microsoft_status, meta_status)
            select ${third.id}::uuid, product_key, offer_id, item_group_id, source, source_custom, variants,
              source_hash, google_status, microsoft_status, meta_status
            from products where shop_id = ${first.id}::uuid
            returning id, product_key)
          select * from ins`);
        await tx.execute(sql`
          insert into product_channel_statuses (product_id, shop_id, channel, status, issues)
          select i.id, ${third.id}::uuid, s.channel, s.status, s.issues
          from bench_ids i join products p on p.shop_id = ${first.id}::uuid and p.product_key = i.product_key
          join product_channel_statuses s on s.product_id = p.id`);
        throw new Error('rollback');
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && err.message === 'rollback')) throw err;
      });
    const storeSeconds = (performance.now() - storeStarted) / 1000;

    const rate = bigRun.rows_read / bigRun.seconds;
    record({
      name: `api.import.rows_per_second_${ROWS}`,
      value: rate,
      unit: 'rows/s',
      baseline: copyRate,
      target: `ratio >= ${TARGET_RATIO}`,
      pass: rate / copyRate >= TARGET_RATIO,
    });
    record({
      name: `api.import.rows_per_second_${SMALL_ROWS}`,
      value: smallRun.rows_read / smallRun.seconds,
      unit: 'rows/s',
    });
    record({
      name: `api.import.peak_rss_${SMALL_ROWS}`,
      value: smallRun.maxRssMb,
      unit: 'MB',
      target: `< ${TARGET_RSS_MB}`,
      pass: smallRun.maxRssMb < TARGET_RSS_MB,
    });
    record({
      name: `api.import.peak_rss_${ROWS}`,
      value: bigRun.maxRssMb,
      unit: 'MB',
      baseline: smallRun.maxRssMb,
      target: `< ${TARGET_RSS_MB} and within ${FLAT_SHARE * 100} % of the ${SMALL_ROWS}-row peak`,
      pass: bigRun.maxRssMb < TARGET_RSS_MB && bigRun.maxRssMb <= smallRun.maxRssMb * (1 + FLAT_SHARE),
    });
    record({
      name: `api.import.xml_rows_per_second_${ROWS}`,
      value: xmlRun.rows_read / xmlRun.seconds,
      unit: 'rows/s',
      baseline: rate,
    });
    record({
      name: `api.import.xml_peak_rss_${ROWS}`,
      value: xmlRun.maxRssMb,
      unit: 'MB',
      baseline: bigRun.maxRssMb,
      target: `< ${TARGET_RSS_MB}`,
      pass: xmlRun.maxRssMb < TARGET_RSS_MB,
    });
    record({
      name: `api.import.store_only_${ROWS}`,
      value: storeSeconds,
      unit: 's',
      baseline: copySeconds,
    });
    record({
      name: `api.import.reimport_unchanged_${ROWS}`,
      value: again.seconds,
      unit: 's',
      baseline: bigRun.seconds,
    });
  } finally {
    await database.close();
    await bench.drop();
    rmSync(dir, { recursive: true, force: true });
  }
};

await main();
