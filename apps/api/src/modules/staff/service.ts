import type { TInvitationStatus, TPendingInvitation, TStaff } from '@feedloom/contracts';
import {
  CUSTOM_ROLE_ID,
  findPredefinedRole,
  type TStaffInvitation,
  type TStaffListQuery,
} from '@feedloom/validation';
import type { TDb } from '../../db/client';
import type { TStaffRow } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import type { TCipher } from '../../lib/crypto';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { TMailer } from '../../mail/mailer';
import { invitationMail } from '../../mail/templates';
import { INVITATION_MSG, STAFF_MSG } from '../orgs/messages';
import { orgsRepo } from '../orgs/repo';
import { shopsRepo } from '../shops/repo';
import { usersRepo } from '../users/repo';
import { staffRepo } from './repo';

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const toStaff = (row: TStaffRow): TStaff => ({
  id: row.id,
  email: row.email,
  role_id: row.role_id,
  role_name: row.role_name,
  permissions: row.permissions,
  is_for_entire_organization: row.is_for_entire_organization,
  shop_id_list: row.shop_ids,
  status: row.status,
  created_at: row.created_at.toISOString(),
  accepted_at: row.accepted_at?.toISOString() ?? null,
});

/**
 * The ids of an invitation link, encrypted with ENCRYPTION_KEY. Each carries what it is, so an
 * organisation id cannot stand in for a staff id; a tampered or foreign value decrypts to nothing.
 */
export const invitationIds = (cipher: TCipher) => {
  const open = (kind: 'org' | 'staff', sealed: string): string | null => {
    try {
      const plain = cipher.decrypt(sealed);
      return plain.startsWith(`${kind}:`) ? plain.slice(kind.length + 1) : null;
    } catch {
      return null;
    }
  };
  return {
    seal: (orgId: string, staffId: string) => ({
      org: cipher.encrypt(`org:${orgId}`),
      staff: cipher.encrypt(`staff:${staffId}`),
    }),
    open: (sealedOrg: string, sealedStaff: string) => {
      const orgId = open('org', sealedOrg);
      const staffId = open('staff', sealedStaff);
      return orgId && staffId ? { orgId, staffId } : null;
    },
  };
};

export interface TStaffDeps {
  db: TDb;
  clock: TClock;
  cipher: TCipher;
  mailer: TMailer;
  /** Where the web app lives: invitation links point at `${appUrl}/invitation/…`. */
  appUrl: string;
}

/** Inviting staff (spec §5 Roles and invitations, §7 Staff) and answering invitations. */
export const createStaffService = (deps: TStaffDeps) => {
  const { db, clock, mailer } = deps;
  const ids = invitationIds(deps.cipher);

  const roleOf = (input: TStaffInvitation) => {
    if (input.role_id === CUSTOM_ROLE_ID) {
      return {
        role_id: CUSTOM_ROLE_ID,
        role_name: input.role_name ?? '',
        permissions: [...input.permissions],
      };
    }
    const role = findPredefinedRole(input.role_id);
    if (!role) throw badRequest(STAFF_MSG.roleNotFound);
    return { role_id: role.role_id, role_name: role.role_name, permissions: [...role.permissions] };
  };

  /** The invitation behind a link, or 404. */
  const invitationOf = async (sealedOrg: string, sealedStaff: string) => {
    const opened = ids.open(sealedOrg, sealedStaff);
    const row = opened ? await staffRepo(db).getForOrg(opened.orgId, opened.staffId) : null;
    const org = row ? await orgsRepo(db).getOrganization(row.organization_id) : null;
    if (!row || !org) throw notFound(INVITATION_MSG.notFound);
    return { row, org };
  };

  return {
    invite: async (caller: { org_id: string; user_id: string }, input: TStaffInvitation): Promise<TStaff> => {
      const email = normaliseEmail(input.email);
      const orgId = caller.org_id;
      if (await orgsRepo(db).hasMemberWithEmail(orgId, email)) throw conflict(STAFF_MSG.alreadyMember);
      const existing = await staffRepo(db).findByEmail(orgId, email);
      if (existing?.status === 'pending') throw conflict(STAFF_MSG.alreadyInvited);
      const role = roleOf(input);

      let shopIds: string[] = [];
      if (!input.is_for_entire_organization) {
        shopIds = [...new Set(input.shop_id_list)];
        const shops = shopsRepo(db);
        for (const id of shopIds) {
          if ((await shops.getForOrg(orgId, id))?.status !== 'active')
            throw badRequest(STAFF_MSG.storesNotFound);
        }
      }

      const now = clock.now();
      const row = await staffRepo(db).upsert(orgId, {
        email,
        ...role,
        is_for_entire_organization: input.is_for_entire_organization,
        shop_ids: shopIds,
        status: 'pending',
        invited_by_user_id: caller.user_id,
        created_at: now,
        updated_at: now,
      });
      const org = await orgsRepo(db).getOrganization(orgId);
      const inviter = await usersRepo(db).findById(caller.user_id);
      const sealed = ids.seal(orgId, row.id);
      await mailer.send(
        invitationMail(email, {
          businessName: org?.business_name ?? 'an organisation',
          roleName: row.role_name,
          inviterName:
            [inviter?.first_name, inviter?.last_name].filter(Boolean).join(' ') ||
            inviter?.email ||
            'A colleague',
          link: `${deps.appUrl.replace(/\/+$/, '')}/invitation/${sealed.org}/${sealed.staff}`,
        }),
      );
      return toStaff(row);
    },

    list: async (orgId: string, query: TStaffListQuery) => {
      const { rows, total, totalAll } = await staffRepo(db).page(orgId, query);
      return { data: rows.map(toStaff), total_records: total, total_staffs: totalAll };
    },

    /** Invitations waiting for the user's e-mail address. */
    pending: async (userId: string): Promise<TPendingInvitation[]> => {
      const user = await usersRepo(db).findById(userId);
      if (!user) return [];
      const rows = await staffRepo(db).listPendingForEmail(user.email);
      return rows.map(({ staff, business_name }) => {
        const sealed = ids.seal(staff.organization_id, staff.id);
        return {
          email: staff.email,
          business_name,
          encrypted_organization_object_id: sealed.org,
          encrypted_staff_id: sealed.staff,
          organization_object_id: staff.organization_id,
          role_name: staff.role_name,
          invited_at: staff.created_at.toISOString(),
        };
      });
    },

    status: async (sealedOrg: string, sealedStaff: string): Promise<TInvitationStatus> => {
      const { row, org } = await invitationOf(sealedOrg, sealedStaff);
      const invitee = await usersRepo(db).findByEmail(row.email);
      return {
        status: row.status,
        email: row.email,
        business_name: org.business_name,
        role_name: row.role_name,
        is_existing_user: Boolean(invitee?.email_verified_at),
      };
    },

    /** Joins the organisation with the invitation's role, permissions and shops. */
    accept: async (userId: string, sealedOrg: string, sealedStaff: string) => {
      const { row, org } = await invitationOf(sealedOrg, sealedStaff);
      const user = await usersRepo(db).findById(userId);
      if (!user || user.email !== row.email) throw forbidden(INVITATION_MSG.otherEmail);
      if (row.status === 'accepted') throw conflict(INVITATION_MSG.alreadyAccepted);
      await db.transaction(async (tx) => {
        await orgsRepo(tx).addMember(org.id, user.id, {
          role_name: row.role_name,
          permissions: row.permissions,
          shop_ids: row.is_for_entire_organization ? null : row.shop_ids,
        });
        await staffRepo(tx).markAccepted(org.id, row.id, user.id, clock.now());
      });
      return { organization_object_id: org.id, business_name: org.business_name };
    },
  };
};
export type TStaffService = ReturnType<typeof createStaffService>;
