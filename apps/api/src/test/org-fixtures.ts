// Fixtures for organisation, shop and staff tests: signed-in owners and members with chosen permissions.
import type { TLoginResponse } from '@feedloom/contracts';
import type { TPermission } from '@feedloom/validation';
import { organizationsRepo } from '../modules/organizations/repo';
import { insertOrg, insertUser, PASSWORD } from './fixtures';
import type { TTestApp } from './test-app';

/** Signs in through the api and returns the login reply (tokens + session fields). */
export const login = async (t: TTestApp, email: string): Promise<TLoginResponse> => {
  const res = await t.call<TLoginResponse>('POST', '/login', { body: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
};

/** An owner with an organisation of `shopCount` shops, signed in (their token carries that organisation). */
export const ownerWithOrg = async (t: TTestApp, email: string, name: string, shopCount = 1) => {
  const user = await insertUser(t, email);
  const { org, shops } = await insertOrg(t, user.id, name, shopCount);
  const session = await login(t, email);
  return { user, org, shops, session, token: session.access_token };
};

/** A member of `orgId` with `permissions` (and only `shopIds` when given), signed in to that organisation. */
export const memberOf = async (
  t: TTestApp,
  orgId: string,
  email: string,
  permissions: TPermission[],
  shopIds: string[] | null = null,
) => {
  const user = await insertUser(t, email);
  await organizationsRepo(t.database.db).addMember(orgId, user.id, {
    role_name: 'Custom',
    permissions,
    shop_ids: shopIds,
  });
  const session = await login(t, email);
  return { user, session, token: session.access_token };
};
