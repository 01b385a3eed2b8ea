import { describe, expect, it } from 'vitest';
import type { TIssue } from './channels/types';
import { channelStatus, countStatuses, productIconState } from './status';

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

describe('product icon states (spec §4)', () => {
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
