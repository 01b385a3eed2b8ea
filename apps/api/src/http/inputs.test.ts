// Through the real endpoints: a NUL in a text field was a 500 (PostgreSQL refuses
// 0x00), and a 100 KB store URL or a 10 KB e-mail address was accepted.
import type { TShop, TShopPage } from '@feedloom/contracts';
import { MSG, TEXT_LIMITS, TEXT_MSG } from '@feedloom/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ownerWithOrg } from '../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../test/test-app';

const NUL = '\u0000';

const STORE = {
  shop_name: 'Outlet',
  shop_url: 'https://outlet.example.com',
  shop_currency: 'USD',
  shop_timezone: 'America/New_York',
  utc_offset: '-05:00',
};

const OWNER_ORG = {
  business_name: 'Acme',
  business_email: 'ops@acme.com',
  address_1: '1 Main Street',
  city: 'New York',
  zipcode: '10001',
};

describe.each(DRIVERS)('text inputs on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const expect400 = (res: { status: number; body: unknown }, message: string) => {
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, message, data: null });
  };

  const shopCount = async (token: string) =>
    (await t.call<TShopPage>('GET', '/shop-list', { token })).body.data.total_records;

  it.each([
    ['a NUL in the store name', { shop_name: `Out${NUL}let` }, TEXT_MSG.controlCharacters('Store name')],
    [
      'a lone surrogate in the store name',
      { shop_name: 'Outlet \uD83D' },
      TEXT_MSG.invalidCharacter('Store name'),
    ],
    [
      'a store name of 101 characters',
      { shop_name: 'x'.repeat(101) },
      'Store name cannot exceed 100 characters.',
    ],
    [
      'a 100 KB store URL',
      { shop_url: `https://outlet.example.com/${'x'.repeat(100 * 1024)}` },
      TEXT_MSG.tooLong('Store URL', TEXT_LIMITS.url),
    ],
    [
      'a NUL in the timezone',
      { shop_timezone: `America/New_York${NUL}` },
      TEXT_MSG.controlCharacters('Timezone'),
    ],
  ])(
    'adding a store with %s is a 400 with its message, and stores nothing',
    async (_name, change, message) => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      expect400(
        await t.call('POST', '/add-new-shop', { token: owner.token, body: { ...STORE, ...change } }),
        message,
      );
      expect400(
        await t.call('PUT', `/shop/${owner.shops[0]!.id}`, {
          token: owner.token,
          body: { ...STORE, ...change },
        }),
        message,
      );
      expect(await shopCount(owner.token)).toBe(1);
    },
  );

  it('keeps an emoji (a proper surrogate pair) in a store name intact', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const res = await t.call<TShop>('POST', '/add-new-shop', {
      token: owner.token,
      body: { ...STORE, shop_name: 'Outlet 🛍️' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.shop_name).toBe('Outlet 🛍️');
  });

  it('a NUL in a business name or a city is a 400 with its message', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    expect400(
      await t.call('POST', '/organization', {
        token: owner.token,
        body: { business_name: `Fresh${NUL}Goods`, business_email: 'a@example.com' },
      }),
      TEXT_MSG.controlCharacters('Business name'),
    );
    expect400(
      await t.call('PUT', `/organization/${owner.org.id}`, {
        token: owner.token,
        body: { ...OWNER_ORG, city: `New${NUL}York` },
      }),
      TEXT_MSG.controlCharacters('City'),
    );
    expect400(
      await t.call('PUT', `/organization/${owner.org.id}`, {
        token: owner.token,
        body: { ...OWNER_ORG, business_name: 'x'.repeat(101) },
      }),
      MSG.businessNameMax,
    );
  });

  it('a NUL in a custom role name is a 400 with its message, and mails nothing', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const res = await t.call('POST', '/staff', {
      token: owner.token,
      body: {
        email: 'ops@example.com',
        role_id: 'custom_role',
        role_name: `Ops${NUL}`,
        permissions: ['store_management'],
        is_for_entire_organization: true,
      },
    });
    expect400(res, TEXT_MSG.controlCharacters('Role name'));
    expect(t.mail.outbox).toHaveLength(0);
  });

  it('a 10 KB e-mail address creates no account and sends no mail', async () => {
    const email = `${'a'.repeat(10 * 1024)}@example.com`;
    expect400(
      await t.call('POST', '/signup', { body: { email, isAgree: true } }),
      TEXT_MSG.tooLong('Email Address', TEXT_LIMITS.email),
    );
    expect400(
      await t.call('POST', '/forgot-password', { body: { email } }),
      TEXT_MSG.tooLong('Email Address', TEXT_LIMITS.email),
    );
    expect(t.mail.outbox).toHaveLength(0);
  });

  it('passwords, refresh tokens, searches and ids have a maximum length and no NUL', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    expect400(
      await t.call('POST', '/login', { body: { email: 'owner@example.com', password: `Secret@123${NUL}` } }),
      TEXT_MSG.controlCharacters('Password'),
    );
    expect400(
      await t.call('POST', '/login', { body: { email: 'owner@example.com', password: 'x'.repeat(10_000) } }),
      TEXT_MSG.tooLong('Password', TEXT_LIMITS.password),
    );
    expect400(
      await t.call('POST', '/check-and-refresh-token', { body: { refresh_token: 'x'.repeat(10_000) } }),
      TEXT_MSG.tooLong('Refresh token', TEXT_LIMITS.token),
    );
    expect400(
      await t.call('GET', `/shop-list?search=${encodeURIComponent(`out${NUL}`)}`, { token: owner.token }),
      TEXT_MSG.controlCharacters('Search'),
    );
    expect400(
      await t.call('GET', `/shop-list?search=${'x'.repeat(201)}`, { token: owner.token }),
      TEXT_MSG.tooLong('Search', TEXT_LIMITS.search),
    );
    expect400(
      await t.call('GET', `/shop-list/${'x'.repeat(65)}`, { token: owner.token }),
      TEXT_MSG.tooLong('Store id', TEXT_LIMITS.id),
    );
  });

  it('a NUL in a profile field is a 400 with its message', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    expect400(
      await t.call('POST', '/user-profile', {
        token: owner.token,
        body: { first_name: 'Asha', business_type: 'Other', other_business_type: `Flo${NUL}rist` },
      }),
      TEXT_MSG.controlCharacters('Business type'),
    );
  });
});
