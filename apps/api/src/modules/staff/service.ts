import type { TInvitationStatus, TLoginResponse, TPendingInvitation, TStaff } from '@feedloom/contracts';
import {
  CUSTOM_ROLE_ID,
  findPredefinedRole,
  type TInvitationSignup,
  type TStaffInvitation,
  type TStaffListQuery,
} from '@feedloom/validation';
import type { TDb } from '../../db/client';
import type { TUserRow } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import type { TCipher } from '../../lib/crypto';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { TPasswordHasher } from '../../lib/passwords';
import type { TMailer } from '../../mail/mailer';
import { invitationMail } from '../../mail/templates';
import type { TAuthService } from '../auth/service';
import { INVITATION_MSG, STAFF_MSG } from './messages';
import { organizationsRepo } from '../organizations/repo';
import { shopsRepo } from '../shops/repo';
import { usersRepo } from '../users/repo';
import { assertCanGrant, type TRights } from '../tenancy/access';
import { tenancyRepo } from '../tenancy/repo';
import { staffRepo, type TStaffRecord } from './repo';

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const toStaff = (row: TStaffRecord): TStaff => ({
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
  passwords: TPasswordHasher;
  /** The login reply of an invitee who signs up from the link. */
  auth: Pick<TAuthService, 'signIn'>;
  /**
   * Where the web app lives: invitation links point at `${appUrl}/invitation/…` (the invitee has an
   * account) or `${appUrl}/invitation-signup/…` (they have none yet).
   */
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

  /** The invitation behind a link, or null for a tampered, foreign or deleted one. */
  const findInvitation = async (sealedOrg: string, sealedStaff: string) => {
    const opened = ids.open(sealedOrg, sealedStaff);
    return opened ? staffRepo(db).getForOrg(opened.orgId, opened.staffId) : null;
  };

  /** The invitation behind a link and its organisation, or 404. */
  const invitationOf = async (sealedOrg: string, sealedStaff: string) => {
    const row = await findInvitation(sealedOrg, sealedStaff);
    const org = row ? await organizationsRepo(db).getOrganization(row.organization_id) : null;
    if (!row || !org) throw notFound(INVITATION_MSG.notFound);
    return { row, org };
  };

  /** Whether the e-mail belongs to an account (a verified user): it decides sign in or sign up. */
  const hasAccount = async (email: string) =>
    Boolean((await usersRepo(db).findByEmail(email))?.email_verified_at);

  /**
   * The one way an invitation is accepted: it is marked accepted (only while pending, so two accepts
   * cannot both win) and the user becomes a member with its role, permissions and shops. False when it
   * was no longer pending.
   */
  const join = async (tx: TDb, row: TStaffRecord, userId: string): Promise<boolean> => {
    if (!(await staffRepo(tx).markAccepted(row.organization_id, row.id, userId, clock.now()))) return false;
    await organizationsRepo(tx).addMember(row.organization_id, userId, {
      role_name: row.role_name,
      permissions: row.permissions,
      shop_ids: row.is_for_entire_organization ? null : row.shop_ids,
    });
    return true;
  };

  return {
    /** Invites an address with a role over shops; nobody grants more than they hold (assertCanGrant). */
    invite: async (
      caller: TRights & { org_id: string; user_id: string },
      input: TStaffInvitation,
    ): Promise<TStaff> => {
      const email = normaliseEmail(input.email);
      const orgId = caller.org_id;
      const role = roleOf(input);
      const shopIds = input.is_for_entire_organization ? [] : [...new Set(input.shop_id_list)];
      assertCanGrant(caller, {
        permissions: role.permissions,
        shop_ids: input.is_for_entire_organization ? null : shopIds,
        is_admin_role: role.role_id === 'admin',
      });
      if (await organizationsRepo(db).hasMemberWithEmail(orgId, email))
        throw conflict(STAFF_MSG.alreadyMember, 'email');
      const existing = await staffRepo(db).findByEmail(orgId, email);
      if (existing?.status === 'pending') throw conflict(STAFF_MSG.alreadyInvited, 'email');

      if (!input.is_for_entire_organization) {
        const shops = shopsRepo(db);
        for (const id of shopIds) {
          if ((await shops.getForOrg(orgId, id))?.status !== 'active')
            throw badRequest(STAFF_MSG.shopsNotFound);
        }
      }

      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const saved = await staffRepo(tx).upsert(orgId, {
          email,
          ...role,
          is_for_entire_organization: input.is_for_entire_organization,
          status: 'pending',
          invited_by_user_id: caller.user_id,
          created_at: now,
          updated_at: now,
        });
        await tenancyRepo(tx).setStaffShops(orgId, saved.id, shopIds);
        return { ...saved, shop_ids: [...shopIds].sort() };
      });
      const org = await organizationsRepo(db).getOrganization(orgId);
      const inviter = await usersRepo(db).findById(caller.user_id);
      const sealed = ids.seal(orgId, row.id);
      const page = (await hasAccount(email)) ? 'invitation' : 'invitation-signup';
      await mailer.send(
        invitationMail(email, {
          businessName: org?.business_name ?? 'an organisation',
          roleName: row.role_name,
          inviterName:
            [inviter?.first_name, inviter?.last_name].filter(Boolean).join(' ') ||
            inviter?.email ||
            'A colleague',
          link: `${deps.appUrl.replace(/\/+$/, '')}/${page}/${sealed.org}/${sealed.staff}`,
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
      return {
        status: row.status,
        email: row.email,
        business_name: org.business_name,
        role_name: row.role_name,
        is_existing_user: await hasAccount(row.email),
      };
    },

    /** Joins the organisation with the invitation's role, permissions and shops. */
    accept: async (userId: string, sealedOrg: string, sealedStaff: string) => {
      const { row, org } = await invitationOf(sealedOrg, sealedStaff);
      const user = await usersRepo(db).findById(userId);
      if (!user || user.email !== row.email) throw forbidden(INVITATION_MSG.otherEmail);
      if (row.status !== 'pending' || !(await db.transaction((tx) => join(tx, row, user.id)))) {
        throw conflict(INVITATION_MSG.alreadyAccepted);
      }
      return { organization_object_id: org.id, business_name: org.business_name };
    },

    /**
     * POST /create-staff-user: an invitee without an account signs up from the link. The account gets
     * the invitation's e-mail, verified (the mailed link proves it), the name and password given, joins
     * the organisation (as accept does) with it active, and is signed in.
     */
    createStaffUser: async (
      sealedOrg: string,
      sealedStaff: string,
      input: TInvitationSignup,
    ): Promise<{ reply: TLoginResponse; business_name: string }> => {
      const { row, org } = await invitationOf(sealedOrg, sealedStaff);
      if (row.status !== 'pending') throw conflict(INVITATION_MSG.alreadyAccepted);
      const existing = await usersRepo(db).findByEmail(row.email);
      if (existing?.email_verified_at) throw conflict(INVITATION_MSG.accountExists);
      const passwordHash = await deps.passwords.hash(input.password);
      const now = clock.now();
      const user = await db.transaction(async (tx) => {
        const users = usersRepo(tx);
        // An unfinished sign-up of the address (code never entered) becomes this account.
        const unverified = existing ?? (await users.createUnverified(row.email, now));
        // Null when the address got an account meanwhile (a concurrent sign-up or verification won).
        const created =
          unverified &&
          (await users.updateUnverified(unverified.id, {
            email_verified_at: now,
            password_hash: passwordHash,
            password_changed_at: now,
            first_name: input.first_name,
            last_name: input.last_name || null,
            last_active_organization_id: org.id,
            updated_at: now,
          }));
        if (!created) throw conflict(INVITATION_MSG.accountExists);
        if (!(await join(tx, row, created.id))) throw conflict(INVITATION_MSG.alreadyAccepted);
        return created;
      });
      return { reply: await deps.auth.signIn(user), business_name: org.business_name };
    },

    /**
     * A social sign-in started from an invitation link (its state carried the ids, spec §2 Social
     * callback): the user joins when the signed-in e-mail is the invitation's and it is still pending,
     * and that organisation becomes active. Anything else (another e-mail, a used or broken link) is left
     * to the invitation page the web goes to. Returns the updated user, or null when they did not join.
     */
    joinOnSignIn: async (
      user: TUserRow,
      sealedOrg: string,
      sealedStaff: string,
    ): Promise<TUserRow | null> => {
      const row = await findInvitation(sealedOrg, sealedStaff);
      if (row?.status !== 'pending' || row.email !== user.email) return null;
      return db.transaction(async (tx) => {
        if (!(await join(tx, row, user.id))) return null;
        return usersRepo(tx).update(user.id, {
          last_active_organization_id: row.organization_id,
          updated_at: clock.now(),
        });
      });
    },
  };
};
export type TStaffService = ReturnType<typeof createStaffService>;
