import { describe, expect, it } from 'vitest';
import { backoffDelay, isRetryableStatus, parseRetryAfter } from './backoff';

const settings = { baseMs: 100, maxMs: 1000 };

describe('backoff', () => {
  it('doubles the ceiling with each retry, up to the cap', () => {
    const top = () => 0.999999;
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, settings, { random: top }))).toEqual([99, 199, 399, 799, 999, 999]);
  });

  it('spreads retries over the whole window (full jitter)', () => {
    expect(backoffDelay(3, settings, { random: () => 0 })).toBe(0);
    expect(backoffDelay(3, settings, { random: () => 0.5 })).toBe(200);
    const seen = new Set(Array.from({ length: 200 }, () => backoffDelay(4, settings)));
    expect(seen.size).toBeGreaterThan(50);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...seen)).toBeLessThan(800);
  });

  it("waits at least what Retry-After asks, but never beyond the cap", () => {
    expect(backoffDelay(1, settings, { random: () => 0, retryAfterMs: 700 })).toBe(700);
    expect(backoffDelay(1, settings, { random: () => 0, retryAfterMs: 60_000 })).toBe(1000);
  });

  it('retries rate limits, timeouts and server failures only', () => {
    expect([408, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
