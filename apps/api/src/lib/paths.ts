// Where the api's own files are (migrations, package.json, the feed-shard entries), found from the package root
// rather than by counting `../` from a source file: the same code runs as TypeScript sources (tsx, vitest: this
// file is src/lib/paths.ts) and inlined into the bundle (dist/main.mjs, scripts/build.mjs), whose
// import.meta.url is another file at another depth.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Replaced by `true` when scripts/build.mjs bundles the api (esbuild `define`); undeclared under tsx. */
declare const __FEEDLOOM_API_BUNDLE__: boolean | undefined;

/** True in dist/*.mjs (built by scripts/build.mjs), false when running the TypeScript sources. */
export const BUNDLED: boolean = typeof __FEEDLOOM_API_BUNDLE__ !== 'undefined' && __FEEDLOOM_API_BUNDLE__;

const PACKAGE_NAME = '@feedloom/api';

/** The nearest directory at or above `from` holding the api's package.json. */
export const findApiRoot = (from: string): string => {
  for (let dir = from; ;) {
    const file = path.join(dir, 'package.json');
    if (
      existsSync(file) &&
      (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === PACKAGE_NAME
    )
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${PACKAGE_NAME}'s package.json was not found above ${from}`);
    dir = parent;
  }
};

/** apps/api: the directory of the api's package.json. */
export const API_ROOT = findApiRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The drizzle migrations (apps/api/drizzle). */
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');

/** The file URL of an entry point of scripts/build.mjs (`dist/<name>`). */
export const builtModule = (name: string): string => pathToFileURL(path.join(API_ROOT, 'dist', name)).href;

/**
 * A module loaded at run time by its path (a feed shard's source): its TypeScript source (`src/<source>`) when
 * running the sources, its build (`dist/<built>`, an entry point of scripts/build.mjs) in the bundle.
 */
export const runtimeModule = (source: string, built: string): string =>
  BUNDLED ? builtModule(built) : pathToFileURL(path.join(API_ROOT, 'src', source)).href;
