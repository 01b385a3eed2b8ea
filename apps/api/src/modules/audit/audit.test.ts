// GET /audit-log: every change to members, invitations, roles, organisation settings and shops is
// recorded (who, when, what, before → after) and shown to the owner, filterable by person.
import type { TAuditEntry, TAuditPage, TStaff } from '@feedloom/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { AUDIT_MSG } from './messages';

const ORG_FORM = {
  business_name: 'Acme Outdoor',
  business_email: 'ops@acme.com',
  business_url: 'https://acme.example.com',
  phone_code: '+1',
  phone_number: '2125550123',
  country: 'United States',
  state: 'New York',
  city: 'New York',
  address_1: '1 Main Street',
  address_2: '',
  zipcode: '10001',
  developer_email: 'dev@acme.com',
};
const STORE = {
  shop_name: 'Berlin Boutique',
  shop_url: 'https://berlin.example.com',
  shop_currency: 'EUR',
  shop_timezone: 'Europe/Berlin',
  utc_offset: '+01:00',
  is_testing: false,
};

const brief = (e: TAuditEntry) => `${e.actor?.email ?? '-'} ${e.action} ${e.entity} ${e.summary}`;

describe.each(DRIVERS)('activity log on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const log = async (token: string, query = '') =>
    (await t.call<TAuditPage>('GET', `/audit-log${query}`, { token })).body.data;

  it('records who changed members, invitations, roles, settings and stores, newest first', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const admin = await memberOf(t, owner.org.id, 'admin@example.com', [
      'store_management',
      'store_management_manage',
      'user_management',
      'user_management_manage',
    ]);
    const step = () => t.clock.advance(1000);

    const staff = (
      await t.call<TStaff>('POST', '/staff', {
        token: owner.token,
        body: {
          email: 'ops@example.com',
          role_id: 'custom_role',
          role_name: 'Ops',
          permissions: ['store_management'],
          is_for_entire_organization: false,
          shop_id_list: [owner.shops[0]!.id],
        },
      })
    ).body.data;
    step();
    await t.call('PUT', `/roles/${staff.role_id}`, {
      token: owner.token,
      body: { role_name: 'Ops', permissions: ['store_management_manage'] },
    });
    step();
    await t.call('PUT', `/staff/${staff.id}`, {
      token: owner.token,
      body: { role_id: 'viewer', is_for_entire_organization: true },
    });
    step();
    await t.call('DELETE', `/staff/${staff.id}`, { token: owner.token });
    step();
    await t.call('PUT', `/organization/${owner.org.id}`, { token: owner.token, body: ORG_FORM });
    step();
    const shop = (await t.call<{ id: string }>('POST', '/add-new-shop', { token: admin.token, body: STORE }))
      .body.data;
    step();
    await t.call('PUT', `/shop/${shop.id}`, {
      token: admin.token,
      body: { ...STORE, shop_name: 'Berlin Store' },
    });
    step();
    await t.call('DELETE', `/shop/${shop.id}`, { token: admin.token });

    const page = await log(owner.token, '?limit=100');
    expect(page.data.map(brief)).toEqual([
      'admin@example.com deleted shop Berlin Store',
      'admin@example.com updated shop Berlin Store',
      'admin@example.com created shop Berlin Boutique',
      'owner@example.com updated organization Acme Outdoor',
      'owner@example.com revoked invitation ops@example.com',
      'owner@example.com updated invitation ops@example.com',
      'owner@example.com updated role Ops',
      'owner@example.com created invitation ops@example.com',
      'owner@example.com created role Ops',
    ]);
    const [deleted, renamed, , settings, , edited, role] = page.data;
    expect(renamed).toMatchObject({
      before: { shop_name: 'Berlin Boutique' },
      after: { shop_name: 'Berlin Store' },
    });
    expect(deleted).toMatchObject({ before: { status: 'active' }, after: { status: 'deleted' } });
    expect(settings?.before).toMatchObject({ business_name: 'Acme' });
    expect(settings?.after).toMatchObject({ business_name: 'Acme Outdoor', city: 'New York' });
    expect(edited).toMatchObject({
      before: { role: 'Ops', permissions: 'Stores: manage', stores: owner.shops[0]!.shop_name },
      after: { role: 'Viewer', stores: 'Entire organisation' },
    });
    expect(role).toMatchObject({
      before: { permissions: 'Stores: read' },
      after: { permissions: 'Stores: manage' },
    });
    expect(page.total_records).toBe(9);
    expect(page.actors.map((a) => a.email)).toEqual(['admin@example.com', 'owner@example.com']);

    const byAdmin = await log(owner.token, `?actor_id=${admin.user.id}`);
    expect(byAdmin.total_records).toBe(3);
    expect(byAdmin.data.every((e) => e.actor?.email === 'admin@example.com')).toBe(true);
    expect((await log(owner.token, '?actor_id=nobody')).data).toEqual([]);
    expect((await log(owner.token, '?limit=5&page=2')).data).toHaveLength(4);
  });

  it('an update that changes nothing is not recorded', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    await t.call('PUT', `/organization/${owner.org.id}`, { token: owner.token, body: ORG_FORM });
    await t.call('PUT', `/organization/${owner.org.id}`, { token: owner.token, body: ORG_FORM });
    expect((await log(owner.token)).total_records).toBe(1);
  });

  it('is the owner’s: anyone else is refused, another organisation sees its own log only', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const other = await ownerWithOrg(t, 'other@example.com', 'Other', 1);
    await t.call('DELETE', `/shop/${owner.shops[0]!.id}`, { token: owner.token });
    const admin = await memberOf(t, owner.org.id, 'admin@example.com', ['user_management_manage']);
    expect(await t.call('GET', '/audit-log', { token: admin.token })).toMatchObject({
      status: 403,
      body: { message: AUDIT_MSG.ownerOnly },
    });
    expect((await log(other.token)).total_records).toBe(0);
    expect((await t.call('GET', '/audit-log')).status).toBe(401);
  });
});
