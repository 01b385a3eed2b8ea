import {
  ZOrganizationEntitySchema,
  type TLoginResponse,
  type TOrganizationEntity,
  type TOrganizationListEntry,
  type TSessionInfo,
} from '@feedloom/contracts';
import { makeOrganizationEntry } from '@feedloom/contracts/testing';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { RouterInputs, RouterOutputs } from '../root';
import {
  createStubApi,
  createTestCaller,
  firstIssue,
  LOGIN_REPLY,
  rejection,
  SESSION_INFO,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';

const ENTRY: TOrganizationListEntry = makeOrganizationEntry({
  organization_object_id: 'org_1',
  business_name: 'Demo Outfitters',
  business_email: 'demo@feedloom.test',
  shop_object_id: 'shop_1',
  shop_id: 'shop_1',
  shops_count: 1,
});
/** The organisation itself: the entry without the member's role and shop. */
const ORG: TOrganizationEntity = ZOrganizationEntitySchema.parse(ENTRY);
const SECOND: TLoginResponse = {
  ...LOGIN_REPLY,
  access_token: 'access-org2',
  refresh_token: 'refresh-org2',
  active_org_id: 'org_2',
  active_shop_id: 'shop_9',
  business_name: 'Second Org',
  organizations_count: 2,
};

describe('organizations router', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('list answers the organisations with the session token', async () => {
    stub.on('GET', '/organizations', { data: [ENTRY] });
    const { caller, session } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.organizations.find()).toEqual([ENTRY]);
    expect(stub.callsTo('GET', '/organizations')[0]?.headers.authorization).toBe('Bearer access-1');
    expect(session.info).toEqual(SESSION_INFO);
  });

  it('an empty organisation list clears the active organisation and shop', async () => {
    stub.on('GET', '/organizations', { data: [] });
    const { caller, session } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.organizations.find()).toEqual([]);
    expect(session.info).toMatchObject({
      is_part_of_any_org: false,
      organizations_count: 0,
      active_org_id: null,
      active_shop_id: null,
      permissions: [],
    });
  });

  it('a list without an active organisation leaves the user outside until they switch', async () => {
    stub.on('GET', '/organizations', { data: [ENTRY] });
    const outside = {
      ...SESSION_INFO,
      is_part_of_any_org: false,
      active_org_id: null,
      organizations_count: 0,
    };
    const { caller, session } = createTestCaller(stub, { auth: { ...storedAuth(), info: outside } });
    await caller.organizations.find();
    expect(session.info).toMatchObject({
      is_part_of_any_org: false,
      active_org_id: null,
      organizations_count: 1,
    });
  });

  it('needs a session', async () => {
    const err = await rejection(createTestCaller(stub).caller.organizations.find());
    expect(err.code).toBe('UNAUTHORIZED');
    expect(stub.calls).toHaveLength(0);
  });

  it('create validates with the shared schema, then answers the organisation and the server message', async () => {
    stub.on('POST', '/organization', { message: 'Organisation created successfully.', data: ORG });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });

    const invalid = await rejection(
      caller.organizations.create({ business_name: ' ', business_email: 'a@b.com' }),
    );
    expect(invalid.code).toBe('BAD_REQUEST');
    expect(firstIssue(invalid)).toBe('Business name is required.');
    expect(stub.calls).toHaveLength(0);

    const res = await caller.organizations.create({
      business_name: 'Demo Outfitters',
      business_email: 'demo@feedloom.test',
    });
    expect(res).toEqual({ message: 'Organisation created successfully.', organization: ORG });
    expect(stub.callsTo('POST', '/organization')[0]?.body).toEqual({
      business_name: 'Demo Outfitters',
      business_email: 'demo@feedloom.test',
      phone_code: '+91',
    });
  });

  it('get passes a 403 on as FORBIDDEN with the server message', async () => {
    stub.on('GET', '/organization/org_1', {
      code: 403,
      message: 'Only the organisation owner can view or change its settings.',
    });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const err = await rejection(caller.organizations.get({ id: 'org_1' }));
    expect(err.code).toBe('FORBIDDEN');
    expect(err.message).toBe('Only the organisation owner can view or change its settings.');
  });

  it("update saves the owner form and renames the session's organisation", async () => {
    const renamed = { ...ORG, business_name: 'Renamed Co' };
    stub.on('PUT', '/organization/org_1', { message: 'Organisation updated successfully.', data: renamed });
    const { caller, session } = createTestCaller(stub, { auth: storedAuth() });
    const form = {
      business_name: 'Renamed Co',
      business_email: 'demo@feedloom.test',
      address_1: '1 Main St',
      city: 'Pune',
      zipcode: '411001',
    };

    const bad = await rejection(
      caller.organizations.update({ id: 'org_1', data: { ...form, zipcode: 'AB#12' } }),
    );
    expect(firstIssue(bad)).toBe('Zipcode can only contain letters, numbers, spaces, or hyphens.');
    expect(stub.calls).toHaveLength(0);

    expect(await caller.organizations.update({ id: 'org_1', data: form })).toEqual({
      message: 'Organisation updated successfully.',
      organization: renamed,
    });
    expect(session.info?.business_name).toBe('Renamed Co');
  });

  it('switchOrganization keeps the new tokens in the session and answers only the session fields', async () => {
    stub.on('GET', '/capture-last-active-organization/org_2', { data: SECOND });
    stub.on('GET', '/shop-select-list', { data: [] });
    const { caller, session } = createTestCaller(stub, { auth: storedAuth() });

    const info = await caller.organizations.switchOrganization({ id: 'org_2' });
    expect(info).toMatchObject({
      active_org_id: 'org_2',
      active_shop_id: 'shop_9',
      business_name: 'Second Org',
    });
    expect(JSON.stringify(info)).not.toContain('token');
    expect(session.tokens).toEqual({ access_token: 'access-org2', refresh_token: 'refresh-org2' });
    expect(session.info).toEqual(info);

    await caller.shops.selectList();
    expect(stub.callsTo('GET', '/shop-select-list')[0]?.headers.authorization).toBe('Bearer access-org2');
  });

  it('switchOrganization to an organisation the user is not in keeps the session', async () => {
    stub.on('GET', '/capture-last-active-organization/org_x', {
      code: 404,
      message: 'Organisation not found.',
    });
    const { caller, session } = createTestCaller(stub, { auth: storedAuth() });
    const err = await rejection(caller.organizations.switchOrganization({ id: 'org_x' }));
    expect(err.code).toBe('NOT_FOUND');
    expect(session.tokens).toEqual({ access_token: 'access-1', refresh_token: 'refresh-1' });
  });

  it('acceptInvitation joins, then switches to that organisation, with the server message', async () => {
    stub.on('POST', '/accept-invitation/enc-org/enc-staff', {
      message: 'Invitation accepted successfully.',
      data: { organization_object_id: 'org_2', business_name: 'Second Org' },
    });
    stub.on('GET', '/capture-last-active-organization/org_2', { data: SECOND });
    const { caller, session } = createTestCaller(stub, {
      auth: { ...storedAuth(), info: { ...SESSION_INFO, is_part_of_any_org: false, active_org_id: null } },
    });
    const res = await caller.organizations.acceptInvitation({ orgId: 'enc-org', staffId: 'enc-staff' });
    expect(res.message).toBe('Invitation accepted successfully.');
    expect(res.session).toMatchObject({ active_org_id: 'org_2' });
    expect(session.tokens?.access_token).toBe('access-org2');
    expect(stub.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /accept-invitation/enc-org/enc-staff',
      'GET /capture-last-active-organization/org_2',
    ]);
  });

  it('pendingInvitations and invitationStatus (the latter without a session)', async () => {
    const pending = [
      {
        email: 'demo@feedloom.test',
        business_name: 'Second Org',
        encrypted_organization_object_id: 'enc-org',
        encrypted_staff_id: 'enc-staff',
        organization_object_id: 'org_2',
        role_name: 'Viewer',
        invited_at: '2025-01-01T00:00:00.000Z',
      },
    ];
    const status = {
      status: 'pending',
      email: 'demo@feedloom.test',
      business_name: 'Second Org',
      role_name: 'Viewer',
      is_existing_user: true,
    } as const;
    stub.on('GET', '/pending-invitations', { data: pending });
    stub.on('GET', '/invitation-status/enc-org/enc-staff', { data: status });
    expect(
      await createTestCaller(stub, { auth: storedAuth() }).caller.organizations.pendingInvitations(),
    ).toEqual(pending);
    expect(
      await createTestCaller(stub).caller.organizations.invitationStatus({
        orgId: 'enc-org',
        staffId: 'enc-staff',
      }),
    ).toEqual(status);
    expect(
      stub.callsTo('GET', '/invitation-status/enc-org/enc-staff')[0]?.headers.authorization,
    ).toBeUndefined();
  });
});

describe('organizations and shops types', () => {
  it('switching and accepting answer session fields, never tokens', () => {
    expectTypeOf<RouterOutputs['organizations']['switchOrganization']>().toEqualTypeOf<TSessionInfo>();
    expectTypeOf<RouterOutputs['organizations']['switchOrganization']>().not.toHaveProperty('access_token');
    expectTypeOf<RouterOutputs['organizations']['acceptInvitation']['session']>().not.toHaveProperty(
      'refresh_token',
    );
    expectTypeOf<RouterOutputs['shops']['switchShop']['session']>().toEqualTypeOf<TSessionInfo>();
    expectTypeOf<RouterInputs['shops']['update']>().toMatchTypeOf<{
      id: string;
      data: { shop_name: string };
    }>();
  });
});
