import { describe, expect, it } from 'vitest';
import { countText } from './plural';

describe('countText', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countText(1, 'row')).toBe('1 row');
    expect(countText(0, 'row')).toBe('0 rows');
    expect(countText(2, 'variant')).toBe('2 variants');
    expect(countText(3, 'entry', 'entries')).toBe('3 entries');
    expect(countText(1200, 'product')).toBe('1,200 products');
  });
});
