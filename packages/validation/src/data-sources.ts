import { z } from 'zod';
import { ZOptionalEmailSchema } from './email';
import { ZListQuerySchema } from './limits';
import { TEXT_LIMITS, ZIdSchema, ZTextSchema } from './text';

// Data sources. The web's import CSV
// popup, the gateway and the api validate with these; multipart fields arrive as strings, so numbers are
// coerced.

export const DATA_SOURCE_TYPES = ['file', 'url'] as const;
export type TDataSourceType = (typeof DATA_SOURCE_TYPES)[number];

export const FETCH_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type TFetchFrequency = (typeof FETCH_FREQUENCIES)[number];

/**
 * How a product's id is made from the file: `id` keeps the file's id (offer id), `sku` uses the SKU when the
 * row has one (else the id).
 */
export const PRODUCT_ID_FORMATS = ['id', 'sku'] as const;
export type TProductIdFormat = (typeof PRODUCT_ID_FORMATS)[number];

/** A CSV import is at most 20MB (the upload and a URL download alike). */
export const CSV_MAX_BYTES = 20 * 1024 * 1024;
export const INVENTORY_QUANTITY_MIN = 1;
export const INVENTORY_QUANTITY_MAX = 10_000_000;
export const DATA_SOURCE_NAME_MAX = 100;

/** Customisation CSV types: 1 title, description and type; 2 highlights and detail attributes. */
export const REPORT_TYPES = [1, 2] as const;
export type TReportType = (typeof REPORT_TYPES)[number];

export const DATA_SOURCE_MSG = {
  nameRequired: 'Data source name is required.',
  fileRequired: 'File is required.',
  fileType: 'Only CSV files are allowed.',
  /** A data source's file: a CSV or Google's own XML feed. */
  feedFileType: 'Only CSV files or Google XML feeds (RSS 2.0 / Atom) are allowed.',
  fileSize: 'File size must not exceed 20MB.',
  urlRequired: 'URL is required.',
  urlInvalid: 'Please enter a valid http or https URL.',
  frequencyRequired: 'Frequency is required.',
  fetchTimeRequired: 'Fetch time is required.',
  dayRequired: 'Day is required.',
  dayInvalidWeekly: 'Day must be a weekday from 1 (Monday) to 7 (Sunday).',
  dayInvalidMonthly: 'Day must be a day of the month from 1 to 31.',
  inventoryQuantity: 'Inventory quantity must be between 1 and 10,000,000.',
  reportType: 'Report type must be 1 or 2.',
  exportFieldsRequired: 'Choose at least one field to export.',
  exportFieldInvalid: 'Choose fields from the list.',
  /** A new file source named like one the store has: the existing one takes a new file instead. */
  nameTaken: (name: string) =>
    `A data source named "${name}" already exists in this store. Choose it to replace its file, or pick another name.`,
  /** A URL source, or a rename, with a name another source of the store has. */
  nameInUse: (name: string) => `A data source named "${name}" already exists in this store. Pick another name.`,
} as const;

const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A `.csv` file name (a name without extension passes when the content type says CSV). */
export const isCsvFile = (fileName: string, contentType?: string): boolean =>
  /\.csv$/i.test(fileName) ||
  (!/\.[^./\\]+$/.test(fileName) &&
    contentType !== undefined &&
    /^(text\/csv|application\/csv|text\/comma-separated-values)\b/i.test(contentType));

/**
 * A data source's file: a CSV (isCsvFile) or a Google product feed in XML, named `.xml` (a name without
 * extension passes when the content type says XML, RSS or Atom).
 */
export const isFeedFile = (fileName: string, contentType?: string): boolean =>
  isCsvFile(fileName, contentType) ||
  /\.xml$/i.test(fileName) ||
  (!/\.[^./\\]+$/.test(fileName) &&
    contentType !== undefined &&
    /^(text\/xml|application\/(?:xml|rss\+xml|atom\+xml))\b/i.test(contentType));

/** Parseable absolute http(s) URL; whether the host may be fetched is the api's decision (private hosts). */
export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

export const ZDataSourceNameSchema = ZTextSchema({
  label: 'Data source name',
  trim: true,
  min: 1,
  max: DATA_SOURCE_NAME_MAX,
  requiredMessage: DATA_SOURCE_MSG.nameRequired,
});

export const ZInventoryQuantitySchema = z.preprocess(
  toNumber,
  z
    .number({ error: DATA_SOURCE_MSG.inventoryQuantity })
    .int(DATA_SOURCE_MSG.inventoryQuantity)
    .min(INVENTORY_QUANTITY_MIN, DATA_SOURCE_MSG.inventoryQuantity)
    .max(INVENTORY_QUANTITY_MAX, DATA_SOURCE_MSG.inventoryQuantity),
);

/** Product settings: how ids are made and the quantity given to rows that have none. */
export const ZProductSettingsSchema = z.object({
  product_id_format: z.enum(PRODUCT_ID_FORMATS).default('id'),
  /** Quantity of products whose row gives none; absent keeps them without a quantity. */
  inventory_quantity: z.preprocess(emptyToUndefined, ZInventoryQuantitySchema.optional()),
});
export type TProductSettingsInput = z.input<typeof ZProductSettingsSchema>;
export type TProductSettings = z.infer<typeof ZProductSettingsSchema>;

export const ZCsvUrlSchema = ZTextSchema({
  label: 'URL',
  trim: true,
  min: 1,
  max: TEXT_LIMITS.url,
  requiredMessage: DATA_SOURCE_MSG.urlRequired,
}).refine(isHttpUrl, DATA_SOURCE_MSG.urlInvalid);

/** `HH:MM`, 24-hour, in the shop's timezone. */
export const ZFetchTimeSchema = z
  .string({ error: DATA_SOURCE_MSG.fetchTimeRequired })
  .max(5, DATA_SOURCE_MSG.fetchTimeRequired)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, DATA_SOURCE_MSG.fetchTimeRequired);

/** Weekly: 1 (Monday) to 7 (Sunday). Monthly: 1 to 31 (a shorter month runs on its last day). */
export const ZFetchDaySchema = z.preprocess(toNumber, z.number({ error: DATA_SOURCE_MSG.dayRequired }).int());

const scheduleShape = {
  url: z.preprocess(emptyToUndefined, ZCsvUrlSchema.optional()),
  frequency: z.preprocess(
    emptyToUndefined,
    z.enum(FETCH_FREQUENCIES, { error: DATA_SOURCE_MSG.frequencyRequired }).optional(),
  ),
  fetch_time: z.preprocess(emptyToUndefined, ZFetchTimeSchema.optional()),
  day: z.preprocess(emptyToUndefined, ZFetchDaySchema.optional()),
};

interface TScheduleFields {
  url?: string;
  frequency?: TFetchFrequency;
  fetch_time?: string;
  day?: number;
}

/** URL and frequency required for URL sources; fetch time for any frequency; day for weekly/monthly. */
export const refineSchedule =
  (requireUrl: boolean) =>
  (v: TScheduleFields, ctx: z.RefinementCtx): void => {
    if (requireUrl && !v.url)
      ctx.addIssue({ code: 'custom', path: ['url'], message: DATA_SOURCE_MSG.urlRequired });
    if (requireUrl && !v.frequency) {
      ctx.addIssue({ code: 'custom', path: ['frequency'], message: DATA_SOURCE_MSG.frequencyRequired });
    }
    if (!v.frequency) return;
    if (!v.fetch_time) {
      ctx.addIssue({ code: 'custom', path: ['fetch_time'], message: DATA_SOURCE_MSG.fetchTimeRequired });
    }
    if (v.frequency === 'daily') return;
    if (v.day === undefined) {
      ctx.addIssue({ code: 'custom', path: ['day'], message: DATA_SOURCE_MSG.dayRequired });
    } else if (v.frequency === 'weekly' && (v.day < 1 || v.day > 7)) {
      ctx.addIssue({ code: 'custom', path: ['day'], message: DATA_SOURCE_MSG.dayInvalidWeekly });
    } else if (v.frequency === 'monthly' && (v.day < 1 || v.day > 31)) {
      ctx.addIssue({ code: 'custom', path: ['day'], message: DATA_SOURCE_MSG.dayInvalidMonthly });
    }
  };

const commonShape = {
  data_source_name: ZDataSourceNameSchema,
  notification_email: z.preprocess(emptyToUndefined, ZOptionalEmailSchema),
  ...ZProductSettingsSchema.shape,
};

/**
 * Fields of `POST /import-csv` besides the file (multipart, so all strings). Giving `data_source_id` uploads a
 * new file to an existing file source (then the name may be left out).
 */
export const ZImportCsvFieldsSchema = z
  .object({
    shop_id: ZIdSchema('Store id'),
    data_source_id: z.preprocess(emptyToUndefined, ZIdSchema('Data source id').optional()),
    ...commonShape,
    data_source_name: z.preprocess(emptyToUndefined, ZDataSourceNameSchema.optional()),
    // Left out, a new source gets 'id' and a new file for an existing one keeps the saved format.
    product_id_format: z.preprocess(emptyToUndefined, z.enum(PRODUCT_ID_FORMATS).optional()),
  })
  .superRefine((v, ctx) => {
    if (!v.data_source_id && !v.data_source_name) {
      ctx.addIssue({ code: 'custom', path: ['data_source_name'], message: DATA_SOURCE_MSG.nameRequired });
    }
  });
export type TImportCsvFieldsInput = z.input<typeof ZImportCsvFieldsSchema>;
export type TImportCsvFields = z.infer<typeof ZImportCsvFieldsSchema>;

/** `POST /import-csv-url`: a CSV URL source with its schedule. */
export const ZImportCsvUrlSchema = z
  .object({ shop_id: ZIdSchema('Store id'), ...commonShape, ...scheduleShape })
  .superRefine(refineSchedule(true));
export type TImportCsvUrlInput = z.input<typeof ZImportCsvUrlSchema>;
export type TImportCsvUrl = z.infer<typeof ZImportCsvUrlSchema>;

/** Mapping targets besides a product field: keep a column as a custom attribute, or leave it out. */
export const MAPPING_CUSTOM_PREFIX = 'custom:';
export const MAPPING_SKIP = 'skip';

/** A column mapping change: header → target (a product field, `custom:<name>`, or `skip`). */
export const ZMappingOverridesSchema = z
  .record(
    ZTextSchema({ label: 'Column', min: 1, max: TEXT_LIMITS.line }),
    ZTextSchema({ label: 'Mapping target', min: 1, max: TEXT_LIMITS.line }),
  )
  .refine((m) => Object.keys(m).length <= 500, 'A mapping cannot have more than 500 columns.');

/** `PUT /data-source-mapping/:shop_id/:id`: the whole mapping (header → target); a header left out takes the suggestion. */
export const ZSaveMappingSchema = z.object({ mapping: ZMappingOverridesSchema });
export type TSaveMapping = z.infer<typeof ZSaveMappingSchema>;

/** `PUT /edit-data-source/:id`: every field optional (the name is required unless editing). */
export const ZUpdateDataSourceSchema = z
  .object({
    data_source_name: z.preprocess(emptyToUndefined, ZDataSourceNameSchema.optional()),
    notification_email: z.preprocess(emptyToUndefined, ZOptionalEmailSchema),
    product_id_format: z.enum(PRODUCT_ID_FORMATS).optional(),
    inventory_quantity: z.preprocess(emptyToUndefined, ZInventoryQuantitySchema.optional()),
    ...scheduleShape,
    mapping: ZMappingOverridesSchema.optional(),
  })
  .superRefine(refineSchedule(false));
export type TUpdateDataSourceInput = z.input<typeof ZUpdateDataSourceSchema>;
export type TUpdateDataSource = z.infer<typeof ZUpdateDataSourceSchema>;

export const ZReportTypeSchema = z.preprocess(
  toNumber,
  z.union([z.literal(1), z.literal(2)], { error: DATA_SOURCE_MSG.reportType }),
);

/** `POST /import-update-csv` fields (multipart) besides the file. */
export const ZImportUpdateCsvFieldsSchema = z.object({
  shop_id: ZIdSchema('Store id'),
  report_type: ZReportTypeSchema,
});
export type TImportUpdateCsvFields = z.infer<typeof ZImportUpdateCsvFieldsSchema>;

/**
 * The columns a type 1 export may hold besides the ids (export field customise popup); a column left out is
 * left alone when the file comes back through import-update-csv. Type 2 always has highlights and details
 * together (an import of type 2 sets both).
 */
export const EXPORT_FIELDS = ['title', 'description', 'product_type'] as const;
export type TExportField = (typeof EXPORT_FIELDS)[number];

/** `POST /export-csv`: the shop's products as a customisation CSV of one type (export field customise popup). */
export const ZExportCsvSchema = z.object({
  shop_id: ZIdSchema('Store id'),
  report_type: ZReportTypeSchema,
  /** Type 1: the columns to export (all by default). */
  fields: z
    .array(z.enum(EXPORT_FIELDS, { error: DATA_SOURCE_MSG.exportFieldInvalid }), {
      error: DATA_SOURCE_MSG.exportFieldInvalid,
    })
    .min(1, DATA_SOURCE_MSG.exportFieldsRequired)
    .max(EXPORT_FIELDS.length, DATA_SOURCE_MSG.exportFieldInvalid)
    .optional(),
});
export type TExportCsvInput = z.input<typeof ZExportCsvSchema>;
export type TExportCsv = z.infer<typeof ZExportCsvSchema>;

/** Query of the data source list of a shop: page, limit, search (by name). */
export const ZDataSourceListQuerySchema = ZListQuerySchema;
export type TDataSourceListQueryInput = z.input<typeof ZDataSourceListQuerySchema>;
