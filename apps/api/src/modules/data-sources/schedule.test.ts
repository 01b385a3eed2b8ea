import { describe, expect, it } from 'vitest';
import { nextFetchAt, validTimeZone, zonedToInstant } from './schedule';

const at = (iso: string) => new Date(iso);
const next = (
  frequency: 'daily' | 'weekly' | 'monthly',
  fetch_time: string,
  day: number | null,
  zone: string,
  after: string,
) => nextFetchAt({ frequency, fetch_time, day }, zone, at(after))?.toISOString() ?? null;

describe('nextFetchAt', () => {
  it('daily: today when the time is still ahead, else tomorrow, in the shop’s zone', () => {
    expect(next('daily', '06:30', null, 'UTC', '2026-03-10T05:00:00Z')).toBe('2026-03-10T06:30:00.000Z');
    expect(next('daily', '06:30', null, 'UTC', '2026-03-10T06:30:00Z')).toBe('2026-03-11T06:30:00.000Z');
    // 06:30 in New York (UTC−5 in January) is 11:30 UTC.
    expect(next('daily', '06:30', null, 'America/New_York', '2026-01-10T12:00:00Z')).toBe(
      '2026-01-11T11:30:00.000Z',
    );
    // 20:00 UTC on the 10th is 05:00 on the 11th in Tokyo: 06:00 that day is 21:00 UTC on the 10th.
    expect(next('daily', '06:00', null, 'Asia/Tokyo', '2026-01-10T20:00:00Z')).toBe(
      '2026-01-10T21:00:00.000Z',
    );
    expect(next('daily', '23:59', null, 'Asia/Kolkata', '2026-01-10T00:00:00Z')).toBe(
      '2026-01-10T18:29:00.000Z',
    );
  });

  it('weekly: the next given weekday (1 = Monday … 7 = Sunday)', () => {
    // 2026-03-11 is a Wednesday.
    expect(next('weekly', '09:00', 1, 'UTC', '2026-03-11T10:00:00Z')).toBe('2026-03-16T09:00:00.000Z');
    expect(next('weekly', '09:00', 3, 'UTC', '2026-03-11T08:00:00Z')).toBe('2026-03-11T09:00:00.000Z');
    expect(next('weekly', '09:00', 3, 'UTC', '2026-03-11T09:00:00Z')).toBe('2026-03-18T09:00:00.000Z');
    expect(next('weekly', '00:15', 7, 'UTC', '2026-03-11T09:00:00Z')).toBe('2026-03-15T00:15:00.000Z');
  });

  it('monthly: the day, or the last day of a shorter month (31 in February, leap years)', () => {
    expect(next('monthly', '08:00', 31, 'UTC', '2026-01-31T09:00:00Z')).toBe('2026-02-28T08:00:00.000Z');
    expect(next('monthly', '08:00', 31, 'UTC', '2028-02-01T00:00:00Z')).toBe('2028-02-29T08:00:00.000Z');
    expect(next('monthly', '08:00', 31, 'UTC', '2026-02-28T08:00:00Z')).toBe('2026-03-31T08:00:00.000Z');
    expect(next('monthly', '08:00', 30, 'UTC', '2026-04-30T09:00:00Z')).toBe('2026-05-30T08:00:00.000Z');
    expect(next('monthly', '08:00', 15, 'UTC', '2026-12-20T00:00:00Z')).toBe('2027-01-15T08:00:00.000Z');
    expect(next('monthly', '08:00', 1, 'UTC', '2026-03-01T07:59:00Z')).toBe('2026-03-01T08:00:00.000Z');
  });

  it('keeps the wall time across DST changes; a skipped time runs an hour later, a repeated one once', () => {
    // Berlin: CET (UTC+1) until 2026-03-29 02:00, CEST (UTC+2) after.
    expect(next('daily', '06:00', null, 'Europe/Berlin', '2026-03-28T12:00:00Z')).toBe(
      '2026-03-29T04:00:00.000Z',
    );
    expect(next('daily', '06:00', null, 'Europe/Berlin', '2026-03-27T12:00:00Z')).toBe(
      '2026-03-28T05:00:00.000Z',
    );
    // 02:30 does not exist on 2026-03-29 in Berlin: 03:30 CEST.
    expect(next('daily', '02:30', null, 'Europe/Berlin', '2026-03-28T12:00:00Z')).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // 02:30 happens twice on 2026-10-25 in Berlin: the first (CEST, 00:30 UTC), and not again that day.
    expect(next('daily', '02:30', null, 'Europe/Berlin', '2026-10-24T12:00:00Z')).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(next('daily', '02:30', null, 'Europe/Berlin', '2026-10-25T00:30:00Z')).toBe(
      '2026-10-26T01:30:00.000Z',
    );
    // New York: 02:00 → 03:00 on 2026-03-08.
    expect(next('weekly', '02:15', 7, 'America/New_York', '2026-03-02T00:00:00Z')).toBe(
      '2026-03-08T07:15:00.000Z',
    );
    // Monthly on the 31st across the autumn change (Sydney leaves daylight time on 2026-04-05).
    expect(next('monthly', '09:00', 31, 'Australia/Sydney', '2026-03-31T00:00:00Z')).toBe(
      '2026-04-29T23:00:00.000Z',
    );
  });

  it('answers null for an incomplete schedule, and falls back to UTC for an unknown zone', () => {
    expect(nextFetchAt({ frequency: null, fetch_time: '06:00', day: null }, 'UTC', new Date())).toBeNull();
    expect(nextFetchAt({ frequency: 'daily', fetch_time: null, day: null }, 'UTC', new Date())).toBeNull();
    expect(
      nextFetchAt({ frequency: 'weekly', fetch_time: '06:00', day: null }, 'UTC', new Date()),
    ).toBeNull();
    expect(nextFetchAt({ frequency: 'monthly', fetch_time: '06:00', day: 32 }, 'UTC', new Date())).toBeNull();
    expect(validTimeZone('Not/AZone')).toBe('UTC');
    expect(next('daily', '06:00', null, 'Not/AZone', '2026-01-01T00:00:00Z')).toBe(
      '2026-01-01T06:00:00.000Z',
    );
  });

  it('is always strictly after its start and lands on the fetch time, over a year of ticks', () => {
    for (const zone of ['Europe/Berlin', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      let t = at('2026-01-01T00:00:00Z');
      for (let i = 0; i < 400; i++) {
        const n = nextFetchAt({ frequency: 'daily', fetch_time: '10:45', day: null }, zone, t)!;
        expect(n.getTime()).toBeGreaterThan(t.getTime());
        expect(n.getTime() - t.getTime()).toBeLessThanOrEqual(26 * 3600_000);
        const wall = new Intl.DateTimeFormat('en-GB', {
          timeZone: zone,
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(n);
        expect(wall).toBe('10:45');
        t = n;
      }
    }
  });

  it('zonedToInstant round-trips ordinary wall times', () => {
    expect(
      zonedToInstant('Asia/Kathmandu', { year: 2026, month: 6, day: 1, hour: 0, minute: 0 }).toISOString(),
    ).toBe('2026-05-31T18:15:00.000Z');
  });
});
