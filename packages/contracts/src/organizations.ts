import { ZIdSchema, ZOrganizationSchema, ZOwnerOrganizationSchema } from '@feedloom/validation';
import { z } from 'zod';
import { ZLoginResponseSchema } from './auth';
import { endpoint, USER } from './endpoint';

/** The Organisation. Optional fields the owner never filled are null. */
export const ZOrganizationEntitySchema = z.object({
  organization_object_id: z.string(),
  business_name: z.string(),
  business_email: z.string(),
  business_url: z.string().nullable(),
  phone_code: z.string().nullable(),
  phone_number: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  address_1: z.string().nullable(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  developer_email: z.string().nullable(),
  is_owner: z.boolean(),
});
export type TOrganizationEntity = z.infer<typeof ZOrganizationEntitySchema>;

/**
 * An entry of the user's organisation list: the organisation plus the caller's role in it, their
 * permissions there, and the shop they would land on (the last active one, else the first).
 */
export const ZOrganizationListEntrySchema = ZOrganizationEntitySchema.extend({
  role_name: z.string(),
  permissions: z.array(z.string()),
  shop_object_id: z.string().nullable(),
  shop_id: z.string().nullable(),
  shops_count: z.number().int(),
});
export type TOrganizationListEntry = z.infer<typeof ZOrganizationListEntrySchema>;

const ZOrgIdParams = z.object({ id: ZIdSchema('Organisation id') });

export const organizationsContract = {
  find: endpoint({
    method: 'GET',
    path: '/organizations',
    access: USER,
    response: z.array(ZOrganizationListEntrySchema),
  }),
  /** Creates an organisation owned by the caller (who gets every permission in it). */
  create: endpoint({
    method: 'POST',
    path: '/organization',
    access: USER,
    body: ZOrganizationSchema,
    response: ZOrganizationEntitySchema,
  }),
  /** Owner only: 403 for a member, 404 for an organisation the caller is not in. */
  get: endpoint({
    method: 'GET',
    path: '/organization/:id',
    access: USER,
    params: ZOrgIdParams,
    response: ZOrganizationEntitySchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/organization/:id',
    access: USER,
    params: ZOrgIdParams,
    body: ZOwnerOrganizationSchema,
    response: ZOrganizationEntitySchema,
  }),
  /**
   * Switching organisation: remembers it as the last active one and answers new tokens whose
   * organisation is this one, with the session fields (active shop: the last active, else the first).
   */
  switchOrganization: endpoint({
    method: 'GET',
    path: '/capture-last-active-organization/:orgId',
    access: USER,
    params: z.object({ orgId: ZIdSchema('Organisation id') }),
    response: ZLoginResponseSchema,
  }),
} as const;
