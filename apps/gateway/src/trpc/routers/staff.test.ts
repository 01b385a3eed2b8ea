import type { TStaff } from '@feedloom/contracts';
import type { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStubApi,
  createTestCaller,
  firstIssue,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';

const STAFF: TStaff = {
  id: 'staff_1',
  email: 'new@shop.test',
  role_id: 'viewer',
  role_name: 'Viewer',
  permissions: ['store_management'],
  is_for_entire_organization: true,
  shop_id_list: [],
  status: 'pending',
  user_id: null,
  created_at: '2025-01-01T00:00:00.000Z',
  accepted_at: null,
  expires_at: '2025-01-08T00:00:00.000Z',
};

describe('staff router', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('invite validates the invitation before calling the api', async () => {
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const err = (await caller.staff
      .invite({ email: 'new@shop.test', role_id: 'viewer', is_for_entire_organization: false })
      .catch((e: unknown) => e)) as TRPCError;
    expect(err.code).toBe('BAD_REQUEST');
    expect(firstIssue(err)).toBe('Select at least one store.');
    expect(stub.calls).toHaveLength(0);
  });

  it('invite sends the payload and answers the staff and the message', async () => {
    stub.on('POST', '/staff', { message: 'Invitation sent successfully.', data: STAFF });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(
      await caller.staff.invite({
        email: 'new@shop.test',
        role_id: 'viewer',
        is_for_entire_organization: true,
      }),
    ).toEqual({
      message: 'Invitation sent successfully.',
      staff: STAFF,
    });
    expect(stub.callsTo('POST', '/staff')[0]?.body).toEqual({
      email: 'new@shop.test',
      role_id: 'viewer',
      is_for_entire_organization: true,
      permissions: [],
      shop_id_list: [],
    });
  });

  it('find pages the staff list', async () => {
    stub.on('GET', '/staffs', { data: { data: [STAFF], total_records: 1, total_staffs: 4, owner: null } });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.staff.find({ search: 'new', sort_col: 'email' })).toEqual({
      data: [STAFF],
      total_records: 1,
      total_staffs: 4,
      owner: null,
    });
    expect(stub.callsTo('GET', '/staffs')[0]?.query.get('search')).toBe('new');
  });

  it('update sends the new role and stores to PUT /staff/{id}', async () => {
    stub.on('PUT', '/staff/staff_1', {
      message: 'User updated successfully.',
      data: { ...STAFF, role_id: 'admin' },
    });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const res = await caller.staff.update({
      id: 'staff_1',
      data: { role_id: 'admin', is_for_entire_organization: true },
    });
    expect(res).toEqual({ message: 'User updated successfully.', staff: { ...STAFF, role_id: 'admin' } });
    expect(stub.callsTo('PUT', '/staff/staff_1')[0]?.body).toEqual({
      role_id: 'admin',
      is_for_entire_organization: true,
      permissions: [],
      shop_id_list: [],
    });
    const err = (await caller.staff
      .update({ id: 'staff_1', data: { role_id: 'custom_role', is_for_entire_organization: true } })
      .catch((e: unknown) => e)) as TRPCError;
    expect(firstIssue(err)).toBe('Role name is required.');
  });

  it('delete and resendInvitation pass the server message on', async () => {
    stub.on('DELETE', '/staff/staff_1', { message: 'Invitation deleted.', data: null });
    stub.on('POST', '/resend-invitation/staff_1', { message: 'Invitation sent again.', data: STAFF });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.staff.delete({ id: 'staff_1' })).toEqual({
      message: 'Invitation deleted.',
      staff: null,
    });
    expect(await caller.staff.resendInvitation({ id: 'staff_1' })).toEqual({
      message: 'Invitation sent again.',
      staff: STAFF,
    });
  });

  it('roles: find pages, create and update validate the role, delete says who uses it', async () => {
    const role = {
      id: 'r1',
      role_name: 'Ops',
      permissions: ['store_management'],
      is_predefined: false,
      used_by: ['a@shop.test'],
      updated_at: null,
    };
    stub.on('GET', '/roles', { data: { data: [role], total_records: 5 } });
    stub.on('PUT', '/roles/r1', { message: 'Role updated successfully.', data: role });
    stub.on('DELETE', '/roles/r1', { code: 409, message: 'This role is used by a@shop.test.', data: null });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.roles.find({ limit: 100 })).toEqual({ data: [role], total_records: 5 });
    expect(stub.callsTo('GET', '/roles')[0]?.query.get('limit')).toBe('100');
    const bad = (await caller.roles
      .create({ role_name: 'X', permissions: [] })
      .catch((e: unknown) => e)) as TRPCError;
    expect(firstIssue(bad)).toBe('Select at least one permission.');
    expect(
      await caller.roles.update({ id: 'r1', data: { role_name: 'Ops', permissions: ['store_management'] } }),
    ).toEqual({ message: 'Role updated successfully.', role });
    const refused = (await caller.roles.delete({ id: 'r1' }).catch((e: unknown) => e)) as TRPCError;
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe('This role is used by a@shop.test.');
  });

  it('audit.find passes the person filter on', async () => {
    stub.on('GET', '/audit-log', { data: { data: [], total_records: 0, actors: [] } });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.audit.find({ actor_id: 'u1', page: 2 })).toEqual({
      data: [],
      total_records: 0,
      actors: [],
    });
    const query = stub.callsTo('GET', '/audit-log')[0]?.query;
    expect([query?.get('actor_id'), query?.get('page')]).toEqual(['u1', '2']);
  });
});
