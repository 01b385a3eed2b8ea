import { ZAuditExportQuerySchema, ZAuditLogQuerySchema, type TAuditArea } from '@feedloom/validation';
import { z } from 'zod';
import { BINARY_RESPONSE, endpoint, needs } from './endpoint';

export const AUDIT_ENTITIES = [
  'member',
  'invitation',
  'role',
  'organization',
  'shop',
  'product',
  'bulk_run',
  'data_source',
  'import_run',
  'channel',
  'feed',
] as const;
export type TAuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'revoked',
  'resent',
  'accepted',
  'reactivated',
  'run',
  'confirmed',
  'discarded',
  'connected',
  'disconnected',
  'rotated',
  'applied',
  'reset',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** Which kinds of things each area of the activity log's filter covers. */
export const AUDIT_AREA_ENTITIES: Readonly<Record<TAuditArea, readonly TAuditEntity[]>> = {
  people: ['member', 'invitation', 'role'],
  organisation: ['organization'],
  stores: ['shop'],
  products: ['product', 'bulk_run'],
  data_sources: ['data_source', 'import_run'],
  channels: ['channel', 'feed'],
};

/** A person of the activity log (who made a change). */
export const ZAuditActorSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
});
export type TAuditActor = z.infer<typeof ZAuditActorSchema>;

/** Values of a changed thing as shown to a person: field → text (null: empty). */
export const ZAuditValuesSchema = z.record(z.string(), z.string().nullable());
export type TAuditValues = z.infer<typeof ZAuditValuesSchema>;

/** One change: who, when, what, before → after (only the fields that changed). */
export const ZAuditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** null when the account is gone. */
  actor: ZAuditActorSchema.nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** What the change was about, as people know it: an e-mail, a role, a store or business name. */
  summary: z.string(),
  /** The store the change concerns, when it concerns one. */
  shop_id: z.string().nullable(),
  /** The client address the change came from (null: recorded by a background job or before addresses were kept). */
  ip: z.string().nullable(),
  before: ZAuditValuesSchema.nullable(),
  after: ZAuditValuesSchema.nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

export const ZAuditPageSchema = z.object({
  data: z.array(ZAuditEntrySchema),
  total_records: z.number().int(),
  /** Everyone who changed something in the organisation: the choices of the person filter. */
  actors: z.array(ZAuditActorSchema),
});
export type TAuditPage = z.infer<typeof ZAuditPageSchema>;

export const auditContract = {
  /** The owner's activity log, newest first (the service refuses anyone else). */
  find: endpoint({
    method: 'GET',
    path: '/audit-log',
    access: needs('user_management', 'read'),
    query: ZAuditLogQuerySchema,
    response: ZAuditPageSchema,
  }),
  /** The activity log as a CSV file, with the same filters, every matching entry (owner only). */
  exportCsv: endpoint({
    method: 'GET',
    path: '/audit-log/export',
    access: needs('user_management', 'read'),
    query: ZAuditExportQuerySchema,
    binary: true,
    response: BINARY_RESPONSE,
  }),
} as const;
