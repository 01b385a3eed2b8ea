import type {
  TLoginResponse,
  TOrganizationEntity,
  TOrganizationListEntry,
  TShopOption,
} from '@feedloom/contracts';
import { MSG, PERMISSIONS } from '@feedloom/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertOrg, insertUser } from '../../test/fixtures';
import { login, memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { ORGANIZATION_MSG } from './messages';

const ownerForm = {
  business_name: 'Acme Outdoor',
  business_email: 'Ops@Acme.com',
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

describe.each(DRIVERS)('organisations on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const orgList = (token: string) => t.call<TOrganizationListEntry[]>('GET', '/organizations', { token });
  const shopOptions = (token: string) => t.call<TShopOption[]>('GET', '/shop-select-list', { token });
  const switchTo = (token: string, orgId: string) =>
    t.call<TLoginResponse>('GET', `/capture-last-active-organization/${orgId}`, { token });

  describe('GET /organizations', () => {
    it('is empty for a user without an organisation and needs a token', async () => {
      await insertUser(t, 'solo@example.com');
      const { access_token } = await login(t, 'solo@example.com');
      const res = await orgList(access_token);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect((await t.call('GET', '/organizations')).status).toBe(401);
    });

    it("lists the owner's organisation with every permission and the shop they would land on", async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
      const [entry] = (await orgList(owner.token)).body.data;
      expect(entry).toMatchObject({
        organization_object_id: owner.org.id,
        business_name: 'Acme',
        business_email: 'acme@example.com',
        is_owner: true,
        role_name: 'Owner',
        shop_id: owner.shops[0]!.id,
        shop_object_id: owner.shops[0]!.id,
        shops_count: 2,
      });
      expect(entry!.permissions).toEqual([...PERMISSIONS]);

      await t.call('GET', `/capture-last-active-shop/${owner.shops[1]!.id}`, { token: owner.token });
      expect((await orgList(owner.token)).body.data[0]!.shop_id).toBe(owner.shops[1]!.id);
    });

    it("lists a member's own permissions and only the shops they were given", async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 3);
      const member = await memberOf(
        t,
        owner.org.id,
        'staff@example.com',
        ['store_management'],
        [owner.shops[2]!.id],
      );
      const [entry] = (await orgList(member.token)).body.data;
      expect(entry).toMatchObject({
        is_owner: false,
        permissions: ['store_management'],
        shop_id: owner.shops[2]!.id,
        shops_count: 1,
      });
      expect(member.session).toMatchObject({ active_shop_id: owner.shops[2]!.id, shops_count: 1 });
    });
  });

  describe('POST /organization', () => {
    it('creates an organisation owned by the caller, who then switches to it', async () => {
      await insertUser(t, 'new@example.com');
      const { access_token } = await login(t, 'new@example.com');

      const res = await t.call<TOrganizationEntity>('POST', '/organization', {
        token: access_token,
        body: {
          business_name: '  Fresh Goods ',
          business_email: 'Hello@Fresh.example.com',
          business_url: '',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(ORGANIZATION_MSG.created);
      expect(res.body.data).toMatchObject({
        business_name: 'Fresh Goods',
        business_email: 'hello@fresh.example.com',
        business_url: null,
        phone_code: '+91',
        zipcode: null,
        is_owner: true,
      });
      const orgId = res.body.data.organization_object_id;

      // The token still has no organisation: organisation routes wait for the switch.
      expect((await shopOptions(access_token)).status).toBe(403);
      const switched = await switchTo(access_token, orgId);
      expect(switched.status).toBe(200);
      expect(switched.body.message).toBe(ORGANIZATION_MSG.switched);
      expect(switched.body.data).toMatchObject({
        active_org_id: orgId,
        business_name: 'Fresh Goods',
        is_part_of_any_org: true,
        organizations_count: 1,
        active_shop_id: null,
        shops_count: 0,
      });
      expect(switched.body.data.permissions).toEqual([...PERMISSIONS]);
      expect((await shopOptions(switched.body.data.access_token)).body.data).toEqual([]);
    });

    it.each([
      [{ business_email: 'a@b.com' }, MSG.businessNameRequired],
      [{ business_name: 'x'.repeat(101), business_email: 'a@b.com' }, MSG.businessNameMax],
      [{ business_name: 'Acme' }, MSG.emailRequired],
      [{ business_name: 'Acme', business_email: 'a@b.com', business_url: 'acme' }, MSG.websiteInvalid],
      [
        { business_name: 'Acme', business_email: 'a@b.com', phone_code: '+1', phone_number: '123' },
        MSG.phoneInvalid,
      ],
    ])('rejects %j with the spec message', async (body, message) => {
      await insertUser(t, 'new@example.com');
      const { access_token } = await login(t, 'new@example.com');
      const res = await t.call('POST', '/organization', { token: access_token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message, data: null });
    });
  });

  describe('GET and PUT /organization/{id}', () => {
    it('lets the owner load and save the settings', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
      const got = await t.call<TOrganizationEntity>('GET', `/organization/${owner.org.id}`, {
        token: owner.token,
      });
      expect(got.status).toBe(200);
      expect(got.body.data).toMatchObject({
        organization_object_id: owner.org.id,
        business_name: 'Acme',
        is_owner: true,
      });

      const saved = await t.call<TOrganizationEntity>('PUT', `/organization/${owner.org.id}`, {
        token: owner.token,
        body: ownerForm,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe(ORGANIZATION_MSG.updated);
      expect(saved.body.data).toMatchObject({
        ...ownerForm,
        business_email: 'ops@acme.com',
        address_2: null,
        is_owner: true,
      });
      const reloaded = await t.call<TOrganizationEntity>('GET', `/organization/${owner.org.id}`, {
        token: owner.token,
      });
      expect(reloaded.body.data).toEqual(saved.body.data);
      expect((await login(t, 'owner@example.com')).business_name).toBe('Acme Outdoor');
    });

    it.each([
      [{ zipcode: 'AB#12' }, 'Zipcode can only contain letters, numbers, spaces, or hyphens.'],
      [{ zipcode: '1' }, 'Zipcode must be at least 2 characters long.'],
      [{ zipcode: '1234567890123' }, 'Zipcode must be at most 12 characters long.'],
      [{ address_1: '' }, 'Address 1 is required.'],
      [{ city: '' }, 'City is required.'],
      [{ city: 'x'.repeat(51) }, 'City cannot exceed 50 characters.'],
      [{ developer_email: 'dev@@acme.com' }, 'Invalid email address.'],
    ])('refuses the owner form with %j with the spec message', async (change, message) => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
      const res = await t.call('PUT', `/organization/${owner.org.id}`, {
        token: owner.token,
        body: { ...ownerForm, ...change },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message, data: null });
    });

    it('answers 403 to a member and 404 to a user of another organisation', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
      const member = await memberOf(t, owner.org.id, 'staff@example.com', [...PERMISSIONS]);
      const other = await ownerWithOrg(t, 'other@example.com', 'Other');

      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', ownerForm],
      ] as const) {
        const asMember = await t.call(method, `/organization/${owner.org.id}`, { token: member.token, body });
        expect(asMember.status).toBe(403);
        expect(asMember.body.message).toBe(ORGANIZATION_MSG.ownerOnly);
        const asOther = await t.call(method, `/organization/${owner.org.id}`, { token: other.token, body });
        expect(asOther.status).toBe(404);
        expect(asOther.body.message).toBe(ORGANIZATION_MSG.notFound);
      }
      expect((await t.call('GET', '/organization/not-a-uuid', { token: owner.token })).status).toBe(404);
      const unchanged = await t.call<TOrganizationEntity>('GET', `/organization/${owner.org.id}`, {
        token: owner.token,
      });
      expect(unchanged.body.data.business_name).toBe('Acme');
    });
  });

  describe('GET /capture-last-active-organization/{orgId}', () => {
    it('switches to another organisation: new tokens, its shops, remembered for the next sign-in', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'First', 1);
      const second = await insertOrg(t, owner.user.id, 'Second', 2);
      expect(owner.session.active_org_id).toBe(owner.org.id);

      const res = await switchTo(owner.token, second.org.id);
      expect(res.status).toBe(200);
      const session = res.body.data;
      expect(session).toMatchObject({
        active_org_id: second.org.id,
        business_name: 'Second',
        active_shop_id: second.shops[0]!.id,
        shops_count: 2,
        organizations_count: 2,
      });
      expect(session.access_token).not.toBe(owner.token);
      expect((await shopOptions(session.access_token)).body.data.map((s) => s.shop_name)).toEqual([
        'Second Store 1',
        'Second Store 2',
      ]);
      // The previous token still speaks for the first organisation until it expires.
      expect((await shopOptions(owner.token)).body.data.map((s) => s.shop_name)).toEqual(['First Store 1']);

      // A refresh of the new pair stays in the chosen organisation, and so does the next sign-in.
      const refreshed = await t.call<{ access_token: string }>('POST', '/check-and-refresh-token', {
        body: { refresh_token: session.refresh_token },
      });
      expect((await shopOptions(refreshed.body.data.access_token)).body.data).toHaveLength(2);
      expect((await login(t, 'owner@example.com')).active_org_id).toBe(second.org.id);

      // Switching back lands on that organisation's last active shop.
      const back = await switchTo(session.access_token, owner.org.id);
      expect(back.body.data).toMatchObject({
        active_org_id: owner.org.id,
        active_shop_id: owner.shops[0]!.id,
      });
    });

    it('answers 404 for an organisation the user is not a member of', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
      const other = await ownerWithOrg(t, 'other@example.com', 'Other');
      for (const id of [other.org.id, 'nope']) {
        const res = await switchTo(owner.token, id);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(ORGANIZATION_MSG.notFound);
      }
      expect((await login(t, 'owner@example.com')).active_org_id).toBe(owner.org.id);
    });

    it('logging out revokes the switched tokens too (same sign-in)', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'First', 1);
      const second = await insertOrg(t, owner.user.id, 'Second', 1);
      const switched = (await switchTo(owner.token, second.org.id)).body.data;
      await t.call('POST', '/logout', { body: { refresh_token: owner.session.refresh_token } });
      expect((await shopOptions(switched.access_token)).status).toBe(401);
    });
  });
});
