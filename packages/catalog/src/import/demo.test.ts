import { describe, expect, it } from 'vitest';
import { GOOGLE } from '../channels/index';
import { validateProduct } from '../channels/engine';
import { demoValidationContext } from '../node/demo-context';
import { gtinProblem } from '../rules/gtin';
import type { TImportedProduct, TImportResult } from './core';
import { importedToProduct } from './core';
import { generateDemoCatalogue } from './demo';
import { bytesOfText, importCsv } from './pipeline';

// The demo merchant's catalogue goes through the same import a merchant's file does.

const CONTEXT = demoValidationContext();

describe('generateDemoCatalogue', () => {
  it('is the same file for the same seed', () => {
    expect(generateDemoCatalogue({ seed: 7, count: 50 })).toBe(generateDemoCatalogue({ seed: 7, count: 50 }));
    expect(generateDemoCatalogue({ seed: 8, count: 50 })).not.toBe(
      generateDemoCatalogue({ seed: 7, count: 50 }),
    );
  });

  it('imports 2,000 products with no rejected row: apparel with variants, electronics with GTINs, 5 % fixable', async () => {
    const csv = generateDemoCatalogue({ seed: 42, count: 2000 });
    const run = await importCsv(bytesOfText(csv), { shop: { currency: 'USD' } });
    const results: TImportResult[] = [];
    for await (const r of run.results) results.push(r);
    expect(results.filter((r) => r.kind === 'error')).toEqual([]);
    expect(run.mapping.unknown_columns).toEqual([]);
    const products = results as TImportedProduct[];
    const rows = csv.split('\r\n').length - 2;
    expect(run.stats).toEqual({
      rows_read: rows,
      rows_imported: rows,
      rows_rejected: 0,
      products: 2000,
      variants: products.reduce((n, p) => n + p.variants.length, 0),
    });

    const apparel = products.filter((p) => p.variants.length > 0);
    expect(apparel.length).toBeGreaterThan(600);
    expect(apparel.every((p) => p.variants.length >= 2 && p.item_group_id === p.product_id)).toBe(true);
    // A product with variants has a title of its own (the words its variants' titles share), which the
    // detail page heads and search finds; each variant keeps its full title.
    for (const p of apparel) {
      const title = p.source.title as string;
      expect(title).toMatch(/\S/);
      expect(title).not.toMatch(/[-,]$/);
      for (const v of p.variants) expect(String(v.source.title)).toContain(title);
    }
    expect(apparel.filter((p) => /\bT-Shirt\b/.test(String(p.source.title))).length).toBeGreaterThan(50);
    const electronics = products.filter((p) => String(p.source.product_type).startsWith('Electronics'));
    expect(electronics.length).toBeGreaterThan(500);
    expect(
      electronics.every((p) => typeof p.source.gtin === 'string' && gtinProblem(p.source.gtin) === undefined),
    ).toBe(true);

    // About 5 % have an issue Google reports and the merchant can fix; the others have no error.
    const withErrors = products.filter((p) =>
      validateProduct(GOOGLE, importedToProduct(p), CONTEXT).some((item) =>
        item.issues.some((i) => i.severity === 'error'),
      ),
    );
    const withIssues = products.filter((p) =>
      validateProduct(GOOGLE, importedToProduct(p), CONTEXT).some((item) =>
        item.issues.some((i) => ['brand', 'title', 'description', 'gender'].includes(i.attribute)),
      ),
    );
    expect(withIssues.length).toBe(100);
    expect(withErrors.every((p) => withIssues.includes(p))).toBe(true);
  }, 60_000);
});
