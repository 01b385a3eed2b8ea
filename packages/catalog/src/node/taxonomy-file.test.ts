import { describe, expect, it } from 'vitest';
import { findCategory } from '../taxonomy/taxonomy';
import { googleTaxonomy, isShippedTaxonomy } from './taxonomy-file';

describe('the shipped Google product taxonomy', () => {
  it('ships the en-US file with the package and reads it once', () => {
    const t = googleTaxonomy();
    expect(t).toBe(googleTaxonomy());
    expect(isShippedTaxonomy(t)).toBe(true);
    expect(t.version).toBe('2021-09-21');
    expect(t.byId.size).toBe(5595);
    expect(findCategory(t, '187')?.fullPath).toBe('Apparel & Accessories > Shoes');
  });
});
