import type { RouterOutputs } from '@/lib/trpc';

type Profile = RouterOutputs['profile']['get'];

/** A profile as the gateway returns it, for a user who has not completed it yet. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    user_id: 'u1',
    email: 'merchant@example.com',
    first_name: null,
    last_name: null,
    phone_code: '+91',
    country_code: '+91',
    phone_number: null,
    timezone: null,
    utc_offset: null,
    preferred_language: null,
    preferred_language_id: null,
    business_type: null,
    other_business_type: null,
    profile_picture_path: null,
    profile_created: false,
    is_google_connected: false,
    is_microsoft_connected: false,
    google_email: null,
    microsoft_email: null,
    has_password: true,
    changed_password_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export const COUNTRY_CODES: RouterOutputs['profile']['countryCodes'] = [
  { iso2: 'CA', country_name: 'Canada', country_flag: '🇨🇦', dialing_code: '+1' },
  { iso2: 'IN', country_name: 'India', country_flag: '🇮🇳', dialing_code: '+91' },
  { iso2: 'GB', country_name: 'United Kingdom', country_flag: '🇬🇧', dialing_code: '+44' },
  { iso2: 'US', country_name: 'United States', country_flag: '🇺🇸', dialing_code: '+1' },
];

export const TIMEZONES: RouterOutputs['profile']['timezones'] = [
  { name: 'America/New_York', utc_offset: '-05:00', label: '(UTC-05:00) America/New York' },
  { name: 'UTC', utc_offset: '+00:00', label: '(UTC+00:00) UTC' },
  { name: 'Asia/Kolkata', utc_offset: '+05:30', label: '(UTC+05:30) Asia/Kolkata' },
];

export const LANGUAGES: RouterOutputs['profile']['languages'] = [
  { id: 'en', name: 'English' },
  { id: 'hi', name: 'Hindi' },
];

/** Gateway handlers for the profile screens: the profile and its reference lists. */
export function profileHandlers(profile: Profile = makeProfile()) {
  return {
    'profile.get': () => profile,
    'profile.countryCodes': () => COUNTRY_CODES,
    'profile.timezones': () => TIMEZONES,
    'profile.languages': () => LANGUAGES,
  };
}
