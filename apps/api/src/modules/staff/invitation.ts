// What the staff endpoints share: the sealed ids of an invitation link, the staff as the api answers it,
// the invitation mail, and how a staff change reads in the activity log.
import type { TStaff } from '@feedloom/contracts';
import { describePermissions } from '@feedloom/validation';
import type { TDb } from '../../db/client';
import type { TCipher } from '../../lib/crypto';
import type { TMailer } from '../../mail/mailer';
import { invitationMail } from '../../mail/templates';
import { organizationsRepo } from '../organizations/repo';
import { shopsRepo } from '../shops/repo';
import { usersRepo } from '../users/repo';
import { badRequest } from '../../lib/errors';
import type { TRights, TShopScope } from '../tenancy/access';
import { STAFF_MSG } from './messages';
import type { TStaffRecord } from './repo';

export type TStaffCaller = TRights & { org_id: string; user_id: string };

/** 'expired' is a pending invitation whose link is past its time. */
export const staffStatus = (row: Pick<TStaffRecord, 'status' | 'expires_at'>, now: Date): TStaff['status'] =>
  row.status === 'pending' && (!row.expires_at || row.expires_at <= now) ? 'expired' : row.status;

/**
 * The staff entry as the api shows it. `scope` is the viewer's shop scope: a member limited to some shops
 * sees only those of the entry's shops, never other shops' ids.
 */
export const toStaff = (row: TStaffRecord, now: Date, scope: TShopScope = null): TStaff => ({
  id: row.id,
  email: row.email,
  role_id: row.role_id,
  role_name: row.role_name,
  permissions: row.permissions,
  is_for_entire_organization: row.is_for_entire_organization,
  shop_id_list: scope === null ? row.shop_ids : row.shop_ids.filter((id) => scope.includes(id)),
  status: staffStatus(row, now),
  user_id: row.user_id,
  created_at: row.created_at.toISOString(),
  accepted_at: row.accepted_at?.toISOString() ?? null,
  expires_at: row.status === 'accepted' ? null : (row.expires_at?.toISOString() ?? null),
});

/**
 * The ids of an invitation link, encrypted with ENCRYPTION_KEY: the organisation and the invitation's
 * current link id (not its staff id, so a resend or a revocation retires every older link). Each carries
 * what it is, so one cannot stand in for the other; a tampered or foreign value decrypts to nothing.
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
    seal: (orgId: string, linkId: string) => ({
      org: cipher.encrypt(`org:${orgId}`),
      staff: cipher.encrypt(`staff:${linkId}`),
    }),
    open: (sealedOrg: string, sealedStaff: string) => {
      const orgId = open('org', sealedOrg);
      const linkId = open('staff', sealedStaff);
      return orgId && linkId ? { orgId, linkId } : null;
    },
  };
};

export interface TInvitationMailDeps {
  db: TDb;
  cipher: TCipher;
  mailer: TMailer;
  appUrl: string;
  validDays: number;
}

/** Mails the invitation's current link: sign up (no account for the address yet) or accept. */
export const mailInvitation = async (deps: TInvitationMailDeps, row: TStaffRecord, inviterId: string) => {
  const { db } = deps;
  const org = await organizationsRepo(db).getOrganization(row.organization_id);
  const inviter = await usersRepo(db).findById(inviterId);
  const sealed = invitationIds(deps.cipher).seal(row.organization_id, row.link_id);
  const hasAccount = Boolean((await usersRepo(db).findByEmail(row.email))?.email_verified_at);
  const page = hasAccount ? 'invitation' : 'invitation-signup';
  await deps.mailer.send(
    invitationMail(row.email, {
      businessName: org?.business_name ?? 'an organisation',
      roleName: row.role_name,
      inviterName:
        [inviter?.first_name, inviter?.last_name].filter(Boolean).join(' ') ||
        inviter?.email ||
        'A colleague',
      link: `${deps.appUrl.replace(/\/+$/, '')}/${page}/${sealed.org}/${sealed.staff}`,
      validDays: deps.validDays,
    }),
  );
};

export const ENTIRE_ORGANIZATION = 'Entire organisation';

/** How an invitation or member reads in the activity log: role, permissions and stores by name. */
export const staffAuditValues = async (
  db: TDb,
  row: Pick<
    TStaffRecord,
    'organization_id' | 'role_name' | 'permissions' | 'is_for_entire_organization' | 'shop_ids'
  >,
) => {
  const stores = row.is_for_entire_organization
    ? ENTIRE_ORGANIZATION
    : (await shopsRepo(db).listForOrg(row.organization_id, { scope: row.shop_ids }))
        .map((s) => s.shop_name)
        .join(', ');
  return { role: row.role_name, permissions: describePermissions(row.permissions), stores };
};

/** Every shop of a selection must be an active shop of the organisation. */
export const assertShopsOfOrg = async (db: TDb, orgId: string, shopIds: readonly string[]) => {
  const shops = shopsRepo(db);
  for (const id of shopIds) {
    if ((await shops.getForOrg(orgId, id))?.status !== 'active') throw badRequest(STAFF_MSG.shopsNotFound);
  }
};
