import type { TOrganizationEntity } from '@feedloom/contracts';
import type { TOrganization } from '@feedloom/validation';
import type { TDb } from '../../db/client';
import type { TOrganizationRow } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import { forbidden, notFound } from '../../lib/errors';
import { auditRepo } from '../audit/repo';
import { ORGANIZATION_MSG } from './messages';
import { organizationsRepo, type TOrganizationValues } from './repo';

const orNull = (v: string | undefined): string | null => (v === undefined || v === '' ? null : v);

/** Form values as stored: empty optional fields become null. */
const toValues = (input: TOrganization): TOrganizationValues => ({
  business_name: input.business_name,
  business_email: input.business_email.toLowerCase(),
  business_url: orNull(input.business_url),
  phone_code: orNull(input.phone_code),
  phone_number: orNull(input.phone_number),
  country: orNull(input.country),
  state: orNull(input.state),
  city: orNull(input.city),
  address_1: orNull(input.address_1),
  address_2: orNull(input.address_2),
  zipcode: orNull(input.zipcode),
  developer_email: orNull(input.developer_email?.toLowerCase()),
});

export const toOrganizationEntity = (org: TOrganizationRow, isOwner: boolean): TOrganizationEntity => ({
  organization_object_id: org.id,
  business_name: org.business_name,
  business_email: org.business_email,
  business_url: org.business_url,
  phone_code: org.phone_code,
  phone_number: org.phone_number,
  state: org.state,
  country: org.country,
  address_1: org.address_1,
  address_2: org.address_2,
  city: org.city,
  zipcode: org.zipcode,
  developer_email: org.developer_email,
  is_owner: isOwner,
});

/** Organisations: creating one, and the owner's settings (the user's list is the workspace's). */
export const createOrganizationsService = (deps: { db: TDb; clock: TClock }) => {
  const { db, clock } = deps;

  /** The organisation of the settings screen: the caller must be in it (404) and own it (403). */
  const ownedOrganization = async (userId: string, orgId: string): Promise<TOrganizationRow> => {
    const repo = organizationsRepo(db);
    const member = await repo.getMember(orgId, userId);
    if (!member) throw notFound(ORGANIZATION_MSG.notFound);
    if (!member.is_owner) throw forbidden(ORGANIZATION_MSG.ownerOnly);
    const org = await repo.getOrganization(orgId);
    if (!org) throw notFound(ORGANIZATION_MSG.notFound);
    return org;
  };

  return {
    /** The creator becomes the owner, holding every permission. */
    create: async (userId: string, input: TOrganization): Promise<TOrganizationEntity> => {
      const org = await db.transaction((tx) =>
        organizationsRepo(tx).createWithOwner(userId, toValues(input)),
      );
      return toOrganizationEntity(org, true);
    },

    get: async (userId: string, orgId: string): Promise<TOrganizationEntity> =>
      toOrganizationEntity(await ownedOrganization(userId, orgId), true),

    update: async (userId: string, orgId: string, input: TOrganization): Promise<TOrganizationEntity> => {
      const before = await ownedOrganization(userId, orgId);
      const values = toValues(input);
      const org = await db.transaction(async (tx) => {
        const updated = await organizationsRepo(tx).updateOrganization(orgId, {
          ...values,
          updated_at: clock.now(),
        });
        if (!updated) throw notFound(ORGANIZATION_MSG.notFound);
        await auditRepo(tx).record(orgId, userId, {
          entity: 'organization',
          entity_id: orgId,
          action: 'updated',
          summary: updated.business_name,
          before: Object.fromEntries(Object.keys(values).map((k) => [k, before[k as keyof typeof values]])),
          after: values,
        });
        return updated;
      });
      return toOrganizationEntity(org, true);
    },
  };
};
export type TOrganizationsService = ReturnType<typeof createOrganizationsService>;
