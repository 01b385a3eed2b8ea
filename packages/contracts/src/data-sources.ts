import {
  DATA_SOURCE_TYPES,
  FETCH_FREQUENCIES,
  PRODUCT_ID_FORMATS,
  ZDataSourceListQuerySchema,
  ZExportCsvSchema,
  ZIdSchema,
  ZImportCsvFieldsSchema,
  ZImportCsvUrlSchema,
  ZImportUpdateCsvFieldsSchema,
  ZListQuerySchema,
  ZProductSettingsSchema,
  ZSaveMappingSchema,
  ZUpdateDataSourceSchema,
} from '@feedloom/validation';
import { z } from 'zod';
import { BINARY_RESPONSE, endpoint, needs } from './endpoint';

// Data sources. A data source brings products into a
// shop from an uploaded CSV file or a CSV URL fetched on a schedule; every import is a run kept in its
// history with counts and an error report.

export const IMPORT_RUN_STATUSES = ['queued', 'running', 'held', 'succeeded', 'failed', 'discarded'] as const;
export type TImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];
export const IMPORT_RUN_TRIGGERS = ['manual', 'schedule'] as const;
export type TImportRunTrigger = (typeof IMPORT_RUN_TRIGGERS)[number];

/** A run still going: the web polls it for the progress bar. */
export const ACTIVE_RUN_STATUSES: readonly TImportRunStatus[] = ['queued', 'running'];

/** What a held run would remove: it waits for the merchant to confirm or discard it. */
export const ZHeldRemovalSchema = z.object({
  /** Products of this source missing from the file. */
  would_remove: z.number().int(),
  /** The shop's products before the run. */
  shop_products: z.number().int(),
  /** The share (0 to 1) above which a run is held. */
  threshold: z.number(),
  /** Up to 100 product ids (offer ids) that would go. */
  sample: z.array(z.string()),
});
export type THeldRemoval = z.infer<typeof ZHeldRemovalSchema>;

/** One import of a data source: when, by whom or by schedule, counts, outcome and its report. */
export const ZImportRunSchema = z.object({
  id: z.string(),
  data_source_id: z.string(),
  shop_id: z.string(),
  trigger: z.enum(IMPORT_RUN_TRIGGERS),
  /** Who started it (a manual run); null for a scheduled one. */
  triggered_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(IMPORT_RUN_STATUSES),
  /** File name of the import (the upload's name or the URL's last segment). */
  file_name: z.string().nullable(),
  /** Bytes of the file, when known (a download in progress has none yet). */
  file_size: z.number().int().nullable(),
  rows_read: z.number().int(),
  /** Products created or changed. */
  rows_imported: z.number().int(),
  rows_rejected: z.number().int(),
  /** Products in the file identical to what was stored. */
  rows_unchanged: z.number().int(),
  rows_removed: z.number().int(),
  /** A sentence for the merchant: the outcome, why it failed, or why it waits. */
  message: z.string().nullable(),
  held: ZHeldRemovalSchema.nullable(),
  /** Headers kept as custom attributes (no product field takes them). */
  unknown_columns: z.array(z.string()),
  /** True when the run rejected rows: its error CSV can be downloaded. */
  has_report: z.boolean(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
});
export type TImportRun = z.infer<typeof ZImportRunSchema>;

/** A column of the mapping the last import used (header → product field or custom attribute). */
export const ZDataSourceColumnSchema = z.object({
  header: z.string(),
  target: z.string(),
  suggested: z.string(),
});

/** A product field (or a role of the file's format, e.g. Shopify's Handle) a column can feed. */
export const ZMappingTargetSchema = z.object({
  target: z.string(),
  label: z.string(),
  /** `field`: a product value; `role`: meaningful to the format's assembler (Shopify, WooCommerce). */
  kind: z.enum(['field', 'role']),
});
export type TMappingTarget = z.infer<typeof ZMappingTargetSchema>;

/** The mapping review of a data source: each header of the last import and where it goes next run. */
export const ZDataSourceMappingSchema = z.object({
  data_source_id: z.string(),
  /** The export the headers come from: google, shopify, woocommerce or generic. */
  format: z.string(),
  columns: z.array(
    ZDataSourceColumnSchema.extend({
      /** Where the column goes from the next run (the merchant's choice, else the suggestion). */
      next: z.string(),
    }),
  ),
  targets: z.array(ZMappingTargetSchema),
});
export type TDataSourceMapping = z.infer<typeof ZDataSourceMappingSchema>;

export const ZDataSourceSchema = z.object({
  id: z.string(),
  shop_id: z.string(),
  data_source_name: z.string(),
  source_type: z.enum(DATA_SOURCE_TYPES),
  notification_email: z.string().nullable(),
  /** The kept upload's name (file sources). */
  file_name: z.string().nullable(),
  url: z.string().nullable(),
  frequency: z.enum(FETCH_FREQUENCIES).nullable(),
  /** `HH:MM` in the shop's timezone. */
  fetch_time: z.string().nullable(),
  /** Weekly 1 (Monday) to 7; monthly 1 to 31. */
  day: z.number().int().nullable(),
  /** When the next scheduled fetch is due (ISO 8601), for URL sources. */
  next_fetch_at: z.string().nullable(),
  product_id_format: z.enum(PRODUCT_ID_FORMATS),
  inventory_quantity: z.number().int().nullable(),
  /** Header overrides the merchant chose (header → target). */
  mapping: z.record(z.string(), z.string()),
  /** The columns of the last import as mapped. */
  columns: z.array(ZDataSourceColumnSchema),
  total_products: z.number().int(),
  last_run: ZImportRunSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TDataSource = z.infer<typeof ZDataSourceSchema>;

export const ZDataSourcePageSchema = z.object({
  data: z.array(ZDataSourceSchema),
  total_records: z.number().int(),
});
export type TDataSourcePage = z.infer<typeof ZDataSourcePageSchema>;

export const ZImportRunPageSchema = z.object({
  data: z.array(ZImportRunSchema),
  total_records: z.number().int(),
});
export type TImportRunPage = z.infer<typeof ZImportRunPageSchema>;

/** A source created or given a new file, with the run it queued. */
export const ZDataSourceImportSchema = z.object({ data_source: ZDataSourceSchema, run: ZImportRunSchema });
export type TDataSourceImport = z.infer<typeof ZDataSourceImportSchema>;

/** The content type of every CSV download (error report, sample, export). */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** Outcome of `import-update-csv` (customisation types 1 and 2). */
export const ZCustomisationImportSchema = z.object({
  report_type: z.union([z.literal(1), z.literal(2)]),
  rows_read: z.number().int(),
  rows_updated: z.number().int(),
  rows_rejected: z.number().int(),
  /** Rows naming a product the shop does not have. */
  rows_unknown: z.number().int(),
  /** Rejected rows as an error CSV (row, column, message), empty when none. */
  errors_csv: z.string(),
});
export type TCustomisationImport = z.infer<typeof ZCustomisationImportSchema>;

const ZShopParams = z.object({ shop_id: ZIdSchema('Store id') });
const ZShopSourceParams = z.object({ shop_id: ZIdSchema('Store id'), id: ZIdSchema('Data source id') });
const ZSourceParams = z.object({ id: ZIdSchema('Data source id') });
const ZShopRunParams = z.object({ shop_id: ZIdSchema('Store id'), run_id: ZIdSchema('Run id') });

const READ = needs('data_source_management', 'read');
const MANAGE = needs('data_source_management', 'manage');

export const dataSourcesContract = {
  /** GET /data-source/{shop}?page&limit&search: a shop's sources, newest first, by name. */
  find: endpoint({
    method: 'GET',
    path: '/data-source/:shop_id',
    access: READ,
    params: ZShopParams,
    query: ZDataSourceListQuerySchema,
    response: ZDataSourcePageSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/data-source/:shop_id/:id',
    access: READ,
    params: ZShopSourceParams,
    response: ZDataSourceSchema,
  }),
  /**
   * POST import-csv (multipart: `ZImportCsvFieldsSchema` fields, then one `file` part, a CSV of at
   * most 20MB). Creates a file source (or gives `data_source_id` a new file), keeps the file and queues a run.
   */
  importCsv: endpoint({
    method: 'POST',
    path: '/import-csv',
    access: MANAGE,
    multipart: true,
    body: ZImportCsvFieldsSchema,
    response: ZDataSourceImportSchema,
  }),
  /** POST import-csv-url: a URL source with its schedule; the first fetch is queued at once. */
  create: endpoint({
    method: 'POST',
    path: '/import-csv-url',
    access: MANAGE,
    body: ZImportCsvUrlSchema,
    response: ZDataSourceImportSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/edit-data-source/:id',
    access: MANAGE,
    params: ZSourceParams,
    body: ZUpdateDataSourceSchema,
    response: ZDataSourceSchema,
  }),
  /** Product settings (product_id_format, inventory_quantity), applied from the next run. */
  settings: endpoint({
    method: 'PUT',
    path: '/data-source-settings/:shop_id/:id',
    access: MANAGE,
    params: ZShopSourceParams,
    body: ZProductSettingsSchema,
    response: ZDataSourceSchema,
  }),
  /** Removes the source, its schedule, its runs and the products it brought. */
  delete: endpoint({
    method: 'DELETE',
    path: '/delete-data-source/:shop_id/:id',
    access: MANAGE,
    params: ZShopSourceParams,
    response: z.object({ id: z.string(), products_removed: z.number().int() }),
  }),
  /** GET /sync-csv-url/{id}: fetch a URL source now (a file source re-imports its kept file). */
  syncNow: endpoint({
    method: 'GET',
    path: '/sync-csv-url/:id',
    access: MANAGE,
    params: ZSourceParams,
    response: ZImportRunSchema,
  }),
  /** The mapping review: each header of the last import, its target, and the targets it may take. */
  mapping: endpoint({
    method: 'GET',
    path: '/data-source-mapping/:shop_id/:id',
    access: READ,
    params: ZShopSourceParams,
    response: ZDataSourceMappingSchema,
  }),
  /**
   * Saves the merchant's mapping, applied from the next run: each header to a product field, kept as a
   * custom attribute (`custom:<header>`) or left out (`skip`). Two headers cannot feed one field.
   */
  saveMapping: endpoint({
    method: 'PUT',
    path: '/data-source-mapping/:shop_id/:id',
    access: MANAGE,
    params: ZShopSourceParams,
    body: ZSaveMappingSchema,
    response: ZDataSourceMappingSchema,
  }),
  /** A source's run history, newest first. */
  runs: endpoint({
    method: 'GET',
    path: '/data-source-runs/:shop_id/:id',
    access: READ,
    params: ZShopSourceParams,
    query: ZListQuerySchema.pick({ page: true, limit: true }),
    response: ZImportRunPageSchema,
  }),
  /** One run (the progress bar polls it while it is queued or running). */
  run: endpoint({
    method: 'GET',
    path: '/import-run/:shop_id/:run_id',
    access: READ,
    params: ZShopRunParams,
    response: ZImportRunSchema,
  }),
  /** The run's rejected rows as an error CSV download: row_number, column, message. */
  report: endpoint({
    method: 'GET',
    path: '/import-run/:shop_id/:run_id/report',
    access: READ,
    params: ZShopRunParams,
    binary: true,
    response: BINARY_RESPONSE,
  }),
  /** A held run: remove the products it listed and finish. */
  confirm: endpoint({
    method: 'POST',
    path: '/import-run/:shop_id/:run_id/confirm',
    access: MANAGE,
    params: ZShopRunParams,
    response: ZImportRunSchema,
  }),
  /** A held run: keep the products it would have removed (its imports and updates stay). */
  discard: endpoint({
    method: 'POST',
    path: '/import-run/:shop_id/:run_id/discard',
    access: MANAGE,
    params: ZShopRunParams,
    response: ZImportRunSchema,
  }),
  /** Every supported column with one valid example row (a CSV download). */
  sampleCsv: endpoint({
    method: 'GET',
    path: '/sample-csv',
    access: READ,
    binary: true,
    response: BINARY_RESPONSE,
  }),
  /**
   * POST /export-csv: the shop's products as a customisation CSV download of report_type 1 or 2,
   * with the columns the export field customise popup chose (`fields`, type 1), streamed as it is read.
   */
  exportCsv: endpoint({
    method: 'POST',
    path: '/export-csv',
    access: READ,
    body: ZExportCsvSchema,
    binary: true,
    response: BINARY_RESPONSE,
  }),
  /** POST import-update-csv (multipart: shop_id, report_type, then `file`): customisations back in. */
  importUpdateCsv: endpoint({
    method: 'POST',
    path: '/import-update-csv',
    access: MANAGE,
    multipart: true,
    body: ZImportUpdateCsvFieldsSchema,
    response: ZCustomisationImportSchema,
  }),
} as const;
