import type { TUserProfile } from '@feedloom/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStubApi,
  createTestCaller,
  rejection,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';

const PROFILE: TUserProfile = {
  user_id: 'u_1',
  email: 'demo@feedloom.test',
  first_name: 'Dana',
  last_name: 'Demo',
  phone_code: '+1',
  country_code: '+1',
  phone_number: '2125550123',
  timezone: 'America/New_York',
  utc_offset: '-05:00',
  preferred_language: 'English',
  preferred_language_id: 'en',
  business_type: 'Retailer',
  other_business_type: null,
  profile_picture_path: null,
  profile_created: true,
  is_google_connected: false,
  is_microsoft_connected: false,
  google_email: null,
  microsoft_email: null,
  has_password: true,
  changed_password_at: '2026-01-01T00:00:00.000Z',
};

/** 1x1 PNG. */
describe('profile router', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('get returns the profile with the session token; signed out it is UNAUTHORIZED', async () => {
    stub.on('GET', '/user-profile-information', { data: PROFILE });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.profile.get()).toEqual(PROFILE);
    expect(stub.calls[0]?.headers.authorization).toBe('Bearer access-1');
    expect((await rejection(createTestCaller(stub).caller.profile.get())).code).toBe('UNAUTHORIZED');
  });

  it('reference lists pass through; states take the country id in the path', async () => {
    stub.on('GET', '/country-codes', {
      data: [{ iso2: 'IN', country_name: 'India', country_flag: '🇮🇳', dialing_code: '+91' }],
    });
    stub.on('GET', '/timezone-list', {
      data: [{ name: 'UTC', utc_offset: '+00:00', label: '(UTC+00:00) UTC' }],
    });
    stub.on('GET', '/language-list', { data: [{ id: 'en', name: 'English' }] });
    stub.on('GET', '/currencies-list', { data: [{ code: 'INR', name: 'Indian Rupee' }] });
    stub.on('GET', '/countries', { data: [{ id: 'IN', name: 'India' }] });
    stub.on('GET', '/countries/IN/states', { data: [{ id: 'KA', name: 'Karnataka' }] });
    stub.on('GET', '/countries/XX/states', { code: 404, message: 'Country not found' });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect((await caller.reference.countryCodes())[0]?.dialing_code).toBe('+91');
    expect((await caller.reference.timezones())[0]?.name).toBe('UTC');
    expect((await caller.reference.languages())[0]?.id).toBe('en');
    expect((await caller.reference.currencies({ channel: 'google' }))[0]?.code).toBe('INR');
    expect(stub.callsTo('GET', '/currencies-list')[0]?.query.get('channel')).toBe('google');
    expect((await caller.reference.countries())[0]?.id).toBe('IN');
    expect(await caller.reference.states({ country_id: 'IN' })).toEqual([{ id: 'KA', name: 'Karnataka' }]);
    const err = await rejection(caller.reference.states({ country_id: 'XX' }));
    expect(err.code).toBe('NOT_FOUND');
    expect(err.message).toBe('Country not found');
  });
});
