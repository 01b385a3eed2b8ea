import { describe, expect, it } from 'vitest';
import { SYNC_MSG } from './messages';

describe('sync texts', () => {
  it('count live items in the right number when the publish gate pauses a sync', () => {
    expect(SYNC_MSG.gatePaused({ live: 1, newly_held: 1, to_delete: 0, share: 1, limit: 0.1 })).toContain(
      'would hold back or remove 1 of 1 live item (100 %), more than the 10 % allowed',
    );
    expect(
      SYNC_MSG.gatePaused({ live: 1500, newly_held: 1000, to_delete: 200, share: 0.8, limit: 0.1 }),
    ).toContain('would hold back or remove 1,200 of 1,500 live items (80 %)');
  });

  it('sum up the Google issue report by the product list’s states, in the right number', () => {
    expect(SYNC_MSG.issueReportSummary('Rivera Outdoor', { error: 1, disapproved: 0 })).toBe(
      'Google issue report for Rivera Outdoor: 1 product to fix (Error: 1).',
    );
    expect(SYNC_MSG.issueReportSummary('Rivera Outdoor', { error: 2, disapproved: 1 })).toBe(
      'Google issue report for Rivera Outdoor: 3 products to fix (Error: 2, Disapproved: 1).',
    );
  });
});
