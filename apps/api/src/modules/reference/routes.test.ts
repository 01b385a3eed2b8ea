import {
  COUNTRY_NOT_FOUND_MESSAGE,
  type TCountry,
  type TCountryCode,
  type TCurrency,
  type TLanguage,
  type TLoginResponse,
  type TTimezone,
} from '@feedloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, PASSWORD } from '../../test/fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';

describe.each(DRIVERS)('reference lists on %s', (driver) => {
  let t: TTestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await insertUser(t, 'r@example.com');
    token = (
      await t.call<TLoginResponse>('POST', '/login', { body: { email: 'r@example.com', password: PASSWORD } })
    ).body.data.access_token;
  });
  afterAll(() => t.close());

  const get = <T>(path: string) => t.call<T>('GET', path, { token });

  it('GET /country-codes: name, flag and dialling code per country', async () => {
    const res = await get<TCountryCode[]>('/country-codes');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(200);
    expect(res.body.data).toContainEqual({
      iso2: 'IN',
      country_name: 'India',
      country_flag: '🇮🇳',
      dialing_code: '+91',
    });
  });

  it('GET /timezone-list: every zone with its UTC offset, ordered by offset', async () => {
    const res = await get<TTimezone[]>('/timezone-list');
    expect(res.body.data).toContainEqual({
      name: 'Asia/Kolkata',
      utc_offset: '+05:30',
      label: '(UTC+05:30) Asia/Kolkata',
    });
    expect(res.body.data[0]!.utc_offset.startsWith('-')).toBe(true);
  });

  it('GET /language-list and /currencies-list', async () => {
    expect((await get<TLanguage[]>('/language-list')).body.data).toContainEqual({
      id: 'en',
      name: 'English',
    });
    const currencies = await get<TCurrency[]>('/currencies-list?channel=google');
    expect(currencies.body.data).toContainEqual({ code: 'INR', name: 'Indian Rupee' });
    expect((await get('/currencies-list?channel=myspace')).status).toBe(400);
  });

  it('GET /countries and /countries/{id}/states; an unknown country is 404', async () => {
    expect((await get<TCountry[]>('/countries')).body.data).toContainEqual({ id: 'IN', name: 'India' });
    const states = await get<TCountry[]>('/countries/in/states');
    expect(states.body.data).toContainEqual({ id: 'KA', name: 'Karnataka' });
    const unknown = await get('/countries/XX/states');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 404, message: COUNTRY_NOT_FOUND_MESSAGE, data: null });
  });

  it('needs a signed-in user', async () => {
    for (const path of [
      '/country-codes',
      '/timezone-list',
      '/language-list',
      '/currencies-list',
      '/countries',
    ]) {
      expect((await t.call('GET', path)).status).toBe(401);
    }
  });
});
