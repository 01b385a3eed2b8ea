import { describe, expect, it } from 'vitest';
import type { TIssue } from './channels/types';
import type { TProduct } from './model/product';
import { channelStatus, countStatuses, heldBack, mergeChannelIssues, productIconState, sendsSameItems } from './status';

const issue = (severity: TIssue['severity']): TIssue => ({
  code: 'x',
  severity,
  attribute: 'title',
  message: 'm',
  layer: 'source',
});

describe('status of an item on a channel', () => {
  const live = { integrated: true, submittedAt: '2027-01-01T00:00:00Z' };
  it('integration_pending while the channel is not set up, whatever else', () => {
    expect(channelStatus([issue('error')], { integrated: false })).toBe('integration_pending');
  });
  it('excluded when the merchant excluded it', () => {
    expect(channelStatus([issue('error')], { integrated: true, excluded: true })).toBe('excluded');
  });
  it('error when our validation or the channel found an error (not submitted)', () => {
    expect(channelStatus([issue('error')], live)).toBe('error');
    expect(channelStatus([], { ...live, channelIssues: [issue('error')] })).toBe('error');
  });
  it('disapproved when the channel says so', () => {
    expect(channelStatus([], { ...live, channelVerdict: 'disapproved' })).toBe('disapproved');
  });
  it('pending before the first submission', () => {
    expect(channelStatus([issue('warning')], { integrated: true })).toBe('pending');
  });
  it('warning when submitted with a warning', () => {
    expect(channelStatus([issue('warning')], live)).toBe('warning');
    expect(channelStatus([issue('info')], live)).toBe('submitted');
  });
  it('submitted until the channel confirms, then published', () => {
    expect(channelStatus([], live)).toBe('submitted');
    expect(channelStatus([], { ...live, channelVerdict: 'approved' })).toBe('published');
  });
});

describe('items held back from a channel', () => {
  const GOOGLE_DESTINATIONS = { control1: true, control2: true, control3: true };
  it('submission controls that exclude every destination of the channel hold the item back from it alone', () => {
    expect(heldBack('google', { product_submission_control: GOOGLE_DESTINATIONS })).toBe(true);
    expect(heldBack('microsoft', { product_submission_control: GOOGLE_DESTINATIONS })).toBe(false);
    expect(heldBack('google', { product_submission_control: { control1: true, control2: true } })).toBe(false);
    expect(heldBack('meta', { product_submission_control: { control5: true } })).toBe(true);
    expect(heldBack('microsoft', { product_submission_control: { control4: true } })).toBe(true);
  });
  it('pause "all" holds it back from every channel; pause "ads" is an attribute Google receives', () => {
    for (const ch of ['google', 'microsoft', 'meta'] as const) {
      expect(heldBack(ch, { pause: 'all' })).toBe(true);
      expect(heldBack(ch, { pause: 'ads' })).toBe(false);
      expect(heldBack(ch, {})).toBe(false);
      expect(heldBack(ch, { pause: null, product_submission_control: null })).toBe(false);
    }
  });
});

describe('whether an edit changes what a channel receives', () => {
  const base: TProduct = {
    id: 'p',
    offer_id: 'P',
    source: { title: 'Kettle', price: { value: 10, currency: 'USD' } },
    overrides: {},
    rules: {},
    variants: [],
  };
  it('the same values (an override equal to the source) send the same item', () => {
    expect(sendsSameItems('google', base, { ...base, overrides: {} })).toBe(true);
    expect(sendsSameItems('google', base, { ...base, overrides: { title: 'Kettle' } })).toBe(true);
  });
  it('a changed value, or an item newly held back, changes what goes out', () => {
    expect(sendsSameItems('google', base, { ...base, overrides: { title: 'Big kettle' } })).toBe(false);
    expect(sendsSameItems('meta', base, { ...base, overrides: { product_submission_control: { control5: true } } })).toBe(false);
    // Held back from Meta only: Google receives the same item.
    expect(sendsSameItems('google', base, { ...base, overrides: { product_submission_control: { control5: true } } })).toBe(true);
  });
  it("the shop's default condition: an edit equal to it sends the same; a new default changes only what relies on it", () => {
    const used = { condition: 'used' };
    expect(sendsSameItems('meta', base, { ...base, overrides: { condition: 'used' } }, used)).toBe(true);
    expect(sendsSameItems('meta', base, { ...base, overrides: { condition: 'new' } }, used)).toBe(false);
    expect(sendsSameItems('meta', base, base, used, { condition: 'new' })).toBe(false);
    const own = { ...base, source: { ...base.source, condition: 'refurbished' } };
    expect(sendsSameItems('meta', own, own, used, { condition: 'new' })).toBe(true);
  });
});

describe("the channel's issues beside ours", () => {
  const ours = (code: string, attribute: string, item_id = 'A') => ({ ...issue('warning'), code, attribute, item_id });
  it("the channel's word on the same item, attribute and problem replaces our prediction", () => {
    const mpn = ours('mpn_missing', 'mpn');
    const theirs = { ...ours('google:mpn_missing', 'mpn'), message: 'Google: missing MPN' };
    expect(mergeChannelIssues([mpn], [theirs])).toEqual([theirs]);
    // Spelled with a space by the channel.
    const img = ours('image_link_invalid', 'image_link');
    const theirImg = ours('google:image_link_invalid', 'image link');
    expect(mergeChannelIssues([img], [theirImg])).toEqual([theirImg]);
  });
  it('keeps what only one side found, and another item’s finding', () => {
    const a = ours('mpn_missing', 'mpn', 'A');
    const b = ours('mpn_missing', 'mpn', 'B');
    const crawl = ours('google:price_mismatch', 'price', 'A');
    const theirA = ours('google:mpn_missing', 'mpn', 'A');
    expect(mergeChannelIssues([a, b], [theirA, crawl])).toEqual([b, theirA, crawl]);
    expect(mergeChannelIssues([a], [])).toEqual([a]);
  });
  it('counts a shared problem once in the status', () => {
    const live = { integrated: true, submittedAt: '2027-01-01T00:00:00Z', channelVerdict: 'approved' as const };
    const warn = { ...issue('warning'), item_id: 'A' };
    expect(channelStatus([warn], { ...live, channelIssues: [{ ...warn, code: 'google:x', severity: 'info' }] })).toBe(
      'published',
    );
  });
});

describe('product icon states', () => {
  it('uses the product status without variants', () => {
    expect(productIconState('published')).toBe('submitted');
    expect(productIconState('warning')).toBe('warnings');
    expect(productIconState('error')).toBe('errors');
    expect(productIconState('excluded')).toBe('excluded');
    expect(productIconState('pending')).toBe('pending');
    expect(productIconState('integration_pending')).toBe('integration_pending');
    expect(productIconState('disapproved')).toBe('disapproved');
  });
  it('says _with_variants when a variant carries the state', () => {
    expect(productIconState(undefined, ['published', 'submitted'])).toBe('submitted_with_variants');
    expect(productIconState(undefined, ['published', 'warning'])).toBe('warnings_with_variants');
    expect(productIconState(undefined, ['published', 'disapproved', 'warning'])).toBe(
      'disapproved_with_variants',
    );
    expect(productIconState(undefined, ['published', 'error'])).toBe('errors');
    expect(productIconState('warning', ['published'])).toBe('warnings');
  });
  it('shows excluded only when everything is excluded', () => {
    expect(productIconState(undefined, ['excluded', 'excluded'])).toBe('excluded');
    expect(productIconState(undefined, ['excluded', 'pending'])).toBe('pending');
  });
  it('counts statuses for the tabs', () => {
    expect(countStatuses(['published', 'error', 'error', 'integration_pending'])).toEqual({
      all: 4,
      error: 2,
      excluded: 0,
      pending: 0,
      published: 1,
      warning: 0,
      disapproved: 0,
      submitted: 0,
    });
  });
});
