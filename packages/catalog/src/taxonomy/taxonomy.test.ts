import { describe, expect, it } from 'vitest';
import { findCategory, isUnder, parseTaxonomy } from './taxonomy';

const SAMPLE = `\uFEFF# Google_Product_Taxonomy_Version: 2099-01-01\r
1 - Animals & Pet Supplies\r
166 - Apparel & Accessories
1604 - Apparel & Accessories > Clothing
2271 - Apparel & Accessories > Clothing > Dresses
not a category line
`;

describe('Google product taxonomy', () => {
  it('parses ids, paths, parents and the version, tolerating a BOM and CRLF', () => {
    const t = parseTaxonomy(SAMPLE);
    expect(t.version).toBe('2099-01-01');
    expect(t.byId.size).toBe(4);
    expect(t.byId.get(2271)).toMatchObject({
      name: 'Dresses',
      parentId: 1604,
      fullPath: 'Apparel & Accessories > Clothing > Dresses',
    });
    expect(t.byId.get(166)?.parentId).toBeUndefined();
  });
  it('finds by id or by path and walks up the tree', () => {
    const t = parseTaxonomy(SAMPLE);
    const dresses = findCategory(t, ' apparel & accessories>clothing >  dresses ');
    expect(dresses?.id).toBe(2271);
    expect(findCategory(t, '1604')?.name).toBe('Clothing');
    expect(findCategory(t, '42')).toBeUndefined();
    expect(isUnder(t, dresses!, 166)).toBe(true);
    expect(isUnder(t, dresses!, 1)).toBe(false);
  });
  it('answers a repeated lookup as the first time, per taxonomy (answers are remembered)', () => {
    const t = parseTaxonomy(SAMPLE);
    const other = parseTaxonomy('1604 - Something Else\n');
    for (let round = 0; round < 2; round++) {
      expect(findCategory(t, '1604')?.name).toBe('Clothing');
      expect(findCategory(other, '1604')?.name).toBe('Something Else');
      expect(findCategory(t, 'Apparel & Accessories > Nope')).toBeUndefined();
      expect(findCategory(other, 'apparel & accessories > clothing')).toBeUndefined();
      expect(findCategory(t, 'apparel & accessories > clothing')?.id).toBe(1604);
    }
  });
});
