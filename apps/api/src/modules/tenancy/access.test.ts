import { PERMISSIONS } from '@feedloom/validation';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { assertCanGrant, assertCanManageMember, isOrgAdmin, type TGrant, type TRights } from './access';
import { TENANCY_MSG } from './messages';

const owner: TRights = { is_owner: true, permissions: [], shop_ids: null };
const admin: TRights = { is_owner: false, permissions: [...PERMISSIONS], shop_ids: null };
/** May manage users, limited to shop A, with no store permissions: the member of the probe report. */
const userManagerOfA: TRights = {
  is_owner: false,
  permissions: ['user_management', 'user_management_manage', 'product_and_promotions_feed_manage'],
  shop_ids: ['A'],
};

const refusal = (fn: () => void): string | null => {
  try {
    fn();
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(403);
    return (err as AppError).message;
  }
};

describe('isOrgAdmin', () => {
  it('is the owner, or every permission for the entire organisation', () => {
    expect(isOrgAdmin(owner)).toBe(true);
    expect(isOrgAdmin(admin)).toBe(true);
    expect(isOrgAdmin({ ...admin, shop_ids: ['A'] })).toBe(false);
    expect(isOrgAdmin({ ...admin, permissions: PERMISSIONS.slice(1) })).toBe(false);
  });
});

describe('assertCanGrant', () => {
  const grant = (g: Partial<TGrant>): TGrant => ({ permissions: [], shop_ids: ['A'], ...g });

  it('lets the owner and an organisation admin grant anything', () => {
    for (const caller of [owner, admin]) {
      expect(
        refusal(() =>
          assertCanGrant(caller, grant({ permissions: PERMISSIONS, shop_ids: null, is_admin_role: true })),
        ),
      ).toBeNull();
    }
  });

  it('refuses the probe: admin for the entire organisation from a one-shop user manager', () => {
    expect(
      refusal(() =>
        assertCanGrant(
          userManagerOfA,
          grant({ permissions: PERMISSIONS, shop_ids: null, is_admin_role: true }),
        ),
      ),
    ).toBe(TENANCY_MSG.adminRoleNeedsAdmin);
    expect(
      refusal(() =>
        assertCanGrant(userManagerOfA, grant({ permissions: ['user_management'], shop_ids: null })),
      ),
    ).toBe(TENANCY_MSG.entireOrganizationNeedsAdmin);
  });

  it('refuses permissions the caller does not hold, including a custom role with every permission', () => {
    expect(refusal(() => assertCanGrant(userManagerOfA, grant({ permissions: ['store_management'] })))).toBe(
      TENANCY_MSG.permissionsBeyondOwn,
    );
    expect(refusal(() => assertCanGrant(userManagerOfA, grant({ permissions: PERMISSIONS })))).toBe(
      TENANCY_MSG.permissionsBeyondOwn,
    );
  });

  it('refuses shops the caller cannot reach', () => {
    expect(
      refusal(() =>
        assertCanGrant(userManagerOfA, grant({ permissions: ['user_management'], shop_ids: ['A', 'B'] })),
      ),
    ).toBe(TENANCY_MSG.shopsBeyondOwn);
  });

  it('allows what the caller holds, over their shops; manage implies read', () => {
    expect(
      refusal(() =>
        assertCanGrant(
          userManagerOfA,
          grant({ permissions: ['user_management_manage', 'product_and_promotions_feed'] }),
        ),
      ),
    ).toBeNull();
  });

  it('treats a whole-organisation member without every permission as limited in permissions only', () => {
    const storeManager: TRights = {
      is_owner: false,
      permissions: ['store_management_manage'],
      shop_ids: null,
    };
    expect(
      refusal(() =>
        assertCanGrant(storeManager, grant({ permissions: ['store_management'], shop_ids: ['A', 'B'] })),
      ),
    ).toBeNull();
    expect(
      refusal(() =>
        assertCanGrant(storeManager, grant({ permissions: ['store_management'], shop_ids: null })),
      ),
    ).toBe(TENANCY_MSG.entireOrganizationNeedsAdmin);
  });
});

describe('assertCanManageMember', () => {
  it('never touches the owner', () => {
    expect(refusal(() => assertCanManageMember(admin, owner))).toBe(TENANCY_MSG.ownerUntouchable);
  });

  it('needs an admin for a member whose rights exceed the caller’s', () => {
    expect(refusal(() => assertCanManageMember(userManagerOfA, admin))).toBe(TENANCY_MSG.memberBeyondOwn);
    expect(
      refusal(() =>
        assertCanManageMember(userManagerOfA, {
          is_owner: false,
          permissions: ['store_management'],
          shop_ids: ['A'],
        }),
      ),
    ).toBe(TENANCY_MSG.memberBeyondOwn);
    expect(
      refusal(() =>
        assertCanManageMember(userManagerOfA, {
          is_owner: false,
          permissions: ['user_management'],
          shop_ids: ['B'],
        }),
      ),
    ).toBe(TENANCY_MSG.memberBeyondOwn);
    expect(
      refusal(() =>
        assertCanManageMember(userManagerOfA, {
          is_owner: false,
          permissions: ['user_management'],
          shop_ids: ['A'],
        }),
      ),
    ).toBeNull();
    expect(refusal(() => assertCanManageMember(admin, userManagerOfA))).toBeNull();
  });
});
