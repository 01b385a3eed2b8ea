// Managing staff once invited: changing a
// role or stores, revoking, removing and resending. A member's rights live in their membership, which the
// access hook reads on every request, so each change applies to their next request.
import type { TStaff } from '@feedloom/contracts';
import type { TStaffUpdate } from '@feedloom/validation';
import type { TDb } from '../../db/client';
import type { TClock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import { auditRepo } from '../audit/repo';
import { resolveRole } from '../roles/service';
import { assertCanGrant, assertCanManageMember, shopScopeOf } from '../tenancy/access';
import { tenancyRepo } from '../tenancy/repo';
import { INVITATION_MSG, STAFF_MSG } from './messages';
import {
  assertShopsOfOrg,
  mailInvitation,
  staffAuditValues,
  toStaff,
  type TInvitationMailDeps,
  type TStaffCaller,
} from './invitation';
import { staffRepo, staffRights, type TStaffRecord } from './repo';

interface TManageDeps {
  db: TDb;
  clock: TClock;
  mailDeps: TInvitationMailDeps;
  expiresAt: () => Date;
}

export const createStaffManagement = ({ db, clock, mailDeps, expiresAt }: TManageDeps) => {
  const find = async (orgId: string, staffId: string): Promise<TStaffRecord> => {
    const row = await staffRepo(db).getForOrg(orgId, staffId);
    if (!row) throw notFound(STAFF_MSG.notFound);
    return row;
  };

  /** A member (accepted) is recorded as one; anything else as the invitation it still is. */
  const entityOf = (row: Pick<TStaffRecord, 'status'>): 'member' | 'invitation' =>
    row.status === 'accepted' ? 'member' : 'invitation';

  return {
    /** One entry; a member limited to some shops sees only staff sharing one of them (else 404). */
    get: async (caller: TStaffCaller, staffId: string): Promise<TStaff> => {
      const scope = shopScopeOf(caller);
      const row = await staffRepo(db).getForOrg(caller.org_id, staffId, scope);
      if (!row) throw notFound(STAFF_MSG.notFound);
      return toStaff(row, clock.now(), scope);
    },

    /**
     * New role and stores for an invitation or a member. The caller must be able to manage them as they
     * are (assertCanManageMember) and to grant what they get (assertCanGrant).
     */
    update: async (caller: TStaffCaller, staffId: string, input: TStaffUpdate): Promise<TStaff> => {
      const before = await find(caller.org_id, staffId);
      assertCanManageMember(caller, staffRights(before));
      const shopIds = input.is_for_entire_organization ? [] : [...new Set(input.shop_id_list)].sort();
      if (!input.is_for_entire_organization) await assertShopsOfOrg(db, caller.org_id, shopIds);
      const now = clock.now();
      const after = await db.transaction(async (tx) => {
        const role = await resolveRole(tx, clock, caller, input);
        assertCanGrant(caller, {
          permissions: role.permissions,
          shop_ids: input.is_for_entire_organization ? null : shopIds,
          is_admin_role: role.is_admin_role,
        });
        const values = {
          role_id: role.role_id,
          role_name: role.role_name,
          permissions: role.permissions,
          is_for_entire_organization: input.is_for_entire_organization,
          updated_at: now,
        };
        const saved = await staffRepo(tx).update(caller.org_id, staffId, values);
        if (!saved) throw notFound(STAFF_MSG.notFound);
        await tenancyRepo(tx).setStaffShops(caller.org_id, staffId, shopIds);
        if (saved.status === 'accepted' && saved.user_id) {
          await staffRepo(tx).updateMember(caller.org_id, saved.user_id, {
            role_name: role.role_name,
            permissions: role.permissions,
            shop_ids: input.is_for_entire_organization ? null : shopIds,
          });
        }
        const record: TStaffRecord = { ...saved, shop_ids: shopIds };
        await auditRepo(tx).record(caller.org_id, caller.user_id, {
          entity: entityOf(saved),
          entity_id: staffId,
          action: 'updated',
          summary: saved.email,
          before: await staffAuditValues(tx, before),
          after: await staffAuditValues(tx, record),
        });
        return record;
      });
      return toStaff(after, now);
    },

    /**
     * First call: a pending invitation is revoked (its link stops working), a member loses the organisation
     * (their next request is refused); both stay listed as revoked. On a revoked one: deleted for good.
     */
    delete: async (
      caller: TStaffCaller,
      staffId: string,
    ): Promise<{ staff: TStaff | null; outcome: 'revoked' | 'removed' | 'deleted' }> => {
      const row = await find(caller.org_id, staffId);
      assertCanManageMember(caller, staffRights(row));
      const now = clock.now();
      return db.transaction(async (tx) => {
        const audit = auditRepo(tx);
        if (row.status === 'revoked') {
          await staffRepo(tx).delete(caller.org_id, staffId);
          await audit.record(caller.org_id, caller.user_id, {
            entity: 'invitation',
            entity_id: staffId,
            action: 'deleted',
            summary: row.email,
          });
          return { staff: null, outcome: 'deleted' as const };
        }
        const revoked = await staffRepo(tx).renewLink(caller.org_id, staffId, {
          status: 'revoked',
          expires_at: null,
          updated_at: now,
        });
        if (!revoked) throw notFound(STAFF_MSG.notFound);
        if (row.status === 'accepted' && row.user_id) {
          await staffRepo(tx).removeMember(caller.org_id, row.user_id);
        }
        await audit.record(caller.org_id, caller.user_id, {
          entity: entityOf(row),
          entity_id: staffId,
          action: row.status === 'accepted' ? 'deleted' : 'revoked',
          summary: row.email,
          before: await staffAuditValues(tx, row),
        });
        return {
          staff: toStaff({ ...revoked, shop_ids: row.shop_ids }, now),
          outcome: row.status === 'accepted' ? ('removed' as const) : ('revoked' as const),
        };
      });
    },

    /** A new link for a pending, expired or revoked invitation, valid for the full lifetime again. */
    resend: async (caller: TStaffCaller, staffId: string): Promise<TStaff> => {
      const row = await find(caller.org_id, staffId);
      if (row.status === 'accepted') throw conflict(INVITATION_MSG.alreadyAccepted);
      assertCanManageMember(caller, staffRights(row));
      // The rights of a revoked invitation come back with it: the caller must still be able to grant them.
      assertCanGrant(caller, {
        permissions: row.permissions,
        shop_ids: staffRights(row).shop_ids,
        is_admin_role: row.role_id === 'admin',
      });
      const now = clock.now();
      const renewed = await db.transaction(async (tx) => {
        const saved = await staffRepo(tx).renewLink(caller.org_id, staffId, {
          status: 'pending',
          expires_at: expiresAt(),
          updated_at: now,
        });
        if (!saved) throw notFound(STAFF_MSG.notFound);
        await auditRepo(tx).record(caller.org_id, caller.user_id, {
          entity: 'invitation',
          entity_id: staffId,
          action: 'resent',
          summary: row.email,
        });
        return { ...saved, shop_ids: row.shop_ids };
      });
      await mailInvitation(mailDeps, renewed, caller.user_id);
      return toStaff(renewed, now);
    },
  };
};
