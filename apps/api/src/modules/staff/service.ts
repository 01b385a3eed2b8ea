import type { TInvitationStatus, TLoginResponse, TPendingInvitation, TStaff } from '@feedloom/contracts';
import type { TInvitationSignup, TStaffInvitation, TStaffListQuery } from '@feedloom/validation';
import type { TDb } from '../../db/client';
import type { TUserRow } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import type { TCipher } from '../../lib/crypto';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { TPasswordHasher } from '../../lib/passwords';
import type { TMailer } from '../../mail/mailer';
import { auditRepo } from '../audit/repo';
import { INVITATION_MSG, STAFF_MSG } from './messages';
import { organizationsRepo } from '../organizations/repo';
import { resolveRole } from '../roles/service';
import { usersRepo } from '../users/repo';
import { assertCanGrant, shopScopeOf } from '../tenancy/access';
import { tenancyRepo } from '../tenancy/repo';
import {
  assertShopsOfOrg,
  invitationIds,
  mailInvitation,
  staffAuditValues,
  staffStatus,
  toStaff,
  type TStaffCaller,
} from './invitation';
import { createStaffManagement } from './manage';
import { staffRepo, type TStaffRecord } from './repo';

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface TStaffDeps {
  db: TDb;
  clock: TClock;
  cipher: TCipher;
  mailer: TMailer;
  passwords: TPasswordHasher;
  /** The login reply of an invitee who signs up from the link. */
  /** Signs a user in (the auth service's): an invitee who set a password is signed in at once. */
  auth: { signIn(user: TUserRow): Promise<TLoginResponse> };
  /**
   * Where the web app lives: invitation links point at `${appUrl}/invitation/…` (the invitee has an
   * account) or `${appUrl}/invitation-signup/…` (they have none yet).
   */
  appUrl: string;
  /** How long an invitation link works (INVITATION_TTL_DAYS). */
  invitationTtlDays: number;
}

/** Inviting staff and answering invitations. */
export const createStaffService = (deps: TStaffDeps) => {
  const { db, clock } = deps;
  const ids = invitationIds(deps.cipher);

  const expiresAt = () => new Date(clock.now().getTime() + deps.invitationTtlDays * 86_400_000);
  const mailDeps = { ...deps, validDays: deps.invitationTtlDays };

  /** The invitation behind a link, or null for a tampered, foreign or deleted one. */
  const findInvitation = async (sealedOrg: string, sealedStaff: string) => {
    const opened = ids.open(sealedOrg, sealedStaff);
    const row = opened ? await staffRepo(db).getByLink(opened.orgId, opened.linkId) : null;
    return row?.status === 'revoked' ? null : row;
  };

  /** The invitation behind a link and its organisation, or 404. */
  const invitationOf = async (sealedOrg: string, sealedStaff: string) => {
    const row = await findInvitation(sealedOrg, sealedStaff);
    const org = row ? await organizationsRepo(db).getOrganization(row.organization_id) : null;
    if (!row || !org) throw notFound(INVITATION_MSG.notFound);
    return { row, org };
  };

  /** An invitation that can still be accepted, else the refusal (accepted, expired). */
  const assertAcceptable = (row: TStaffRecord) => {
    const status = staffStatus(row, clock.now());
    if (status === 'accepted') throw conflict(INVITATION_MSG.alreadyAccepted);
    if (status === 'expired') throw conflict(INVITATION_MSG.expired);
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
    await auditRepo(tx).record(row.organization_id, userId, {
      entity: 'member',
      entity_id: row.id,
      action: 'accepted',
      summary: row.email,
      after: await staffAuditValues(tx, row),
    });
    return true;
  };

  return {
    ...createStaffManagement({ db, clock, mailDeps, expiresAt }),

    /**
     * Invites an address with a role over shops; nobody grants more than they hold (assertCanGrant). A
     * custom_role invitation saves its new custom role with it.
     */
    invite: async (caller: TStaffCaller, input: TStaffInvitation): Promise<TStaff> => {
      const email = normaliseEmail(input.email);
      const orgId = caller.org_id;
      const shopIds = input.is_for_entire_organization ? [] : [...new Set(input.shop_id_list)];
      if (await organizationsRepo(db).hasMemberWithEmail(orgId, email))
        throw conflict(STAFF_MSG.alreadyMember, 'email');
      const existing = await staffRepo(db).findByEmail(orgId, email);
      if (existing?.status === 'pending' && staffStatus(existing, clock.now()) === 'pending')
        throw conflict(STAFF_MSG.alreadyInvited, 'email');
      if (!input.is_for_entire_organization) await assertShopsOfOrg(db, orgId, shopIds);

      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const role = await resolveRole(tx, clock, caller, input);
        assertCanGrant(caller, {
          permissions: role.permissions,
          shop_ids: input.is_for_entire_organization ? null : shopIds,
          is_admin_role: role.is_admin_role,
        });
        const saved = await staffRepo(tx).upsert(orgId, {
          email,
          role_id: role.role_id,
          role_name: role.role_name,
          permissions: role.permissions,
          is_for_entire_organization: input.is_for_entire_organization,
          status: 'pending',
          invited_by_user_id: caller.user_id,
          expires_at: expiresAt(),
          created_at: now,
          updated_at: now,
        });
        await tenancyRepo(tx).setStaffShops(orgId, saved.id, shopIds);
        const record = { ...saved, shop_ids: [...shopIds].sort() };
        await auditRepo(tx).record(orgId, caller.user_id, {
          entity: 'invitation',
          entity_id: saved.id,
          action: 'created',
          summary: email,
          after: await staffAuditValues(tx, record),
        });
        return record;
      });
      await mailInvitation(mailDeps, row, caller.user_id);
      return toStaff(row, now);
    },

    /** The staff list; a member limited to some shops sees only staff sharing one of them, and those shops. */
    list: async (caller: TStaffCaller, query: TStaffListQuery) => {
      const scope = shopScopeOf(caller);
      const { rows, total, totalAll } = await staffRepo(db).page(caller.org_id, query, scope);
      const now = clock.now();
      return {
        data: rows.map((r) => toStaff(r, now, scope)),
        total_records: total,
        total_staffs: totalAll,
        owner: await staffRepo(db).owner(caller.org_id),
      };
    },

    /** Invitations waiting for the user's e-mail address. */
    pending: async (userId: string): Promise<TPendingInvitation[]> => {
      const user = await usersRepo(db).findById(userId);
      if (!user) return [];
      const rows = await staffRepo(db).listPendingForEmail(user.email, clock.now());
      return rows.map(({ staff, business_name }) => {
        const sealed = ids.seal(staff.organization_id, staff.link_id);
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
        status: staffStatus(row, clock.now()),
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
      assertAcceptable(row);
      if (!(await db.transaction((tx) => join(tx, row, user.id)))) {
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
      assertAcceptable(row);
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
     * A social sign-in started from an invitation link (its state carried the ids Social
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
      if (!row || staffStatus(row, clock.now()) !== 'pending' || row.email !== user.email) return null;
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
