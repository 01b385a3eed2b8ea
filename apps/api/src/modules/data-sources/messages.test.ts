import { describe, expect, it } from 'vitest';
import { DATA_SOURCE_API_MSG as M } from './messages';

describe('import outcome messages', () => {
  it('say one row, one product in the singular', () => {
    expect(M.succeeded(1, 0, 1, 0)).toBe(
      '1 product imported or updated, 0 unchanged, 0 removed, 1 row rejected.',
    );
    expect(M.succeeded(0, 1, 0, 0)).toBe('Nothing changed: 1 product is as it was.');
    expect(M.succeeded(0, 5, 2, 0)).toBe('Nothing changed: 5 products are as they were, 2 rows rejected.');
    expect(M.held(1, 1, 0.2)).toContain("would remove 1 of the store's 1 product (");
  });
});
