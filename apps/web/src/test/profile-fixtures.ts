import { makeProfile as makeSharedProfile } from '@feedloom/contracts/testing';
import type { RouterOutputs } from '@/lib/trpc';
import type { TrpcHandlers } from './render';

type Profile = RouterOutputs['profile']['get'];

/** A profile as the gateway returns it, for a user who has not completed it yet (the shared fixture). */
export const makeProfile = (overrides: Partial<Profile> = {}): Profile => makeSharedProfile(overrides);

export const COUNTRY_CODES: RouterOutputs['reference']['countryCodes'] = [
  { iso2: 'CA', country_name: 'Canada', country_flag: '🇨🇦', dialing_code: '+1' },
  { iso2: 'IN', country_name: 'India', country_flag: '🇮🇳', dialing_code: '+91' },
  { iso2: 'GB', country_name: 'United Kingdom', country_flag: '🇬🇧', dialing_code: '+44' },
  { iso2: 'US', country_name: 'United States', country_flag: '🇺🇸', dialing_code: '+1' },
];

export const TIMEZONES: RouterOutputs['reference']['timezones'] = [
  { name: 'America/New_York', utc_offset: '-05:00', label: '(UTC-05:00) America/New York' },
  { name: 'UTC', utc_offset: '+00:00', label: '(UTC+00:00) UTC' },
  { name: 'Asia/Kolkata', utc_offset: '+05:30', label: '(UTC+05:30) Asia/Kolkata' },
];

export const LANGUAGES: RouterOutputs['reference']['languages'] = [
  { id: 'en', name: 'English' },
  { id: 'hi', name: 'Hindi' },
];

/** Gateway handlers for the profile screens: the profile and its reference lists. */
export function profileHandlers(profile: Profile = makeProfile()): TrpcHandlers {
  return {
    'profile.get': () => profile,
    'reference.countryCodes': () => COUNTRY_CODES,
    'reference.timezones': () => TIMEZONES,
    'reference.languages': () => LANGUAGES,
  };
}
