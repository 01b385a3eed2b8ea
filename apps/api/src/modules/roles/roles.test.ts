// GET/POST /roles, PUT/DELETE /roles/{id}: predefined roles read-only, custom roles per organisation, a
// changed role reaching its members on their next request, and a role in use kept.
import type { TLoginResponse, TRole, TRolePage, TStaff } from '@feedloom/contracts';
import { MSG, PREDEFINED_ROLES } from '@feedloom/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/fixtures';
import { login, memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { TENANCY_MSG } from '../tenancy/messages';
import { ROLE_MSG } from './messages';

const LINK_RE = /\/invitation(?:-signup)?\/([^/\s]+)\/([^/\s]+)/;

describe.each(DRIVERS)('roles on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const create = (token: string, body: Record<string, unknown>) =>
    t.call<TRole>('POST', '/roles', { token, body });

  it('lists the predefined roles first, then the custom roles by name, a page at a time', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const other = await ownerWithOrg(t, 'other@example.com', 'Other', 1);
    for (const name of ['Zeta', 'alpha', 'Mid']) {
      expect((await create(owner.token, { role_name: name, permissions: ['store_management'] })).status).toBe(
        200,
      );
    }
    await create(other.token, { role_name: 'Foreign', permissions: ['store_management'] });

    const all = await t.call<TRolePage>('GET', '/roles?page=1&limit=100', { token: owner.token });
    expect(all.body.data.total_records).toBe(PREDEFINED_ROLES.length + 3);
    expect(all.body.data.data.map((r) => r.role_name)).toEqual([
      ...PREDEFINED_ROLES.map((r) => r.role_name),
      'alpha',
      'Mid',
      'Zeta',
    ]);
    expect(all.body.data.data[0]).toMatchObject({ id: 'admin', is_predefined: true, used_by: [] });

    const second = await t.call<TRolePage>('GET', '/roles?page=2&limit=5', { token: owner.token });
    expect(second.body.data.data.map((r) => r.role_name)).toEqual(['Mid', 'Zeta']);
  });

  it('creates a custom role with a unique name and at least one permission', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const res = await create(owner.token, {
      role_name: ' Feed editors ',
      permissions: ['product_and_promotions_feed_manage', 'store_management', 'store_management'],
    });
    expect(res.body).toMatchObject({
      code: 200,
      message: ROLE_MSG.created,
      data: {
        role_name: 'Feed editors',
        permissions: ['product_and_promotions_feed_manage', 'store_management'],
        is_predefined: false,
      },
    });
    for (const [body, message] of [
      [{ role_name: 'feed EDITORS', permissions: ['store_management'] }, ROLE_MSG.duplicateName],
      [{ role_name: 'viewer', permissions: ['store_management'] }, ROLE_MSG.duplicateName],
      [{ role_name: '', permissions: ['store_management'] }, MSG.roleNameRequired],
      [{ role_name: 'Empty', permissions: [] }, MSG.rolePermissionsRequired],
      [{ role_name: 'Bad', permissions: ['root'] }, undefined],
      [{ role_name: 'Nul\u0000', permissions: ['store_management'] }, undefined],
    ] as const) {
      const refused = await create(owner.token, body);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      if (message) expect(refused.body.message).toBe(message);
    }
  });

  it('nobody writes a role stronger than themselves; readers cannot write roles', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const manager = await memberOf(t, owner.org.id, 'm@example.com', [
      'store_management',
      'user_management_manage',
    ]);
    expect(
      (await create(manager.token, { role_name: 'Up', permissions: ['store_management_manage'] })).body,
    ).toMatchObject({
      code: 403,
      message: TENANCY_MSG.permissionsBeyondOwn,
    });
    expect(
      (await create(manager.token, { role_name: 'Same', permissions: ['store_management'] })).status,
    ).toBe(200);
    const reader = await memberOf(t, owner.org.id, 'r@example.com', ['user_management']);
    expect((await create(reader.token, { role_name: 'X', permissions: ['store_management'] })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/roles', { token: reader.token })).status).toBe(200);
  });

  it("only the owner or an organisation-wide user manager with the role's rights rewrites or deletes a role", async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const [shopA] = owner.shops;
    const wide = (
      await create(owner.token, {
        role_name: 'Catalogue',
        permissions: ['store_management', 'user_management'],
      })
    ).body.data;
    // A user manager of one shop holding every permission of the role, and nobody holds the role yet.
    const narrow = await memberOf(
      t,
      owner.org.id,
      'narrow@example.com',
      ['store_management_manage', 'user_management_manage'],
      [shopA!.id],
    );
    for (const [method, body] of [
      ['PUT', { role_name: 'Catalogue', permissions: ['store_management'] }],
      ['PUT', { role_name: 'Renamed', permissions: ['store_management', 'user_management'] }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await t.call(method, `/roles/${wide.id}`, { token: narrow.token, body });
      expect(refused.body).toMatchObject({ code: 403, message: TENANCY_MSG.roleBeyondOwn });
    }
    // An organisation-wide user manager without every permission of the role is refused too.
    const partial = await memberOf(t, owner.org.id, 'partial@example.com', ['user_management_manage']);
    const refused = await t.call('DELETE', `/roles/${wide.id}`, { token: partial.token });
    expect(refused.body).toMatchObject({ code: 403, message: TENANCY_MSG.roleBeyondOwn });
    const list = await t.call<TRolePage>('GET', '/roles?page=1&limit=100', { token: owner.token });
    expect(list.body.data.data.find((r) => r.id === wide.id)).toMatchObject({
      role_name: 'Catalogue',
      permissions: ['store_management', 'user_management'],
    });
    // One who manages users for the whole organisation with the role's rights may rewrite and delete it.
    const full = await memberOf(t, owner.org.id, 'full@example.com', [
      'store_management',
      'user_management_manage',
    ]);
    const rewritten = await t.call<TRole>('PUT', `/roles/${wide.id}`, {
      token: full.token,
      body: { role_name: 'Shop readers', permissions: ['store_management'] },
    });
    expect(rewritten.body).toMatchObject({ code: 200, data: { role_name: 'Shop readers' } });
    expect((await t.call('DELETE', `/roles/${wide.id}`, { token: full.token })).status).toBe(200);
    // A definition is organisation-wide: even one the narrow manager wrote is then out of their hands.
    const own = (await create(narrow.token, { role_name: 'Mine', permissions: ['store_management'] })).body
      .data;
    expect(
      (
        await t.call('PUT', `/roles/${own.id}`, {
          token: narrow.token,
          body: { role_name: 'Mine', permissions: ['store_management'] },
        })
      ).status,
    ).toBe(403);
  });

  it('a changed role reaches its members on their next request; predefined roles stay as they are', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const shop = owner.shops[0]!;
    const invited = await t.call<TStaff>('POST', '/staff', {
      token: owner.token,
      body: {
        email: 'ro@example.com',
        role_id: 'custom_role',
        role_name: 'Read only',
        permissions: ['store_management'],
        is_for_entire_organization: false,
        shop_id_list: [shop.id],
      },
    });
    const roleId = invited.body.data.role_id;
    await insertUser(t, 'ro@example.com');
    const session = await login(t, 'ro@example.com');
    const [, orgId, staffId] = t.mail.outbox.at(-1)!.text.match(LINK_RE)!;
    await t.call('POST', `/accept-invitation/${orgId}/${staffId}`, { token: session.access_token });
    const token = (
      await t.call<TLoginResponse>('GET', `/capture-last-active-organization/${owner.org.id}`, {
        token: session.access_token,
      })
    ).body.data.access_token;
    expect((await t.call('DELETE', `/shop/${shop.id}`, { token })).status).toBe(403);

    const updated = await t.call<TRole>('PUT', `/roles/${roleId}`, {
      token: owner.token,
      body: { role_name: 'Store keepers', permissions: ['store_management_manage'] },
    });
    expect(updated.body).toMatchObject({
      message: ROLE_MSG.updated,
      data: { role_name: 'Store keepers', used_by: ['ro@example.com'] },
    });
    const staff = await t.call<TStaff>('GET', `/staff/${invited.body.data.id}`, { token: owner.token });
    expect(staff.body.data).toMatchObject({
      role_name: 'Store keepers',
      permissions: ['store_management_manage'],
    });
    // The same token, no new sign-in.
    expect((await t.call('DELETE', `/shop/${shop.id}`, { token })).status).toBe(200);

    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.call(method, '/roles/admin', {
        token: owner.token,
        ...(method === 'PUT' ? { body: { role_name: 'Boss', permissions: ['store_management'] } } : {}),
      });
      expect(res.body).toMatchObject({ code: 400, message: ROLE_MSG.predefinedReadOnly });
    }
  });

  it("a member of one shop sees only the holders the staff list shows them, not other shops' people", async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const [shopA, shopB] = owner.shops;
    const role = (await create(owner.token, { role_name: 'Ops', permissions: ['store_management'] })).body
      .data;
    for (const [email, shops] of [
      ['a@example.com', [shopA!.id]],
      ['b@example.com', [shopB!.id]],
    ] as const) {
      const invited = await t.call('POST', '/staff', {
        token: owner.token,
        body: { email, role_id: role.id, is_for_entire_organization: false, shop_id_list: shops },
      });
      expect(invited.status).toBe(200);
    }
    await t.call('POST', '/staff', {
      token: owner.token,
      body: { email: 'wide@example.com', role_id: role.id, is_for_entire_organization: true },
    });
    const narrow = await memberOf(t, owner.org.id, 'narrow@example.com', ['user_management'], [shopA!.id]);
    const usedBy = async (token: string) =>
      (await t.call<TRolePage>('GET', '/roles?page=1&limit=100', { token })).body.data.data.find(
        (r) => r.id === role.id,
      )?.used_by;
    expect(await usedBy(narrow.token)).toEqual(['a@example.com']);
    expect(await usedBy(owner.token)).toEqual(['a@example.com', 'b@example.com', 'wide@example.com']);
  });

  it('a role in use is not deleted and the refusal names who uses it; an unused one is', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const other = await ownerWithOrg(t, 'other@example.com', 'Other', 1);
    const role = (await create(owner.token, { role_name: 'Ops', permissions: ['store_management'] })).body
      .data;
    await t.call('POST', '/staff', {
      token: owner.token,
      body: { email: 'ops@example.com', role_id: role.id, is_for_entire_organization: true },
    });
    const refused = await t.call('DELETE', `/roles/${role.id}`, { token: owner.token });
    expect(refused.body).toMatchObject({ code: 409, message: ROLE_MSG.inUse(['ops@example.com']) });
    expect(ROLE_MSG.inUse(['ops@example.com'])).toContain('ops@example.com');

    expect((await t.call('DELETE', `/roles/${role.id}`, { token: other.token })).status).toBe(404);
    const unused = (await create(owner.token, { role_name: 'Spare', permissions: ['store_management'] })).body
      .data;
    expect((await t.call('DELETE', `/roles/${unused.id}`, { token: owner.token })).body).toMatchObject({
      code: 200,
      message: ROLE_MSG.deleted,
    });
    expect((await t.call('DELETE', `/roles/${unused.id}`, { token: owner.token })).status).toBe(404);
  });
});
