import { describe, expect, it } from 'vitest';
import { KeyTable } from './key-table';

describe('KeyTable', () => {
  it('keeps a number per string, through growth, like a Map', () => {
    const table = new KeyTable(4);
    const map = new Map<string, number>();
    for (let i = 0; i < 50_000; i++) {
      const key = i % 7 === 0 ? `SKU-${i}-ø😀` : `SKU-${i}`;
      table.set(key, i);
      map.set(key, i);
    }
    table.set('SKU-3', 0);
    map.set('SKU-3', 0);
    expect(table.size).toBe(map.size);
    for (const [key, value] of map) expect(table.get(key)).toBe(value);
    for (const key of ['', 'SKU-50000', 'sku-1', 'SKU-1 ', 'SKU-7-ø']) expect(table.has(key)).toBe(false);
    table.set('', 5);
    expect(table.get('')).toBe(5);
  });

  it('tells apart keys that differ in one character or only in order', () => {
    const table = new KeyTable();
    const keys = ['ab', 'ba', 'a', 'aa', 'A', 'a\u0000', 'TEE-BLK-S', 'TEE-BLK-M', 'TEE-BLK-S\u0301'];
    keys.forEach((k, i) => table.set(k, i));
    expect(keys.map((k) => table.get(k))).toEqual(keys.map((_, i) => i));
  });
});
