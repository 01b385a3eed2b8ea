import { describe, expect, it } from 'vitest';
import { flagEmoji } from '../../lib/flag';
import {
  countries,
  countryCodes,
  currencies,
  languages,
  statesOf,
  timezones,
  utcOffsetOf,
} from './data';

describe('reference data', () => {
  it('lists country dialling codes with names and flags', () => {
    const list = countryCodes();
    expect(list.length).toBeGreaterThan(200);
    expect(list).toContainEqual({
      iso2: 'IN',
      country_name: 'India',
      country_flag: '🇮🇳',
      dialing_code: '+91',
    });
    expect(list).toContainEqual(expect.objectContaining({ iso2: 'US', dialing_code: '+1' }));
    expect(flagEmoji('gb')).toBe('🇬🇧');
  });

  it('lists time zones with their UTC offsets, ordered by offset', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    const list = timezones(winter);
    expect(list.find((z) => z.name === 'Asia/Kolkata')).toEqual({
      name: 'Asia/Kolkata',
      utc_offset: '+05:30',
      label: '(UTC+05:30) Asia/Kolkata',
    });
    expect(list.find((z) => z.name === 'America/New_York')?.utc_offset).toBe('-05:00');
    expect(utcOffsetOf('America/New_York', new Date('2026-07-01T12:00:00Z'))).toBe('-04:00');
    expect(list[0]!.utc_offset < list.at(-1)!.utc_offset || list[0]!.utc_offset.startsWith('-')).toBe(true);
  });

  it('lists languages and currencies from the platform', () => {
    expect(languages()).toContainEqual({ id: 'en', name: 'English' });
    expect(languages()).toContainEqual({ id: 'hi', name: 'Hindi' });
    expect(currencies()).toContainEqual({ code: 'USD', name: 'US Dollar' });
    expect(currencies()).toContainEqual({ code: 'INR', name: 'Indian Rupee' });
  });

  it('lists the states of a country and nothing for an unknown one', () => {
    expect(countries()).toContainEqual({ id: 'IN', name: 'India' });
    expect(statesOf('IN')).toContainEqual(expect.objectContaining({ name: 'Maharashtra' }));
    expect(statesOf('us')?.length).toBeGreaterThanOrEqual(50);
    expect(statesOf('XX')).toBeUndefined();
  });
});
