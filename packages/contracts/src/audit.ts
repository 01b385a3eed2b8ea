import { ZAuditLogQuerySchema } from '@feedloom/validation';
import { z } from 'zod';
import { endpoint, needs } from './endpoint';

export const AUDIT_ENTITIES = ['member', 'invitation', 'role', 'organization', 'shop'] as const;
export type TAuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'revoked',
  'resent',
  'accepted',
  'reactivated',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

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
} as const;
