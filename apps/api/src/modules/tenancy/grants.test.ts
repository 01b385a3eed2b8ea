// The privilege escalation through invitations, replayed against the api.
import type { TStaff } from '@feedloom/contracts';
import { PERMISSIONS } from '@feedloom/validation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { insertUser } from '../../test/fixtures';
import { login, memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { TENANCY_MSG } from './messages';

const LINK_RE = /\/(?:invitation|invitation-signup)\/([^/\s]+)\/([^/\s]+)/;

describe.each(DRIVERS)('nobody grants more than they hold, on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const invite = (token: string, body: Record<string, unknown>) =>
    t.call<TStaff>('POST', '/staff', { token, body });

  /** Owner with shops A and B, and a member who may manage users but only in shop A, without store rights. */
  const setup = async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const shopA = owner.shops[0]!;
    const shopB = owner.shops[1]!;
    const manager = await memberOf(
      t,
      owner.org.id,
      'manager@example.com',
      ['user_management', 'user_management_manage', 'product_and_promotions_feed'],
      [shopA.id],
    );
    return { owner, manager, shopA, shopB };
  };

  it('refuses the reported attack: an admin for the entire organisation invited by a one-shop user manager', async () => {
    const { owner, manager } = await setup();
    const res = await invite(manager.token, {
      email: 'attacker@example.com',
      role_id: 'admin',
      is_for_entire_organization: true,
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, message: TENANCY_MSG.adminRoleNeedsAdmin, data: null });
    expect(t.mail.outbox).toHaveLength(0);

    // Nothing was recorded, and the owner's shops are intact.
    const staff = await t.call<{ data: TStaff[] }>('GET', '/staffs', { token: owner.token });
    expect(staff.body.data.data).toEqual([]);
  });

  it.each([
    [
      'the entire organisation',
      { role_id: 'viewer', is_for_entire_organization: true },
      TENANCY_MSG.entireOrganizationNeedsAdmin,
    ],
    [
      'a custom role with every permission',
      {
        role_id: 'custom_role',
        role_name: 'Boss',
        permissions: [...PERMISSIONS],
        is_for_entire_organization: false,
      },
      TENANCY_MSG.permissionsBeyondOwn,
    ],
    [
      'store permissions they lack',
      {
        role_id: 'custom_role',
        role_name: 'Shop',
        permissions: ['store_management_manage'],
        is_for_entire_organization: false,
      },
      TENANCY_MSG.permissionsBeyondOwn,
    ],
    [
      'a predefined role beyond their rights',
      { role_id: 'store_manager', is_for_entire_organization: false },
      TENANCY_MSG.permissionsBeyondOwn,
    ],
  ])('refuses %s', async (_name, body, message) => {
    const { manager, shopA } = await setup();
    const res = await invite(manager.token, { email: 'x@example.com', shop_id_list: [shopA.id], ...body });
    expect(res.body).toEqual({ code: 403, message, data: null });
  });

  it('refuses a shop the inviter cannot reach', async () => {
    const { manager, shopA, shopB } = await setup();
    const res = await invite(manager.token, {
      email: 'x@example.com',
      role_id: 'custom_role',
      role_name: 'Users',
      permissions: ['user_management'],
      is_for_entire_organization: false,
      shop_id_list: [shopA.id, shopB.id],
    });
    expect(res.body).toEqual({ code: 403, message: TENANCY_MSG.shopsBeyondOwn, data: null });
  });

  it('allows what the inviter holds over their own shop, and the invitee gets exactly that', async () => {
    const { manager, shopA, shopB } = await setup();
    const res = await invite(manager.token, {
      email: 'helper@example.com',
      role_id: 'custom_role',
      role_name: 'Helper',
      permissions: ['user_management', 'product_and_promotions_feed'],
      is_for_entire_organization: false,
      shop_id_list: [shopA.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ shop_id_list: [shopA.id], is_for_entire_organization: false });

    await insertUser(t, 'helper@example.com');
    const helper = await login(t, 'helper@example.com');
    const [, org, staffId] = t.mail.outbox.at(-1)!.text.match(LINK_RE)!;
    expect(
      (await t.call('POST', `/accept-invitation/${org}/${staffId}`, { token: helper.access_token })).status,
    ).toBe(200);
    const joined = await login(t, 'helper@example.com');
    expect(joined.permissions).toEqual(['user_management', 'product_and_promotions_feed']);
    expect((await t.call('GET', `/shop-list/${shopB.id}`, { token: joined.access_token })).status).toBe(403);
    expect((await t.call('DELETE', `/shop/${shopA.id}`, { token: joined.access_token })).status).toBe(403);
  });

  it('lets the owner and a whole-organisation admin invite an admin for the entire organisation', async () => {
    const { owner } = await setup();
    const admin = await memberOf(t, owner.org.id, 'admin@example.com', [...PERMISSIONS]);
    for (const [token, email] of [
      [owner.token, 'a1@example.com'],
      [admin.token, 'a2@example.com'],
    ] as const) {
      const res = await invite(token, { email, role_id: 'admin', is_for_entire_organization: true });
      expect(res.status).toBe(200);
    }
  });

  it('keeps member shops in a join table: removing a shop leaves no dangling id', async () => {
    const { owner, manager, shopA, shopB } = await setup();
    const db = t.database;
    await db.db.execute(sql`insert into member_shops (member_id, shop_id)
      select id, ${shopB.id}::uuid from organization_members where user_id = ${manager.user.id}`);
    expect((await login(t, 'manager@example.com')).shops_count).toBe(2);
    await db.db.execute(sql`delete from shops where id = ${shopB.id}::uuid`);
    const rows = await queryRows<{ shop_id: string }>(db.db, sql`select shop_id from member_shops`);
    expect(rows.map((r) => r.shop_id)).toEqual([shopA.id]);
    expect((await login(t, 'manager@example.com')).shops_count).toBe(1);
    expect(owner.org.id).toBeTruthy();
  });
});
