import { ZApiHealthQuerySchema, ZProductDiagnosticsQuerySchema } from '@feedloom/validation';
import { z } from 'zod';
import { endpoint, needs } from './endpoint';
import { CHANNEL_STATUSES, ZStatusCountsSchema } from './products';

// The dashboard.

/** One day of the status trend: the shop's counts on the channel as the daily snapshot kept them. */
export const ZStatusTrendPointSchema = z.object({ day: z.string(), counts: ZStatusCountsSchema });

/** One issue and how many products it affects on the channel. */
export const ZTopIssueSchema = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  attribute: z.string(),
  message: z.string(),
  products: z.number().int(),
  /** The product list's tab that holds these products. */
  tab: z.enum(CHANNEL_STATUSES).or(z.literal('all')),
});
export type TTopIssue = z.infer<typeof ZTopIssueSchema>;

export const ZProductDiagnosticsSchema = z.object({
  active_channel: z.string(),
  /** The product list's tab counts (count-statistics), not recounted. */
  counts: ZStatusCountsSchema,
  trend: z.array(ZStatusTrendPointSchema),
  top_issues: z.array(ZTopIssueSchema),
  /** Whether the shop has a live connection to the channel's catalog channel. */
  channel_connected: z.boolean(),
});
export type TProductDiagnostics = z.infer<typeof ZProductDiagnosticsSchema>;

export const ZApiHealthDaySchema = z.object({
  day: z.string(),
  calls: z.number().int(),
  failed: z.number().int(),
  retried: z.number().int(),
  p50_ms: z.number().nullable(),
  p95_ms: z.number().nullable(),
});
export const ZApiHealthSchema = z.object({
  days: z.array(ZApiHealthDaySchema),
  totals: z.object({ calls: z.number().int(), failed: z.number().int(), retried: z.number().int() }),
});
export type TApiHealth = z.infer<typeof ZApiHealthSchema>;

const READ = needs('product_and_promotions_feed', 'read');

export const dashboardContract = {
  productDiagnostics: endpoint({
    method: 'GET',
    path: '/dashboard/product-diagnostics',
    access: READ,
    query: ZProductDiagnosticsQuerySchema,
    response: ZProductDiagnosticsSchema,
  }),
  apiHealth: endpoint({
    method: 'GET',
    path: '/dashboard/api-health',
    access: READ,
    query: ZApiHealthQuerySchema,
    response: ZApiHealthSchema,
  }),
} as const;
