import { readFileSync } from 'node:fs';
import { parseTaxonomy } from '../taxonomy/taxonomy';
import type { TTaxonomy } from '../taxonomy/taxonomy';

/** The en-US Google product taxonomy shipped with the package. */
export const TAXONOMY_FILE = new URL('../../data/taxonomy-with-ids.en-US.txt', import.meta.url);

let shipped: TTaxonomy | undefined;

/** The shipped en-US taxonomy, read and parsed on first use; pass it as a validation context's `taxonomy`. */
export const googleTaxonomy = (): TTaxonomy => {
  shipped ??= parseTaxonomy(readFileSync(TAXONOMY_FILE, 'utf8'));
  return shipped;
};

/** True for the object `googleTaxonomy()` returns (without reading the file when it has not been read). */
export const isShippedTaxonomy = (taxonomy: TTaxonomy | undefined): boolean =>
  taxonomy !== undefined && taxonomy === shipped;
