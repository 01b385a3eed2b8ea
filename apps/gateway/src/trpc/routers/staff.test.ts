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
  created_at: '2025-01-01T00:00:00.000Z',
  accepted_at: null,
};

describe('staff router', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('invite validates the invitation (spec §5) before calling the api', async () => {
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const err = (await caller.staff
      .invite({ email: 'new@shop.test', role_id: 'viewer', is_for_entire_organization: false })
      .catch((e: unknown) => e)) as TRPCError;
    expect(err.code).toBe('BAD_REQUEST');
    expect(firstIssue(err)).toBe('Select at least one store.');
    expect(stub.calls).toHaveLength(0);
  });

  it('invite sends the payload of spec §3 and answers the staff and the message', async () => {
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
    stub.on('GET', '/staffs', { data: { data: [STAFF], total_records: 1, total_staffs: 4 } });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.staff.find({ search: 'new', sort_col: 'email' })).toEqual({
      data: [STAFF],
      total_records: 1,
      total_staffs: 4,
    });
    expect(stub.callsTo('GET', '/staffs')[0]?.query.get('search')).toBe('new');
  });
});
