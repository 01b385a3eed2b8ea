// `pnpm build`: bundles the api with esbuild into dist/, which `npm start` and the e2e suite run with plain node
// (scripts/serve.mjs) instead of the TypeScript sources through tsx: tsx's loader and its transpiled module
// graph cost a process ~100 MB of RSS, which the import worker's 300 MB budget is better spent on.
//
// Entry points (dist/<name>.mjs):
//   main          src/main.ts: migrate | seed | serve [--with-worker] | worker
//   feed-shard    src/modules/sync/feed-shard.ts: a sharded feed build's source, loaded by path (feed-build.ts)
//   shard-worker  @feedloom/catalog's src/node/shard-worker.ts: the feed shards' worker threads
//   import-child  (with --bench, alone, into bench/.build/ so a served dist/ is left alone): the import bench's
//                 child (bench/import-child.ts), run as the worker runs
//
// The workspace packages (@feedloom/*, which export their TypeScript sources) are inlined; every other bare
// import stays external and is loaded from apps/api/node_modules at run time (PGlite must find its own wasm and
// data files, sharp and argon2 are native). The build fails if an external is not resolvable from apps/api (a
// dependency of a workspace package that the api does not declare itself). Code that finds files relative to
// itself goes through src/lib/paths.ts, which `__FEEDLOOM_API_BUNDLE__` switches to dist/.
//
//   node scripts/build.mjs [--bench]
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist');
const BENCH_OUT = path.join(ROOT, 'bench/.build');
const require = createRequire(path.join(ROOT, 'package.json'));

/** The entry points of the api's bundle (name → source), and the bench's child with `bench: true`. */
export const entryPoints = ({ bench = false } = {}) =>
  bench
    ? { 'import-child': path.join(ROOT, 'bench/import-child.ts') }
    : {
        main: path.join(ROOT, 'src/main.ts'),
        'feed-shard': path.join(ROOT, 'src/modules/sync/feed-shard.ts'),
        'shard-worker': path.join(path.dirname(require.resolve('@feedloom/catalog/node')), 'shard-worker.ts'),
      };

/**
 * Bare imports other than @feedloom/*: left to node_modules. JSON data imported from a package (`with { type:
 * 'json' }`) is inlined instead: esbuild would drop the import attribute an external JSON import needs.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@feedloom/') || args.path.endsWith('.json')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * Every external import of the bundle must resolve from apps/api as node will at run time, and no inlined code
 * may call CommonJS `require` (esbuild's ESM shim for it throws at run time; none does today, so the bundle has
 * no `createRequire` banner: add one to `build` below if this ever fails).
 */
const checkOutputs = (metafile) => {
  const missing = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith('node:')) continue;
      try {
        import.meta.resolve(imported.path);
      } catch {
        missing.add(imported.path);
      }
    }
  }
  if (missing.size > 0)
    throw new Error(
      `the bundle imports what apps/api cannot resolve (add it to apps/api's dependencies): ${[...missing].join(', ')}`,
    );
  for (const file of Object.keys(metafile.outputs).filter((f) => f.endsWith('.mjs'))) {
    if (readFileSync(file, 'utf8').includes('Dynamic require of '))
      throw new Error(`${file}: inlined code calls require(); add a createRequire banner to the build`);
  }
};

export const buildApi = async ({ bench = false } = {}) => {
  const outdir = bench ? BENCH_OUT : OUT;
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: entryPoints({ bench }),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Shared code (db/client, the catalog) goes into each entry as is: no chunk files to keep together.
    splitting: false,
    plugins: [externalPackages],
    define: { __FEEDLOOM_API_BUNDLE__: 'true' },
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  checkOutputs(result.metafile);
  return result;
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildApi({ bench: process.argv.includes('--bench') });
  console.info(
    `api bundle: ${path.relative(process.cwd(), process.argv.includes('--bench') ? BENCH_OUT : OUT)} in ${Math.round(performance.now() - started)} ms`,
  );
}
