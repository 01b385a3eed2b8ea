import { toProductInput, ChannelItem, ZProductSchema } from '@feedloom/catalog';
import { describe, expect, it } from 'vitest';
import { googleIssues, googleVerdict } from './google-adapter';
import { afterSend, contentHash, gateVerdict, sendDecision, UNCHANGED_SENDS_PER_DAY } from './rules';

const NOW = new Date('2026-11-24T12:00:00Z');
const DAY = 86_400_000;

describe('content hash', () => {
  it('is the same whatever the key order, and changes with any value', () => {
    expect(contentHash({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(contentHash({ b: { d: 'x', c: [1, 2] }, a: 1 }));
    expect(contentHash({ a: 1, b: { c: [1, 2] } })).not.toBe(contentHash({ a: 1, b: { c: [2, 1] } }));
    expect(contentHash({ a: 1, u: undefined })).toBe(contentHash({ a: 1 }));
  });

  it('hashes the Merchant API payload a product builds: a price change changes it, nothing else does', () => {
    const product = (price: number) =>
      ZProductSchema.parse({
        id: 'p1',
        offer_id: 'SKU-1',
        source: { title: 'Mug', description: 'A mug', link: 'https://s.example/p', image_link: 'https://s.example/i.jpg', price: { value: price, currency: 'USD' }, availability: 'in_stock', brand: 'Acme', condition: 'new' },
        overrides: {},
        rules: {},
      });
    const payload = (price: number) => toProductInput(new ChannelItem(product(price)), { contentLanguage: 'en', feedLabel: 'US' });
    expect(payload(10).productAttributes.price).toEqual({ amountMicros: '10000000', currencyCode: 'USD' });
    expect(contentHash(payload(10))).toBe(contentHash(payload(10)));
    expect(contentHash(payload(10))).not.toBe(contentHash(payload(11)));
  });
});

describe('send decision and the quota of unchanged updates', () => {
  const live = { content_hash: 'h', sent_at: new Date(NOW.getTime() - 2 * DAY), sends_day: '2026-11-22', sends_today: 1 };
  const opts = { refreshAfterMs: 25 * DAY };
  it('sends a new or changed item, skips an unchanged one until its refresh is due', () => {
    expect(sendDecision(undefined, 'h', NOW, opts)).toBe('send');
    expect(sendDecision(live, 'other', NOW, opts)).toBe('send');
    expect(sendDecision(live, 'h', NOW, opts)).toBe('skip');
    expect(sendDecision({ ...live, sent_at: new Date(NOW.getTime() - 26 * DAY) }, 'h', NOW, opts)).toBe('send');
  });
  it('never updates an unchanged item more than twice a day, even when forced; a changed one always goes', () => {
    const today = { ...live, sent_at: NOW, sends_day: '2026-11-24', sends_today: UNCHANGED_SENDS_PER_DAY };
    expect(sendDecision(today, 'h', NOW, { ...opts, force: true })).toBe('quota');
    expect(sendDecision({ ...today, sends_today: 1 }, 'h', NOW, { ...opts, force: true })).toBe('send');
    expect(sendDecision(today, 'changed', NOW, opts)).toBe('send');
    expect(afterSend(today, NOW)).toEqual({ sends_day: '2026-11-24', sends_today: 3 });
    expect(afterSend(live, NOW)).toEqual({ sends_day: '2026-11-24', sends_today: 1 });
  });
});

describe('publish gate', () => {
  it('pauses above the share of live items, not at it', () => {
    expect(gateVerdict({ live: 100, newly_held: 5, to_delete: 5 }, 0.1)).toEqual({ pause: false, share: 0.1 });
    expect(gateVerdict({ live: 100, newly_held: 6, to_delete: 5 }, 0.1)).toEqual({ pause: true, share: 0.11 });
    expect(gateVerdict({ live: 0, newly_held: 0, to_delete: 0 }, 0.1)).toEqual({ pause: false, share: 0 });
    expect(gateVerdict({ live: 10, newly_held: 0, to_delete: 1 }, 0)).toMatchObject({ pause: true });
  });
});

describe('Google statuses', () => {
  it('folds destination statuses into one verdict and maps item issues', () => {
    const p = (s: object[]) => ({ name: 'n', offerId: 'o', contentLanguage: 'en', feedLabel: 'US', productStatus: { destinationStatuses: s } });
    expect(googleVerdict(p([{ approvedCountries: ['US'] }, { disapprovedCountries: ['US'] }]))).toBe('disapproved');
    expect(googleVerdict(p([{ approvedCountries: ['US'] }, { pendingCountries: ['US'] }]))).toBe('pending');
    expect(googleVerdict(p([{ approvedCountries: ['US'] }]))).toBe('approved');
    expect(
      googleIssues([
        { code: 'price_mismatch', severity: 'DISAPPROVED', attribute: 'price', description: 'Mismatched value', detail: 'Make them match', reportingContext: 'SHOPPING_ADS' },
        { code: 'price_mismatch', severity: 'DISAPPROVED', attribute: 'price', description: 'Mismatched value', detail: 'Make them match', reportingContext: 'FREE_LISTINGS' },
        { code: 'low_image', severity: 'DEMOTED', attribute: 'image_link', description: 'Low quality' },
      ]),
    ).toEqual([
      { code: 'google:price_mismatch', severity: 'error', attribute: 'price', message: 'Mismatched value: Make them match', layer: 'source' },
      { code: 'google:low_image', severity: 'warning', attribute: 'image_link', message: 'Low quality', layer: 'source' },
    ]);
  });
});
