import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseTaxonomy } from '../taxonomy/taxonomy';
import type { TTaxonomy } from '../taxonomy/taxonomy';

/**
 * The en-US Google product taxonomy shipped with the package (its `data/` folder, exported as
 * `@feedloom/catalog/data/*`). Resolved through the package's name, not relative to this file: a bundle that
 * inlines this module (the api's dist/main.mjs) finds it through its own node_modules, the sources by the
 * package's self-reference.
 */
export const TAXONOMY_FILE: string = createRequire(import.meta.url).resolve(
  '@feedloom/catalog/data/taxonomy-with-ids.en-US.txt',
);

let shipped: TTaxonomy | undefined;

/** The shipped en-US taxonomy, read and parsed on first use; pass it as a validation context's `taxonomy`. */
export const googleTaxonomy = (): TTaxonomy => {
  shipped ??= parseTaxonomy(readFileSync(TAXONOMY_FILE, 'utf8'));
  return shipped;
};

/** True for the object `googleTaxonomy()` returns (without reading the file when it has not been read). */
export const isShippedTaxonomy = (taxonomy: TTaxonomy | undefined): boolean =>
  taxonomy !== undefined && taxonomy === shipped;
