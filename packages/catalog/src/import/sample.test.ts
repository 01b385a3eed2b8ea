import { describe, expect, it } from 'vitest';
import { CONTEXT } from '../../test/fixtures';
import { GOOGLE } from '../channels/index';
import { validateProduct } from '../channels/engine';
import { IMPORT_COLUMNS } from './columns';
import type { TImportedProduct, TImportResult } from './core';
import { importedToProduct } from './core';
import { bytesOfText, importCsv } from './pipeline';
import { sampleCsv } from './sample';

// The sample CSV download: every supported column, one example row the import takes without an error.

describe('sampleCsv', () => {
  it('lists every supported column and imports with zero errors', async () => {
    const run = await importCsv(bytesOfText(sampleCsv()));
    expect(run.file.headers).toEqual(IMPORT_COLUMNS.map((c) => c.header));
    expect(run.mapping.format).toBe('google');
    expect(run.mapping.unknown_columns).toEqual([]);
    expect(run.mapping.problems).toEqual([]);
    expect(run.mapping.columns.map((c) => c.target)).toEqual(IMPORT_COLUMNS.map((c) => c.target));
    const results: TImportResult[] = [];
    for await (const r of run.results) results.push(r);
    expect(results.filter((r) => r.kind === 'error')).toEqual([]);
    expect(run.stats).toMatchObject({
      rows_read: 1,
      rows_imported: 1,
      rows_rejected: 0,
      products: 1,
      variants: 1,
    });

    // Every column became a value of the product.
    const product = importedToProduct(results[0] as TImportedProduct);
    const item = { ...product.source, ...product.variants[0]?.source };
    const fields = IMPORT_COLUMNS.map((c) => c.target).filter((t) => t !== 'id' && t !== 'item_group_id');
    expect(fields.filter((f) => !(f in item))).toEqual([]);
    expect(product.variants[0]?.offer_id).toBe('TEE-CLASSIC-BLK-M');
    expect(product.item_group_id).toBe('TEE-CLASSIC');

    // And it is a product Google accepts.
    const [google] = validateProduct(GOOGLE, product, CONTEXT);
    expect(google?.issues.filter((i) => i.severity === 'error')).toEqual([]);
  });
});
