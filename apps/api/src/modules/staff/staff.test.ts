import type { TLoginResponse, TPendingInvitation, TShopOption, TStaff } from '@feedloom/contracts';
import { FORBIDDEN_MESSAGE } from '@feedloom/contracts';
import { MSG, PERMISSIONS } from '@feedloom/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/fixtures';
import { login, memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { usersRepo } from '../users/repo';
import { ROLE_MSG } from '../roles/messages';
import { INVITATION_MSG, STAFF_MSG } from './messages';

const LINK_RE = /https?:\/\/[^\s]+\/(invitation|invitation-signup)\/([^/\s]+)\/([^/\s]+)/;

describe.each(DRIVERS)('staff and invitations on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const invite = (token: string, body: Record<string, unknown>) =>
    t.call<TStaff>('POST', '/staff', { token, body });
  const linkTo = (email: string) => {
    const mail = t.mail.outbox.filter((m) => m.to === email).at(-1);
    const match = mail?.text.match(LINK_RE);
    if (!match) throw new Error(`no invitation link mailed to ${email}`);
    return { page: match[1]!, orgId: match[2]!, staffId: match[3]! };
  };

  describe('POST /staff', () => {
    it('invites by e-mail with a predefined role and mails a link to the sign-up page', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      const res = await invite(owner.token, {
        email: 'New.Staff@Example.com',
        role_id: 'store_manager',
        role_name: 'ignored for predefined roles',
        permissions: ['user_management_manage'],
        is_for_entire_organization: true,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(STAFF_MSG.invited);
      expect(res.body.data).toMatchObject({
        email: 'new.staff@example.com',
        role_id: 'store_manager',
        role_name: 'Store Manager',
        is_for_entire_organization: true,
        shop_id_list: [],
        status: 'pending',
        accepted_at: null,
      });
      expect(res.body.data.permissions).not.toContain('user_management_manage');
      const mail = t.mail.outbox.at(-1)!;
      expect(mail).toMatchObject({
        to: 'new.staff@example.com',
        subject: 'You are invited to join Acme on Feedloom',
      });
      // No account for the address yet: the invitee signs up from the link.
      expect(mail.text).toMatch(/here: http:\/\/127\.0\.0\.1:3000\/invitation-signup\/[\w.-]+\/[\w.-]+$/m);
    });

    it('mails an invitee who has an account a link to the invitation page', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      await insertUser(t, 'member@example.com');
      await invite(owner.token, {
        email: 'member@example.com',
        role_id: 'viewer',
        is_for_entire_organization: true,
      });
      expect(t.mail.outbox.at(-1)!.text).toMatch(
        /here: http:\/\/127\.0\.0\.1:3000\/invitation\/[\w.-]+\/[\w.-]+$/m,
      );
      expect(linkTo('member@example.com').page).toBe('invitation');
    });

    it('invites with a custom role for selected shops', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
      const res = await invite(owner.token, {
        email: 'ops@example.com',
        role_id: 'custom_role',
        role_name: 'Ops',
        permissions: ['store_management'],
        is_for_entire_organization: false,
        shop_id_list: [owner.shops[1]!.id],
      });
      // The new custom role is saved with the invitation, which holds it by id.
      const roles = await t.call<{ data: { id: string; role_name: string; used_by: string[] }[] }>(
        'GET',
        '/roles?limit=100',
        { token: owner.token },
      );
      const ops = roles.body.data.data.find((r) => r.role_name === 'Ops');
      expect(ops?.used_by).toEqual(['ops@example.com']);
      expect(res.body.data).toMatchObject({
        role_id: ops?.id,
        role_name: 'Ops',
        permissions: ['store_management'],
        is_for_entire_organization: false,
        shop_id_list: [owner.shops[1]!.id],
      });
    });

    it.each([
      [{ role_id: '' }, MSG.roleRequired],
      [{ is_for_entire_organization: undefined }, MSG.inviteScopeRequired],
      [{ is_for_entire_organization: false }, MSG.inviteShopsRequired],
      [{ role_id: 'custom_role', permissions: ['store_management'] }, MSG.roleNameRequired],
      [{ role_id: 'custom_role', role_name: 'Ops' }, MSG.rolePermissionsRequired],
      [{ email: '' }, MSG.emailRequired],
      [{ role_id: 'overlord' }, ROLE_MSG.notFound],
    ])('rejects %j with a clear message', async (change, message) => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      const res = await invite(owner.token, {
        email: 'staff@example.com',
        role_id: 'viewer',
        is_for_entire_organization: true,
        ...change,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message, data: null });
      expect(t.mail.outbox).toHaveLength(0);
    });

    it("refuses another organisation's shop, a member, and a second pending invitation", async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      const other = await ownerWithOrg(t, 'other@example.com', 'Other', 1);
      const base = { email: 'staff@example.com', role_id: 'viewer', is_for_entire_organization: true };
      const foreign = await invite(owner.token, {
        ...base,
        is_for_entire_organization: false,
        shop_id_list: [other.shops[0]!.id],
      });
      expect(foreign.body).toEqual({ code: 400, message: STAFF_MSG.shopsNotFound, data: null });

      expect((await invite(owner.token, { ...base, email: 'Owner@example.com' })).body.message).toBe(
        STAFF_MSG.alreadyMember,
      );
      expect((await invite(owner.token, base)).status).toBe(200);
      const again = await invite(owner.token, base);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        code: 409,
        message: STAFF_MSG.alreadyInvited,
        data: null,
        field: 'email',
      });
    });

    it('needs user_management_manage', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      const reader = await memberOf(t, owner.org.id, 'reader@example.com', ['user_management']);
      const res = await invite(reader.token, {
        email: 'x@example.com',
        role_id: 'viewer',
        is_for_entire_organization: true,
      });
      expect(res).toMatchObject({ status: 403, body: { message: FORBIDDEN_MESSAGE } });
    });
  });

  describe('GET /staffs', () => {
    it('pages, searches and sorts the staff of the organisation only', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      const other = await ownerWithOrg(t, 'other@example.com', 'Other', 1);
      for (const email of ['carol@example.com', 'alice@example.com', 'bob@shop.test']) {
        t.clock.advance(1000);
        await invite(owner.token, { email, role_id: 'viewer', is_for_entire_organization: true });
      }
      await invite(other.token, {
        email: 'zed@example.com',
        role_id: 'admin',
        is_for_entire_organization: true,
      });

      const all = await t.call<{ data: TStaff[]; total_records: number; total_staffs: number }>(
        'GET',
        '/staffs?sort_col=email&order=1',
        { token: owner.token },
      );
      expect(all.body.data.data.map((s) => s.email)).toEqual([
        'alice@example.com',
        'bob@shop.test',
        'carol@example.com',
      ]);
      expect(all.body.data).toMatchObject({ total_records: 3, total_staffs: 3 });
      const searched = await t.call<{ data: TStaff[]; total_records: number; total_staffs: number }>(
        'GET',
        '/staffs?search=example&limit=5&sort_col=created_at&order=-1',
        { token: owner.token },
      );
      expect(searched.body.data.data.map((s) => s.email)).toEqual(['alice@example.com', 'carol@example.com']);
      expect(searched.body.data).toMatchObject({ total_records: 2, total_staffs: 3 });

      const noAccess = await memberOf(t, owner.org.id, 'feeds@example.com', ['product_and_promotions_feed']);
      expect((await t.call('GET', '/staffs', { token: noAccess.token })).status).toBe(403);
    });
  });

  describe('a member limited to some shops', () => {
    it('lists and opens only the staff sharing one of their shops, showing only those shops', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
      const [shopA, shopB] = owner.shops.map((s) => s.id);
      const invited: Record<string, TStaff> = {};
      for (const [email, shops] of [
        ['a@example.com', [shopA]],
        ['b@example.com', [shopB]],
        ['ab@example.com', [shopA, shopB]],
        ['org@example.com', null],
      ] as const) {
        const res = await invite(owner.token, {
          email,
          role_id: 'viewer',
          is_for_entire_organization: shops === null,
          ...(shops ? { shop_id_list: shops } : {}),
        });
        invited[email] = res.body.data;
      }
      const scoped = await memberOf(t, owner.org.id, 'scoped@example.com', ['user_management'], [shopA!]);
      type TPage = { data: TStaff[]; total_records: number; total_staffs: number };
      const list = await t.call<TPage>('GET', '/staffs?sort_col=email&order=1', { token: scoped.token });
      expect(list.body.data.data.map((s) => [s.email, s.shop_id_list])).toEqual([
        ['a@example.com', [shopA]],
        ['ab@example.com', [shopA]],
      ]);
      expect(list.body.data).toMatchObject({ total_records: 2, total_staffs: 2 });
      expect(JSON.stringify(list.body)).not.toContain(shopB);

      const shared = await t.call<TStaff>('GET', `/staff/${invited['ab@example.com']!.id}`, {
        token: scoped.token,
      });
      expect(shared.body.data).toMatchObject({ email: 'ab@example.com', shop_id_list: [shopA] });
      for (const email of ['b@example.com', 'org@example.com']) {
        const hidden = await t.call('GET', `/staff/${invited[email]!.id}`, { token: scoped.token });
        expect([email, hidden.status, hidden.body.message]).toEqual([email, 404, STAFF_MSG.notFound]);
      }

      // A member of the entire organisation sees everyone with every shop.
      const wide = await memberOf(t, owner.org.id, 'wide@example.com', ['user_management']);
      const all = await t.call<TPage>('GET', '/staffs?sort_col=email&order=1', { token: wide.token });
      expect(all.body.data.total_staffs).toBe(4);
      const both = await t.call<TStaff>('GET', `/staff/${invited['ab@example.com']!.id}`, {
        token: wide.token,
      });
      expect([...both.body.data.shop_id_list].sort()).toEqual([shopA, shopB].sort());
    });
  });

  describe('pending invitations and accepting one', () => {
    it('counts, lists and accepts an invitation; the invitee joins with its role and shops', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
      await insertUser(t, 'staff@example.com');
      expect((await login(t, 'staff@example.com')).pending_invitation_count).toBe(0);
      await invite(owner.token, {
        email: 'staff@example.com',
        role_id: 'custom_role',
        role_name: 'Ops',
        permissions: ['store_management', 'data_source_management_manage'],
        is_for_entire_organization: false,
        shop_id_list: [owner.shops[1]!.id],
      });

      const staff = await login(t, 'staff@example.com');
      expect(staff).toMatchObject({ pending_invitation_count: 1, is_part_of_any_org: false });
      const pending = await t.call<TPendingInvitation[]>('GET', '/pending-invitations', {
        token: staff.access_token,
      });
      expect(pending.body.data).toEqual([
        expect.objectContaining({
          email: 'staff@example.com',
          business_name: 'Acme',
          organization_object_id: owner.org.id,
          role_name: 'Ops',
        }),
      ]);
      const [item] = pending.body.data;
      // The ids of the list open the same invitation as the mailed link.
      const link = linkTo('staff@example.com');
      const status = await t.call('GET', `/invitation-status/${link.orgId}/${link.staffId}`);
      expect(status.body.data).toEqual({
        status: 'pending',
        email: 'staff@example.com',
        business_name: 'Acme',
        role_name: 'Ops',
        is_existing_user: true,
      });

      const accepted = await t.call(
        'POST',
        `/accept-invitation/${item!.encrypted_organization_object_id}/${item!.encrypted_staff_id}`,
        { token: staff.access_token },
      );
      expect(accepted.body).toEqual({
        code: 200,
        message: INVITATION_MSG.accepted,
        data: { organization_object_id: owner.org.id, business_name: 'Acme' },
      });

      const switched = (
        await t.call<TLoginResponse>('GET', `/capture-last-active-organization/${owner.org.id}`, {
          token: staff.access_token,
        })
      ).body.data;
      expect(switched).toMatchObject({
        active_org_id: owner.org.id,
        active_shop_id: owner.shops[1]!.id,
        shops_count: 1,
        pending_invitation_count: 0,
        permissions: ['store_management', 'data_source_management_manage'],
      });
      const options = await t.call<TShopOption[]>('GET', '/shop-select-list', {
        token: switched.access_token,
      });
      expect(options.body.data.map((s) => s.id)).toEqual([owner.shops[1]!.id]);

      const again = await t.call('POST', `/accept-invitation/${link.orgId}/${link.staffId}`, {
        token: switched.access_token,
      });
      expect(again).toMatchObject({ status: 409, body: { message: INVITATION_MSG.alreadyAccepted } });
      expect(
        (await t.call('GET', `/invitation-status/${link.orgId}/${link.staffId}`)).body.data,
      ).toMatchObject({
        status: 'accepted',
      });
      const list = await t.call<{ data: TStaff[] }>('GET', '/staffs', { token: owner.token });
      expect(list.body.data.data[0]).toMatchObject({ status: 'accepted' });
    });

    it('refuses an invitation for another e-mail, and a tampered or swapped link', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      await invite(owner.token, {
        email: 'staff@example.com',
        role_id: 'admin',
        is_for_entire_organization: true,
      });
      const link = linkTo('staff@example.com');
      await insertUser(t, 'intruder@example.com');
      const intruder = await login(t, 'intruder@example.com');

      const wrongUser = await t.call('POST', `/accept-invitation/${link.orgId}/${link.staffId}`, {
        token: intruder.access_token,
      });
      expect(wrongUser).toMatchObject({ status: 403, body: { message: INVITATION_MSG.otherEmail } });
      expect(
        (await t.call('GET', '/pending-invitations', { token: intruder.access_token })).body.data,
      ).toEqual([]);

      for (const [a, b] of [
        [link.staffId, link.orgId],
        [`${link.orgId}x`, link.staffId],
        ['v1.a.b.c', link.staffId],
        [owner.org.id, link.staffId],
      ]) {
        const res = await t.call('POST', `/accept-invitation/${a}/${b}`, { token: intruder.access_token });
        expect(res).toMatchObject({ status: 404, body: { message: INVITATION_MSG.notFound } });
        expect((await t.call('GET', `/invitation-status/${a}/${b}`)).status).toBe(404);
      }
      expect((await t.call('POST', `/accept-invitation/${link.orgId}/${link.staffId}`)).status).toBe(401);
    });

    it('tells a link holder without an account to sign up', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      await invite(owner.token, {
        email: 'newcomer@example.com',
        role_id: 'viewer',
        is_for_entire_organization: true,
      });
      const link = linkTo('newcomer@example.com');
      const res = await t.call('GET', `/invitation-status/${link.orgId}/${link.staffId}`);
      expect(res.body.data).toMatchObject({
        is_existing_user: false,
        status: 'pending',
        role_name: 'Viewer',
      });
    });

    it('an admin invitation gives every permission', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      await invite(owner.token, {
        email: 'admin@example.com',
        role_id: 'admin',
        is_for_entire_organization: true,
      });
      await insertUser(t, 'admin@example.com');
      const admin = await login(t, 'admin@example.com');
      const link = linkTo('admin@example.com');
      await t.call('POST', `/accept-invitation/${link.orgId}/${link.staffId}`, { token: admin.access_token });
      expect((await login(t, 'admin@example.com')).permissions).toEqual([...PERMISSIONS]);
    });
  });
  describe('POST /create-staff-user/{orgId}/{staffId}', () => {
    const SIGNUP = {
      first_name: 'Nora',
      last_name: "O'Neil",
      password: 'Joiner@2024',
      confirm: 'Joiner@2024',
    };
    const signUp = (link: { orgId: string; staffId: string }, body: Record<string, unknown> = SIGNUP) =>
      t.call<TLoginResponse>('POST', `/create-staff-user/${link.orgId}/${link.staffId}`, { body });
    const invited = async (email = 'newcomer@example.com') => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
      await invite(owner.token, {
        email,
        role_id: 'custom_role',
        role_name: 'Ops',
        permissions: ['store_management', 'data_source_management_manage'],
        is_for_entire_organization: false,
        shop_id_list: [owner.shops[1]!.id],
      });
      return { owner, link: linkTo(email) };
    };

    it('creates a verified account with the invitation’s e-mail, joins, and signs in to that organisation', async () => {
      const { owner, link } = await invited();
      expect(link.page).toBe('invitation-signup');
      const res = await signUp(link);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Invitation accepted. Welcome to Acme!');
      const reply = res.body.data;
      expect(reply).toMatchObject({
        email: 'newcomer@example.com',
        first_name: 'Nora',
        last_name: "O'Neil",
        profile_created: false,
        has_password: true,
        is_part_of_any_org: true,
        organizations_count: 1,
        active_org_id: owner.org.id,
        business_name: 'Acme',
        active_shop_id: owner.shops[1]!.id,
        shops_count: 1,
        pending_invitation_count: 0,
        permissions: ['store_management', 'data_source_management_manage'],
      });
      expect(reply.access_token).toEqual(expect.any(String));
      expect(reply.refresh_token).toEqual(expect.any(String));

      const user = await usersRepo(t.database.db).findByEmail('newcomer@example.com');
      expect(user?.email_verified_at).toBeInstanceOf(Date);
      expect(user?.password_hash).toMatch(/^\$argon2id\$/);
      // The token works, its shops are the invitation's, and the password signs in from now on.
      const options = await t.call<TShopOption[]>('GET', '/shop-select-list', { token: reply.access_token });
      expect(options.body.data.map((s) => s.id)).toEqual([owner.shops[1]!.id]);
      const again = await t.call<TLoginResponse>('POST', '/login', {
        body: { email: 'newcomer@example.com', password: SIGNUP.password },
      });
      expect(again.body.data).toMatchObject({ active_org_id: owner.org.id, user_id: reply.user_id });

      expect(
        (await t.call('GET', `/invitation-status/${link.orgId}/${link.staffId}`)).body.data,
      ).toMatchObject({
        status: 'accepted',
        is_existing_user: true,
      });
      const list = await t.call<{ data: TStaff[] }>('GET', '/staffs', { token: owner.token });
      expect(list.body.data.data[0]).toMatchObject({ email: 'newcomer@example.com', status: 'accepted' });
    });

    it('takes over an unfinished sign-up of the address (the code was never entered)', async () => {
      const { link } = await invited();
      const started = await t.call<{ user_id: string }>('POST', '/signup', {
        body: { email: 'newcomer@example.com', isAgree: true },
      });
      const res = await signUp(link, { first_name: 'Nora', password: 'Joiner@2024', confirm: 'Joiner@2024' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ user_id: started.body.data.user_id, last_name: null });
    });

    it.each([
      [{ password: 'joiner@2024', confirm: 'joiner@2024' }, MSG.passwordComplexity],
      [{ password: 'Joiner@1', confirm: 'Joiner@2' }, MSG.confirmMismatch],
      [{ password: '' }, MSG.passwordRequired],
      [{ first_name: '' }, MSG.firstNameRequired],
      [{ last_name: 'O--Neil' }, MSG.nameSeparator],
    ])('rejects %j with the spec’s message and creates nothing', async (change, message) => {
      const { link } = await invited();
      const res = await signUp(link, { ...SIGNUP, ...change });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message, data: null });
      expect(await usersRepo(t.database.db).findByEmail('newcomer@example.com')).toBeNull();
    });

    it('refuses an address that already has an account: sign in to accept', async () => {
      await insertUser(t, 'member@example.com');
      const { link } = await invited('member@example.com');
      const res = await signUp(link);
      expect(res).toMatchObject({ status: 409, body: { message: INVITATION_MSG.accountExists } });
      expect(res.body.message).toBe(
        'An account with this email already exists. Please sign in to accept the invitation.',
      );
      // Nothing changed: the old password still signs in and the invitation still waits.
      expect((await login(t, 'member@example.com')).pending_invitation_count).toBe(1);
    });

    it('refuses a tampered, swapped or foreign link with 404', async () => {
      const { owner, link } = await invited();
      for (const [a, b] of [
        [link.staffId, link.orgId],
        [`${link.orgId}x`, link.staffId],
        ['v1.a.b.c', link.staffId],
        [owner.org.id, link.staffId],
      ]) {
        const res = await signUp({ orgId: a!, staffId: b! });
        expect(res).toMatchObject({ status: 404, body: { message: INVITATION_MSG.notFound } });
      }
      expect(await usersRepo(t.database.db).findByEmail('newcomer@example.com')).toBeNull();
    });

    it('refuses a used invitation with 409', async () => {
      const { link } = await invited();
      expect((await signUp(link)).status).toBe(200);
      const again = await signUp(link, { ...SIGNUP, password: 'Other@2024', confirm: 'Other@2024' });
      expect(again).toMatchObject({ status: 409, body: { message: INVITATION_MSG.alreadyAccepted } });
      // The first password stays.
      const res = await t.call('POST', '/login', {
        body: { email: 'newcomer@example.com', password: SIGNUP.password },
      });
      expect(res.status).toBe(200);
    });
  });
});
