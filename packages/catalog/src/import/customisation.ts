import { PRODUCT_MSG, countHighlights } from '@feedloom/validation';
import type { TIssue } from '../channels/types';
import type { TFieldName, TLayerValues, TProductDetail } from '../model/fields';
import { validateOverrides } from '../model/overrides';
import type { TProduct, TVariant } from '../model/product';
import { normaliseHeader } from './columns';
import { MSG, sameValue } from './core';
import type { TImportError, TImportStats } from './core';
import type { TCsvRow } from './csv';
import type { TByteSource } from './encoding';
import { openCsv } from './pipeline';
import type { TCsvFile, TOpenCsvOptions } from './opened-file';
import { csvField } from './report';

// Bulk customisation through a spreadsheet: type 1 is title, description
// and product type, type 2 product highlights and detail attributes. The export writes each product's current
// values (source, or the override when there is one) with one row per product, plus one per variant that has
// its own override; the merchant edits them; `import-update-csv` (report_type 1 or 2) reads them back into
// override-layer values, checked with the rules, and applyCustomisationRow turns each row into the
// smallest set of overrides: a value equal to what the product would show anyway is no override.

export const CUSTOMISATION_TYPES = {
  1: { label: 'Title, description and product type', fields: ['title', 'description', 'product_type'] },
  2: { label: 'Product highlights and detail attributes', fields: ['highlights', 'detail'] },
} as const satisfies Record<number, { label: string; fields: readonly TFieldName[] }>;
export type TCustomisationType = keyof typeof CUSTOMISATION_TYPES;

export interface TCustomisationLayout {
  /** Type 2: highlight columns (highlight_1 …). Default 10. */
  highlights?: number;
  /** Type 2: detail column triplets (detail_1_section_name …). Default 10. */
  details?: number;
}

const DETAIL_PARTS = ['section_name', 'attribute_name', 'attribute_value'] as const;

/** The header of a customisation file of this type. */
export const customisationHeaders = (
  type: TCustomisationType,
  layout: TCustomisationLayout = {},
): string[] => {
  if (type === 1) return ['id', 'variant_id', 'title', 'description', 'product_type'];
  const highlights = Array.from({ length: layout.highlights ?? 10 }, (_, i) => `highlight_${i + 1}`);
  const details = Array.from({ length: layout.details ?? 10 }, (_, i) =>
    DETAIL_PARTS.map((p) => `detail_${i + 1}_${p}`),
  ).flat();
  // The title only tells the merchant which product a row is; it is not read back.
  return ['id', 'variant_id', 'reference_title', ...highlights, ...details];
};

type TValues = Record<string, unknown>;

/** The value a level shows without rules, and without its own override when `own` is false. */
const valueAt = (
  product: TProduct,
  variant: TVariant | undefined,
  field: TFieldName,
  own: boolean,
): unknown => {
  const p = product as unknown as { source: TValues; overrides: TValues };
  const v = variant as unknown as { source: TValues; overrides: TValues } | undefined;
  const stack: (TValues | undefined)[] = v
    ? [own ? v.overrides : undefined, p.overrides, v.source, p.source]
    : [own ? p.overrides : undefined, p.source];
  for (const layer of stack) {
    if (!layer) continue;
    const value = layer[field];
    if (value !== undefined) return value; // a null override: deliberately empty
  }
  return undefined;
};

const rowOf = (
  type: TCustomisationType,
  layout: Required<TCustomisationLayout>,
  product: TProduct,
  variant: TVariant | undefined,
): string[] => {
  const get = (field: TFieldName) => valueAt(product, variant, field, true);
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const cells = [product.id, variant?.id ?? ''];
  if (type === 1) return [...cells, text(get('title')), text(get('description')), text(get('product_type'))];
  const highlights = (get('highlights') as string[] | null | undefined) ?? [];
  const details = (get('detail') as TProductDetail[] | null | undefined) ?? [];
  const where = variant ? `${product.id} / ${variant.id}` : product.id;
  if (highlights.length > layout.highlights) {
    throw new Error(
      `${where} has ${highlights.length} highlights: export with highlights: ${highlights.length}`,
    );
  }
  if (details.length > layout.details) {
    throw new Error(`${where} has ${details.length} details: export with details: ${details.length}`);
  }
  const title = valueAt(product, variant, 'title', true);
  return [
    ...cells,
    text(title),
    ...Array.from({ length: layout.highlights }, (_, i) => highlights[i] ?? ''),
    ...Array.from({ length: layout.details }, (_, i) => {
      const d = details[i];
      return d ? [d.section_name ?? '', d.attribute_name, d.attribute_value] : ['', '', ''];
    }).flat(),
  ];
};

const hasOwnOverride = (variant: TVariant, type: TCustomisationType): boolean =>
  CUSTOMISATION_TYPES[type].fields.some((f) => (variant.overrides as TValues)[f] !== undefined);

const line = (cells: readonly string[]): string => `${cells.map(csvField).join(',')}\r\n`;

/**
 * Streams a customisation file: the header, then a row per product and per variant with its own override.
 * Type 2 files have a fixed number of highlight and detail columns (layout); a product with more throws, so
 * the caller can export again with a wider layout instead of losing values.
 */
export async function* exportCustomisationCsv(
  products: AsyncIterable<TProduct> | Iterable<TProduct>,
  options: { type: TCustomisationType } & TCustomisationLayout,
): AsyncGenerator<string> {
  const layout = { highlights: options.highlights ?? 10, details: options.details ?? 10 };
  let out = line(customisationHeaders(options.type, layout));
  for await (const product of products) {
    out += line(rowOf(options.type, layout, product, undefined));
    for (const variant of product.variants) {
      if (hasOwnOverride(variant, options.type)) out += line(rowOf(options.type, layout, product, variant));
    }
    if (out.length >= 64 * 1024) {
      yield out;
      out = '';
    }
  }
  if (out) yield out;
}

/* ------------------------------------------------------------------ import */

/** One row of a customisation file: the values the merchant wants (null: none), for a product or a variant. */
export interface TCustomisationRow {
  kind: 'customisation';
  row_number: number;
  product_id: string;
  variant_id?: string;
  /** Only the type's fields; null means the merchant wants none (an emptied product type, no highlights). */
  values: TLayerValues;
  /**
   * What the rules for override values find in `values`, by field, each with its column: they refuse the row
   * only for a value that would become an override (applyCustomisationRow). A value the product already
   * shows (an exported cell left as it was: an empty description, a source title over the limit) is no
   * override, and the export's own file is always accepted back.
   */
  issues?: TCustomisationIssue[];
}

export interface TCustomisationIssue {
  field: string;
  column: string;
  message: string;
}

export type TCustomisationResult = TCustomisationRow | TImportError;

/** Spreadsheets run cells starting with these as formulas; our export puts a `'` before them. */
const DISARMED_RE = /^'[=+\-@\t\r]/;
const rearm = (cell: string): string => (DISARMED_RE.test(cell) ? cell.slice(1) : cell);

interface TLayout {
  id: number;
  variant: number;
  title: number;
  description: number;
  productType: number;
  highlights: { index: number; header: string }[];
  details: { n: number; parts: Partial<Record<(typeof DETAIL_PARTS)[number], number>> }[];
  headers: readonly string[];
  unknown: string[];
}

const DETAIL_RE = /^detail_(\d+)_(section_name|attribute_name|attribute_value)$/;
const HIGHLIGHT_RE = /^(?:product_)?highlight_(\d+)$/;

const layoutOf = (type: TCustomisationType, headers: readonly string[]): TLayout => {
  const layout: TLayout = {
    id: -1,
    variant: -1,
    title: -1,
    description: -1,
    productType: -1,
    highlights: [],
    details: [],
    headers,
    unknown: [],
  };
  const details = new Map<number, TLayout['details'][number]>();
  headers.forEach((header, i) => {
    const key = normaliseHeader(header);
    if ((key === 'id' || key === 'product_id') && layout.id < 0) layout.id = i;
    else if (key === 'variant_id') layout.variant = i;
    else if (key === 'reference_title') return;
    else if (type === 1 && (key === 'title' || key === 'custom_title')) layout.title = i;
    else if (type === 1 && (key === 'description' || key === 'custom_description')) layout.description = i;
    else if (type === 1 && key === 'product_type') layout.productType = i;
    else if (type === 2 && HIGHLIGHT_RE.test(key)) layout.highlights.push({ index: i, header });
    else if (type === 2 && DETAIL_RE.test(key)) {
      const [, n, part] = DETAIL_RE.exec(key) as RegExpExecArray;
      const entry = details.get(Number(n)) ?? { n: Number(n), parts: {} };
      entry.parts[part as (typeof DETAIL_PARTS)[number]] = i;
      details.set(Number(n), entry);
    } else layout.unknown.push(header);
  });
  layout.details = [...details.values()].sort((a, b) => a.n - b.n);
  return layout;
};

/** The column of an issue; `slots` maps the index of a kept highlight or detail to its column position. */
const headerFor = (
  layout: TLayout,
  attribute: string,
  slots: { highlights: number[]; details: number[] },
): string => {
  const [field, at, part] = attribute.split('.');
  const index =
    at === undefined
      ? undefined
      : String(field === 'highlights' ? slots.highlights[Number(at)] : slots.details[Number(at)]);
  const h = (i: number) => layout.headers[i] ?? field ?? attribute;
  if (field === 'title') return h(layout.title);
  if (field === 'description') return h(layout.description);
  if (field === 'product_type') return h(layout.productType);
  if (field === 'highlights') return layout.highlights[Number(index ?? 0)]?.header ?? 'highlight_1';
  if (field === 'detail') {
    const d = layout.details[Number(index ?? 0)];
    const column = d?.parts[part as (typeof DETAIL_PARTS)[number]] ?? d?.parts.attribute_name;
    return column === undefined ? attribute : h(column);
  }
  return attribute;
};

export interface TCustomisationImporter {
  push(row: TCsvRow): readonly TCustomisationResult[];
  readonly stats: TImportStats;
  /** Headers this type does not read (listed in the report, never silently dropped). */
  readonly unknownColumns: readonly string[];
}

/** Reads the rows of a customisation file of this type (header given) into override values or row errors. */
export const createCustomisationImporter = (
  type: TCustomisationType,
  headers: readonly string[],
): TCustomisationImporter => {
  const layout = layoutOf(type, headers);
  const stats: TImportStats = { rows_read: 0, rows_imported: 0, rows_rejected: 0, products: 0, variants: 0 };
  const ids = new Map<string, number>();
  return {
    stats,
    unknownColumns: layout.unknown,
    push(row: TCsvRow): readonly TCustomisationResult[] {
      stats.rows_read++;
      const cell = (i: number): string => (i < 0 ? '' : rearm((row.cells[i] ?? '').trim()));
      const errors: TImportError[] = [];
      const fail = (column: string, message: string) =>
        errors.push({ kind: 'error', row_number: row.row_number, column, message });
      if (row.problem !== undefined) fail('row', row.problem);
      const productId = cell(layout.id);
      const variantId = cell(layout.variant);
      if (!productId) fail(layout.headers[layout.id] ?? 'id', MSG.idRequired);
      const key = `${productId}\u0000${variantId}`;
      const first = ids.get(key);
      if (productId && first !== undefined) {
        fail(
          layout.headers[layout.id] ?? 'id',
          MSG.duplicateId(variantId ? `${productId} / ${variantId}` : productId, first),
        );
      }
      const values: TValues = {};
      const slots = { highlights: [] as number[], details: [] as number[] };
      if (type === 1) {
        // Title and description cannot be emptied; an emptied product type means none.
        values.title = cell(layout.title) || null;
        values.description = cell(layout.description) || null;
        values.product_type = cell(layout.productType) || null;
        if (layout.title < 0) delete values.title;
        if (layout.description < 0) delete values.description;
        if (layout.productType < 0) delete values.product_type;
      } else {
        const highlights = layout.highlights.map((h) => cell(h.index));
        const details = layout.details.map((d) => ({
          section_name: cell(d.parts.section_name ?? -1),
          attribute_name: cell(d.parts.attribute_name ?? -1),
          attribute_value: cell(d.parts.attribute_value ?? -1),
        }));
        const keptHighlights = highlights.filter((h, i) => h !== '' && slots.highlights.push(i) > 0);
        const keptDetails = details
          .filter(
            (d, i) => (d.section_name || d.attribute_name || d.attribute_value) && slots.details.push(i) > 0,
          )
          .map((d) => {
            const detail: TProductDetail = {
              attribute_name: d.attribute_name,
              attribute_value: d.attribute_value,
            };
            if (d.section_name) detail.section_name = d.section_name;
            return detail;
          });
        values.highlights = keptHighlights.length > 0 ? keptHighlights : null;
        values.detail = keptDetails.length > 0 ? keptDetails : null;
      }
      // The rules for override values, kept with the row: only a value that would become an override is held
      // to them, which is known where the product is (applyCustomisationRow); "at least 2 highlights" counts
      // AI highlights too, so it is checked there as well.
      const issues: TCustomisationIssue[] = [];
      for (const issue of validateOverrides(values)) {
        if (issue.message === PRODUCT_MSG.highlightsMin) continue;
        const field = issue.attribute.split('.')[0] ?? issue.attribute;
        issues.push({ field, column: headerFor(layout, issue.attribute, slots), message: issue.message });
      }
      if (errors.length > 0) {
        stats.rows_rejected++;
        return errors;
      }
      ids.set(key, row.row_number);
      stats.rows_imported++;
      if (variantId) stats.variants++;
      else stats.products++;
      const result: TCustomisationRow = {
        kind: 'customisation',
        row_number: row.row_number,
        product_id: productId,
        values: values,
      };
      if (variantId) result.variant_id = variantId;
      if (issues.length > 0) result.issues = issues;
      return [result];
    },
  };
};

export interface TCustomisationRun {
  file: TCsvFile;
  unknownColumns: readonly string[];
  results: AsyncGenerator<TCustomisationResult>;
  stats: TImportStats;
}

/** `import-update-csv` with report_type 1 or 2: a customisation file to override values, row by row. */
export const importCustomisationCsv = async (
  bytes: TByteSource,
  options: { type: TCustomisationType } & TOpenCsvOptions,
): Promise<TCustomisationRun> => {
  const file = await openCsv(bytes, options);
  const importer = createCustomisationImporter(options.type, file.headers);
  async function* results(): AsyncGenerator<TCustomisationResult> {
    for await (const row of file.rows) yield* importer.push(row);
  }
  return { file, unknownColumns: importer.unknownColumns, results: results(), stats: importer.stats };
};

/* ------------------------------------------------------------------ apply */

/**
 * Applies one customisation row to a product: each value becomes an override of the product (or the variant),
 * unless it equals what the product would show without one, in which case an override there is removed. So
 * re-importing an unchanged export changes nothing, and provenance stays exact. Issues (unknown variant, fewer
 * than 2 highlights counting AI highlights) leave the product unchanged.
 */
export const applyCustomisationRow = (
  product: TProduct,
  row: Pick<TCustomisationRow, 'variant_id' | 'values' | 'issues'>,
): { product: TProduct; issues: TIssue[] } => {
  const variant =
    row.variant_id === undefined ? undefined : product.variants.find((v) => v.id === row.variant_id);
  if (row.variant_id !== undefined && !variant) {
    return {
      product,
      issues: [
        {
          code: 'unknown_variant',
          severity: 'error',
          attribute: 'variant_id',
          message: `Product ${product.id} has no variant ${row.variant_id}.`,
          layer: 'override',
        },
      ],
    };
  }
  const values = row.values as TValues;
  /** True when `field`'s wanted value is what the product shows without an override of this level. */
  const unchanged = (field: string): boolean =>
    sameValue(values[field] ?? undefined, valueAt(product, variant, field as TFieldName, false) ?? undefined);
  const refused: TIssue[] = [];
  for (const issue of row.issues ?? []) {
    if (unchanged(issue.field)) continue;
    refused.push({
      code: 'invalid_override',
      severity: 'error',
      attribute: issue.column,
      message: issue.message,
      layer: 'override',
    });
  }
  if (refused.length > 0) return { product, issues: refused };
  if ('highlights' in values && !unchanged('highlights')) {
    const ai = valueAt(product, variant, 'ai_highlights', true) as string[] | null | undefined;
    const n = countHighlights(values.highlights as string[] | null | undefined, ai);
    if (n > 0 && n < 2) {
      return {
        product,
        issues: [
          {
            code: 'invalid_override',
            severity: 'error',
            attribute: 'highlights',
            message: PRODUCT_MSG.highlightsMin,
            layer: 'override',
          },
        ],
      };
    }
  }
  const overrides: TValues = { ...((variant ?? product).overrides as TValues) };
  for (const [field, wanted] of Object.entries(values)) {
    if (wanted === undefined) continue;
    if (unchanged(field)) delete overrides[field];
    else overrides[field] = wanted;
  }
  const next: TProduct = variant
    ? {
        ...product,
        variants: product.variants.map((v) => (v === variant ? { ...v, overrides: overrides } : v)),
      }
    : { ...product, overrides: overrides };
  return { product: next, issues: [] };
};
