// One import of the import bench (import-bench.ts), in its own process so that its peak RSS is the import's:
// keeps the file, then runs the import job exactly as a worker runs it and sends the run's counts, time, CPU and
// peak RSS to the parent. The bench runs it as the worker runs in production, bundled by scripts/build.mjs
// (`--bench`: bench/.build/import-child.mjs) with plain node; BENCH_IMPORT_CHILD=tsx runs this source through tsx.
//
//   node bench/.build/import-child.mjs --url=… --org=… --shop=… --file=… [--source=…]   (forked, with an IPC channel)
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/db/client';
import { data_sources } from '../src/db/schema';
import { systemClock } from '../src/lib/clock';
import { createDataSourcesService } from '../src/modules/data-sources/service';
import { keepFile } from '../src/modules/data-sources/storage';

/** The api's default IMPORT_BATCH_SIZE. */
const BATCH = Number(process.env.BENCH_IMPORT_BATCH ?? 1000);

export interface TChildResult {
  seconds: number;
  rows_read: number;
  rows_imported: number;
  rows_unchanged: number;
  rows_rejected: number;
  status: string;
  maxRssMb: number;
  /** CPU seconds (user + system) of the import process during the import: steadier than wall time on a loaded machine. */
  cpuSeconds: number;
  /** The data source imported into (a second import of the same file reuses it). */
  source: string;
}

const child = async (args: Record<string, string>) => {
  const database = openPostgres(args.url!, 4);
  try {
    const service = createDataSourcesService({
      db: database.db,
      clock: systemClock,
      jobs: null,
      settings: { holdShare: 0.2, batchSize: BATCH, fetchTimeoutMs: 60_000, allowPrivateUrls: false },
    });
    const file = await keepFile(
      database.db,
      { shop_id: args.shop!, file_name: path.basename(args.file!), content_type: 'text/csv' },
      createReadStream(args.file!),
      Number.MAX_SAFE_INTEGER,
    );
    let [source] = args.source
      ? await database.db
          .select()
          .from(data_sources)
          .where(sql`${data_sources.id} = ${args.source}::uuid`)
      : [];
    source ??= (
      await database.db
        .insert(data_sources)
        .values({
          organization_id: args.org!,
          shop_id: args.shop!,
          data_source_name: `Bench ${path.basename(args.file!)}`,
          source_type: 'file',
          file_id: file.id,
          file_name: path.basename(args.file!),
        })
        .returning()
    )[0]!;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const run = await service.startRun(source, 'manual', null, {
      id: file.id,
      file_name: path.basename(args.file!),
      size: file.size,
    });
    const seconds = (performance.now() - started) / 1000;
    const result: TChildResult = {
      seconds,
      rows_read: run.rows_read,
      rows_imported: run.rows_imported,
      rows_unchanged: run.rows_unchanged,
      rows_rejected: run.rows_rejected,
      status: run.status,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      cpuSeconds: (() => {
        const used = process.cpuUsage(cpuBefore);
        return (used.user + used.system) / 1e6;
      })(),
      source: source.id,
    };
    process.send!(result);
  } finally {
    await database.close();
  }
};

// Run only as a forked child (the parent imports this file for its types only).
if (process.send) {
  const args = Object.fromEntries(
    process.argv
      .slice(2)
      .filter((a) => a.startsWith('--') && a.includes('='))
      .map((a) => a.slice(2).split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  await child(args);
}
