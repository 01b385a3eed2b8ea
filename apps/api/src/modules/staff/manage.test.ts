// GET/PUT/DELETE /staff/{id} and POST /resend-invitation/{id}: the grant rules, the link lifetime, and a
// member's changed rights applying to their next request (no new sign-in).
import type { TLoginResponse, TStaff, TStaffPage } from '@feedloom/contracts';
import { FORBIDDEN_MESSAGE } from '@feedloom/contracts';
import { MSG } from '@feedloom/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/fixtures';
import { login, memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { TENANCY_MSG } from '../tenancy/messages';
import { INVITATION_MSG, STAFF_MSG } from './messages';

const LINK_RE = /https?:\/\/[^\s]+\/(?:invitation|invitation-signup)\/([^/\s]+)\/([^/\s]+)/;
const DAY = 86_400_000;

describe.each(DRIVERS)('managing staff on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const invite = async (token: string, body: Record<string, unknown>) => {
    const res = await t.call<TStaff>('POST', '/staff', { token, body });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const linkTo = (email: string) => {
    const match = t.mail.outbox
      .filter((m) => m.to === email)
      .at(-1)
      ?.text.match(LINK_RE);
    if (!match) throw new Error(`no invitation link mailed to ${email}`);
    return { orgId: match[1]!, staffId: match[2]! };
  };
  /** An invitee with an account who accepted: their token works in the organisation. */
  const acceptedMember = async (
    ownerToken: string,
    orgId: string,
    email: string,
    body: Record<string, unknown>,
  ) => {
    const staff = await invite(ownerToken, { email, ...body });
    await insertUser(t, email);
    const session = await login(t, email);
    const link = linkTo(email);
    const accepted = await t.call('POST', `/accept-invitation/${link.orgId}/${link.staffId}`, {
      token: session.access_token,
    });
    expect(accepted.status).toBe(200);
    const switched = await t.call<TLoginResponse>('GET', `/capture-last-active-organization/${orgId}`, {
      token: session.access_token,
    });
    return { staff, token: switched.body.data.access_token };
  };

  it('GET /staff/{id} answers one staff of the organisation only', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const other = await ownerWithOrg(t, 'other@example.com', 'Other', 1);
    const staff = await invite(owner.token, {
      email: 'a@example.com',
      role_id: 'viewer',
      is_for_entire_organization: true,
    });
    const res = await t.call<TStaff>('GET', `/staff/${staff.id}`, { token: owner.token });
    expect(res.body.data).toMatchObject({
      id: staff.id,
      email: 'a@example.com',
      status: 'pending',
      role_name: 'Viewer',
    });
    expect(new Date(res.body.data.expires_at!).getTime() - t.clock.now().getTime()).toBe(7 * DAY);
    for (const id of [staff.id, 'not-a-uuid']) {
      const foreign = await t.call('GET', `/staff/${id}`, { token: other.token });
      expect(foreign).toMatchObject({ status: 404, body: { message: STAFF_MSG.notFound } });
    }
  });

  it('lists the owner above the staff', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const page = await t.call<TStaffPage>('GET', '/staffs', { token: owner.token });
    expect(page.body.data.owner).toMatchObject({ user_id: owner.user.id, email: 'owner@example.com' });
  });

  it('a changed role and store scope apply to the member’s next request, without signing in again', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const [shopA, shopB] = [owner.shops[0]!.id, owner.shops[1]!.id];
    const { staff, token } = await acceptedMember(owner.token, owner.org.id, 'ops@example.com', {
      role_id: 'custom_role',
      role_name: 'Readers',
      permissions: ['store_management'],
      is_for_entire_organization: false,
      shop_id_list: [shopA],
    });
    const shopBody = {
      shop_name: 'Renamed',
      shop_url: 'https://renamed.example.com',
      shop_currency: 'USD',
      shop_timezone: 'Europe/Berlin',
      utc_offset: '+01:00',
      is_testing: false,
    };
    expect((await t.call('PUT', `/shop/${shopA}`, { token, body: shopBody })).status).toBe(403);
    expect((await t.call('GET', `/shop-list/${shopB}`, { token })).status).toBe(404);

    const updated = await t.call<TStaff>('PUT', `/staff/${staff.id}`, {
      token: owner.token,
      body: {
        role_id: 'store_manager',
        is_for_entire_organization: false,
        shop_id_list: [shopA, shopB],
      },
    });
    expect(updated.body).toMatchObject({
      code: 200,
      message: STAFF_MSG.updated,
      data: { role_name: 'Store Manager', status: 'accepted', shop_id_list: [shopA, shopB].sort() },
    });
    // Same token as before the change.
    expect((await t.call('GET', `/shop-list/${shopB}`, { token })).status).toBe(200);
    expect((await t.call('PUT', `/shop/${shopA}`, { token, body: shopBody })).status).toBe(200);
  });

  it('refuses what the spec refuses and what the caller does not hold', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const [shopA, shopB] = [owner.shops[0]!.id, owner.shops[1]!.id];
    const staff = await invite(owner.token, {
      email: 'a@example.com',
      role_id: 'viewer',
      is_for_entire_organization: true,
    });
    const put = (token: string, body: Record<string, unknown>, id = staff.id) =>
      t.call('PUT', `/staff/${id}`, { token, body });
    expect(
      (await put(owner.token, { role_id: 'viewer', is_for_entire_organization: false })).body,
    ).toMatchObject({
      code: 400,
      message: MSG.inviteShopsRequired,
    });
    expect((await put(owner.token, { role_id: '', is_for_entire_organization: true })).body.message).toBe(
      MSG.roleRequired,
    );

    // A store manager of shop A only: may not touch a whole-organisation invitation, nor grant shop B.
    const manager = await memberOf(
      t,
      owner.org.id,
      'manager@example.com',
      ['store_management', 'user_management_manage'],
      [shopA],
    );
    expect(
      (
        await put(manager.token, {
          role_id: 'viewer',
          is_for_entire_organization: false,
          shop_id_list: [shopA],
        })
      ).body.message,
    ).toBe(TENANCY_MSG.memberBeyondOwn);
    const own = await invite(manager.token, {
      email: 'b@example.com',
      role_id: 'custom_role',
      role_name: 'Shop A readers',
      permissions: ['store_management'],
      is_for_entire_organization: false,
      shop_id_list: [shopA],
    });
    expect(
      (
        await put(
          manager.token,
          { role_id: own.role_id, is_for_entire_organization: false, shop_id_list: [shopB] },
          own.id,
        )
      ).body.message,
    ).toBe(TENANCY_MSG.shopsBeyondOwn);
    expect(
      (
        await put(
          manager.token,
          { role_id: 'store_manager', is_for_entire_organization: false, shop_id_list: [shopA] },
          own.id,
        )
      ).body.message,
    ).toBe(TENANCY_MSG.permissionsBeyondOwn);
    expect((await t.call('DELETE', `/staff/${staff.id}`, { token: manager.token })).body.message).toBe(
      TENANCY_MSG.memberBeyondOwn,
    );
    const reader = await memberOf(t, owner.org.id, 'reader@example.com', ['user_management']);
    expect(await put(reader.token, { role_id: 'viewer', is_for_entire_organization: true })).toMatchObject({
      status: 403,
      body: { message: FORBIDDEN_MESSAGE },
    });
  });

  it('DELETE revokes an invitation (its link stops working), removes a member (next request refused), then deletes', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const pending = await invite(owner.token, {
      email: 'p@example.com',
      role_id: 'viewer',
      is_for_entire_organization: true,
    });
    const link = linkTo('p@example.com');
    const revoked = await t.call<TStaff>('DELETE', `/staff/${pending.id}`, { token: owner.token });
    expect(revoked.body).toMatchObject({ message: STAFF_MSG.revoked, data: { status: 'revoked' } });
    expect((await t.call('GET', `/invitation-status/${link.orgId}/${link.staffId}`)).status).toBe(404);

    const { staff, token } = await acceptedMember(owner.token, owner.org.id, 'm@example.com', {
      role_id: 'viewer',
      is_for_entire_organization: true,
    });
    expect((await t.call('GET', '/staffs', { token })).status).toBe(200);
    const removed = await t.call<TStaff>('DELETE', `/staff/${staff.id}`, { token: owner.token });
    expect(removed.body).toMatchObject({ message: STAFF_MSG.removed, data: { status: 'revoked' } });
    expect((await t.call('GET', '/staffs', { token })).status).toBe(403);

    const gone = await t.call('DELETE', `/staff/${staff.id}`, { token: owner.token });
    expect(gone.body).toMatchObject({ code: 200, message: STAFF_MSG.deleted, data: null });
    expect((await t.call('GET', `/staff/${staff.id}`, { token: owner.token })).status).toBe(404);
  });

  it('a link expires after INVITATION_TTL_DAYS; a resend mails a new one and retires the old', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const staff = await invite(owner.token, {
      email: 'late@example.com',
      role_id: 'viewer',
      is_for_entire_organization: true,
    });
    const first = linkTo('late@example.com');
    t.clock.advance(7 * DAY + 1000);
    expect(
      (await t.call('GET', `/invitation-status/${first.orgId}/${first.staffId}`)).body.data,
    ).toMatchObject({ status: 'expired' });
    const signUp = await t.call('POST', `/create-staff-user/${first.orgId}/${first.staffId}`, {
      body: { first_name: 'Late', last_name: '', password: 'Joiner@2024', confirm: 'Joiner@2024' },
    });
    expect(signUp).toMatchObject({ status: 409, body: { message: INVITATION_MSG.expired } });
    // The owner's access token is long expired too: sign in again.
    const ownerToken = (await login(t, 'owner@example.com')).access_token;
    const listed = await t.call<TStaffPage>('GET', '/staffs', { token: ownerToken });
    expect(listed.body.data.data[0]).toMatchObject({ status: 'expired' });

    const resent = await t.call<TStaff>('POST', `/resend-invitation/${staff.id}`, { token: ownerToken });
    expect(resent.body).toMatchObject({ message: STAFF_MSG.resent, data: { status: 'pending' } });
    const second = linkTo('late@example.com');
    expect(second.staffId).not.toBe(first.staffId);
    expect(t.mail.outbox.at(-1)!.text).toContain('The link works for 7 days.');
    expect((await t.call('GET', `/invitation-status/${first.orgId}/${first.staffId}`)).status).toBe(404);
    expect(
      (await t.call('GET', `/invitation-status/${second.orgId}/${second.staffId}`)).body.data,
    ).toMatchObject({
      status: 'pending',
    });

    const { staff: member } = await acceptedMember(ownerToken, owner.org.id, 'in@example.com', {
      role_id: 'viewer',
      is_for_entire_organization: true,
    });
    expect(
      (await t.call('POST', `/resend-invitation/${member.id}`, { token: ownerToken })).body,
    ).toMatchObject({
      code: 409,
      message: INVITATION_MSG.alreadyAccepted,
    });
  });

  it('honours a configured lifetime', async () => {
    const short = await createTestApp(driver, { env: { INVITATION_TTL_DAYS: 2 } });
    try {
      const owner = await ownerWithOrg(short, 'owner@example.com', 'Acme', 1);
      const res = await short.call<TStaff>('POST', '/staff', {
        token: owner.token,
        body: { email: 'x@example.com', role_id: 'viewer', is_for_entire_organization: true },
      });
      expect(new Date(res.body.data.expires_at!).getTime() - short.clock.now().getTime()).toBe(2 * DAY);
    } finally {
      await short.close();
    }
  });
});
