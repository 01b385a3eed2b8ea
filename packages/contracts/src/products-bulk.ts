import {
  CUSTOMISATION_MODES,
  RULE_FIELD_TYPES,
  ZBulkDraftInputSchema,
  ZBulkSelectionSchema,
  ZBulkVariantUpdateSchema,
  ZIdSchema,
} from '@feedloom/validation';
import { z } from 'zod';
import { endpoint, needs } from './endpoint';
import { ZProductDetailSchema } from './products';

// Bulk customisation with drafts.
// Drafts are kept per user and shop; applying one queues a run that a worker carries out batch by batch, and the
// run records who applied what to how many products, and how it ended.

export const ZBulkRuleSchema = z.object({
  field_name: z.string(),
  isDeleteExistValue: z.enum(CUSTOMISATION_MODES),
  value: z.unknown().optional(),
  base_pricing_value: z.unknown().optional(),
  unit: z.string().nullable().optional(),
  type: z.enum(RULE_FIELD_TYPES).optional(),
  isOptional: z.boolean().optional(),
  isActiveField: z.boolean().optional(),
  isDynamicList: z.boolean().optional(),
});

export const ZBulkDraftSchema = z.object({
  id: z.string(),
  name: z.string(),
  selection: ZBulkSelectionSchema,
  rules: z.array(ZBulkRuleSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBulkDraft = z.infer<typeof ZBulkDraftSchema>;

export const BULK_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const ZBulkRunSchema = z.object({
  id: z.string(),
  draft_name: z.string(),
  selection: ZBulkSelectionSchema,
  rules: z.array(ZBulkRuleSchema),
  status: z.enum(BULK_RUN_STATUSES),
  /** Products selected when the run started. */
  total: z.number().int(),
  /** Products done so far (the progress bar: processed ÷ total). */
  processed: z.number().int(),
  /** Products whose override layer the run changed. */
  changed: z.number().int(),
  message: z.string().nullable(),
  triggered_by_name: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TBulkRun = z.infer<typeof ZBulkRunSchema>;

const ZShopParams = z.object({ shop_id: ZIdSchema('Store id') });
const ZShopItemParams = z.object({ shop_id: ZIdSchema('Store id'), id: ZIdSchema('Id') });

const READ = needs('product_and_promotions_feed', 'read');
const MANAGE = needs('product_and_promotions_feed', 'manage');

export const productsBulkContract = {
  /** The caller's drafts in a shop, newest first. */
  drafts: endpoint({
    method: 'GET',
    path: '/bulk-drafts/:shop_id',
    access: MANAGE,
    params: ZShopParams,
    response: z.array(ZBulkDraftSchema),
  }),
  createDraft: endpoint({
    method: 'POST',
    path: '/bulk-drafts',
    access: MANAGE,
    body: ZBulkDraftInputSchema,
    response: ZBulkDraftSchema,
  }),
  updateDraft: endpoint({
    method: 'PUT',
    path: '/bulk-drafts/:shop_id/:id',
    access: MANAGE,
    params: ZShopItemParams,
    body: ZBulkDraftInputSchema,
    response: ZBulkDraftSchema,
  }),
  deleteDraft: endpoint({
    method: 'DELETE',
    path: '/bulk-drafts/:shop_id/:id',
    access: MANAGE,
    params: ZShopItemParams,
    response: z.object({ id: z.string() }),
  }),
  /** Cancelling bulk customisation: "Yes, Discard Drafts" removes all the caller's drafts in the shop. */
  discardDrafts: endpoint({
    method: 'DELETE',
    path: '/bulk-drafts/:shop_id',
    access: MANAGE,
    params: ZShopParams,
    response: z.object({ discarded: z.number().int() }),
  }),
  /** Applies a saved draft: queues a run (the draft is used up) and answers it at once. */
  applyDraft: endpoint({
    method: 'POST',
    path: '/bulk-apply/:shop_id/:id',
    access: MANAGE,
    params: ZShopItemParams,
    response: ZBulkRunSchema,
  }),
  runs: endpoint({
    method: 'GET',
    path: '/bulk-runs/:shop_id',
    access: READ,
    params: ZShopParams,
    response: z.array(ZBulkRunSchema),
  }),
  run: endpoint({
    method: 'GET',
    path: '/bulk-runs/:shop_id/:id',
    access: READ,
    params: ZShopItemParams,
    response: ZBulkRunSchema,
  }),
  /** PUT bulk-variant-update: rules applied to chosen variants of one product, at once. */
  variantUpdate: endpoint({
    method: 'PUT',
    path: '/bulk-variant-update',
    access: MANAGE,
    body: ZBulkVariantUpdateSchema,
    response: ZProductDetailSchema,
  }),
} as const;
