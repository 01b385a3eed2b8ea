// Where the import's time goes without the database: the import bench's CSV read only, then parsed and
// mapped, then also serialised and hashed as the job stages it, then also judged for every channel. Each
// stage is one run of this script (`tsx bench/import-stages.ts <read|parse|json|judge>`); the differences
// between stages are their costs. Not part of `pnpm bench`: a tool for profiling.
//
//   BENCH_IMPORT_ROWS=200000 (default)  node --max-old-space-size=128 --import tsx bench/import-stages.ts judge
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importCsv, type TImportedProduct } from '@feedloom/catalog';
import { productOf } from '../src/modules/catalogue';
import { judgeProduct } from '../src/modules/catalogue';
import { writeCsv } from './import-csv';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const STAGES = ['read', 'parse', 'json', 'judge'] as const;
const stage = (process.argv[2] ?? 'judge') as (typeof STAGES)[number];
if (!STAGES.includes(stage)) throw new Error(`stage: one of ${STAGES.join(', ')}`);
const file = path.join(tmpdir(), `feedloom-import-stages-${ROWS}.csv`);
if (!existsSync(file)) writeCsv(file, ROWS);
const shop = {
  shop_currency: 'USD',
  shop_url: 'https://bench-store.example',
  default_condition: 'new' as const,
};

const started = performance.now();
const cpu = process.cpuUsage();
let products = 0;
const bytes = () => createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Uint8Array>;
if (stage === 'read') {
  for await (const _chunk of bytes()) continue;
} else {
  const imp = await importCsv(bytes(), {
    shop: { currency: 'USD', url: shop.shop_url },
    dataSourceName: 'Bench',
  });
  for await (const r of imp.results) {
    if (r.kind === 'error') continue;
    products++;
    if (stage === 'parse') continue;
    const p = r as TImportedProduct;
    createHash('sha1').update(JSON.stringify(p.source)).update(JSON.stringify(p.variants)).digest('hex');
    if (stage === 'json') continue;
    const layers = {
      product_key: p.product_id,
      offer_id: p.offer_id,
      item_group_id: p.item_group_id ?? null,
      source: p.source as Record<string, unknown>,
      source_custom: p.custom,
      variants: p.variants as unknown as Record<string, unknown>[],
      custom: {},
    };
    judgeProduct(productOf(layers), shop);
  }
}
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
console.log(
  `import stage ${stage}: ${ROWS} rows, ${products} products, ${seconds.toFixed(2)} s ` +
    `(${((used.user + used.system) / 1e6).toFixed(2)} s CPU), ${Math.round(ROWS / seconds)} rows/s`,
);
