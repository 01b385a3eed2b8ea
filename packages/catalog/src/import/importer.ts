import { textCharactersIssue } from '@feedloom/validation';
import { enumKey } from '../rules/text';
import type { TImportColumn, TValueKind } from './columns';
import { COLUMN_BY_TARGET, headerUnit } from './columns';
import type {
  TAssembler,
  TImportCollision,
  TImportResult,
  TImportStats,
  TProductKeyFormat,
  TShopSettings,
} from './core';
import { AssemblerContext, MSG, RowRecord } from './core';
import type { TCsvRow } from './csv';
import { createGoogleAssembler } from './google';
import type { TColumnMapping, TImportFormat, TMapping } from './mapping';
import { CUSTOM_PREFIX, SKIP, targetLabel } from './mapping';
import { ROLE_BY_TARGET } from './roles';
import { createShopifyAssembler } from './shopify';
import {
  htmlToText,
  isProblem,
  parseBoolean,
  parseCertifications,
  parseDetails,
  parseGtin,
  parseMeasure,
  parsePrice,
  parseMultipack,
  parseNumber,
  parseShipping,
  parseUrl,
  splitList,
  splitRepeated,
  splitUrls,
  headerSlots,
} from './values';
import { createWooAssembler } from './woocommerce';

// The import engine: a mapping compiled into one handler per column (no lookups by name per cell), rows
// turned into row records, and the format's assembler turning records into products. Streaming and row by
// row: memory holds one product's rows, the set of item ids (for duplicates) and the ids of emitted groups.

export interface TImportOptions {
  /** The mapping (suggestMapping's answer, with the merchant's edits applied). */
  mapping: Pick<TMapping, 'format' | 'columns'>;
  shop?: TShopSettings;
  /** Written to every product's data_source_name. */
  dataSourceName?: string;
  /** `19,99` is a decimal (files delimited by semicolons, as in much of Europe). */
  decimalComma?: boolean;
  /** What identifies a product in the catalogue (default its id): products sharing a key are refused. */
  productKey?: TProductKeyFormat;
}

export interface TImporter {
  /** Reads one data row; returns the results it completed (often none: a product waits for its last row). */
  push(row: TCsvRow): readonly TImportResult[];
  /** Reads data rows in file order; returns the results they completed (as `push` row by row would). */
  pushRows(rows: readonly TCsvRow[]): readonly TImportResult[];
  /** The end of the file: the last product. */
  end(): readonly TImportResult[];
  /**
   * Columns a file met after its start (an XML feed's elements first used by a later item), by their index:
   * read from the next row on.
   */
  addColumns(columns: readonly TColumnMapping[]): void;
  readonly stats: TImportStats;
  /** Ids more than one row used, with the rows of each (current while rows are pushed). */
  collisions(): TImportCollision[];
}

type THandler = (cell: string, rec: RowRecord) => void;

interface TCompileEnv {
  format: TImportFormat;
  shop: TShopSettings;
  decimalComma: boolean;
  roleIndex: (target: string) => number;
}

const LITERAL_NEWLINE_RE = /\\n/g;

const append = (rec: RowRecord, field: string, values: readonly unknown[]): void => {
  const prev = rec.source[field];
  rec.source[field] = Array.isArray(prev) ? [...(prev as unknown[]), ...values] : values;
};

/** Normalises enumeration spellings (`In Stock` → `in_stock`); an unknown value is kept for the channels to judge. */
const enumNormaliser = (values: readonly string[]): ((v: string) => string) => {
  const map = new Map<string, string>();
  for (const v of values) map.set(v, v).set(enumKey(v), v).set(v.toLowerCase(), v);
  return (v) => map.get(v) ?? map.get(enumKey(v)) ?? v;
};

/** The parser of one kind of cell: a value, or a problem. */
const parserOf = (
  kind: TValueKind,
  label: string,
  header: string,
  env: TCompileEnv,
  values?: readonly string[],
): ((cell: string) => unknown) => {
  const money = { label, currency: env.shop.currency, decimalComma: env.decimalComma };
  const woo = env.format === 'woocommerce';
  switch (kind) {
    case 'text':
      return (cell) => cell;
    case 'html':
      return woo ? (cell) => htmlToText(cell.replace(LITERAL_NEWLINE_RE, '\n')) : htmlToText;
    case 'url':
      return (cell) => parseUrl(cell, label);
    case 'urls':
      return (cell) => {
        const urls = splitUrls(cell);
        for (const u of urls) {
          const checked = parseUrl(u, label);
          if (isProblem(checked)) return checked;
        }
        return urls;
      };
    case 'money':
      return (cell) => parsePrice(cell, money);
    case 'threshold':
      // Google's free_shipping_threshold is `country:price`; the product keeps the price.
      return (cell) => parsePrice(/^[A-Za-z]{2}:/.test(cell) ? cell.slice(3).trim() : cell, money);
    case 'number':
      return (cell) => parseNumber(cell, env.decimalComma);
    case 'multipack':
      return parseMultipack;
    case 'boolean':
      return (cell) => parseBoolean(cell, label);
    case 'enum': {
      const normalise = enumNormaliser(values ?? []);
      return normalise;
    }
    case 'list': {
      if (!values) return splitList;
      const normalise = enumNormaliser(values);
      return (cell) => splitList(cell).map(normalise);
    }
    case 'measure': {
      const unit = headerUnit(header);
      return (cell) => parseMeasure(cell, unit, env.decimalComma);
    }
    case 'gtin':
      return parseGtin;
    case 'details':
      return (cell) => parseDetails(cell, label);
    case 'highlights':
      return splitRepeated;
    case 'shipping': {
      const slots = headerSlots(header);
      return (cell) => parseShipping(cell, slots, money);
    }
    case 'certifications':
      return parseCertifications;
  }
};

/**
 * Values a row cannot do without: what identifies its item or product and what every item needs (title,
 * price). A cell of any other column that cannot be read (a weight, a dimension, a GTIN…) is left out with a
 * warning and the row is imported without it.
 */
const REQUIRED_TARGETS: ReadonlySet<string> = new Set(['id', 'item_group_id', 'sku', 'title', 'price']);

/** Records a cell that could not be read: an error of the row for a required value, else a value left out. */
const unreadable = (rec: RowRecord, header: string, message: string, target: string): void => {
  if (REQUIRED_TARGETS.has(target)) rec.fail(header, message, target);
  else rec.leaveOut(header, message, target);
};

const compileColumn = (col: TColumnMapping, env: TCompileEnv): THandler | undefined => {
  const { header, target } = col;
  if (target === SKIP) return undefined;
  if (target.startsWith(CUSTOM_PREFIX)) {
    const name = target.slice(CUSTOM_PREFIX.length);
    return (cell, rec) => rec.setCustom(name, cell);
  }
  const role = ROLE_BY_TARGET.get(target);
  if (role) {
    const index = env.roleIndex(target);
    const parse = parserOf(role.kind, header, header, env);
    return (cell, rec) => {
      const v = parse(cell);
      if (isProblem(v)) unreadable(rec, header, v.message, target);
      else rec.roles[index] = v;
    };
  }
  const column: TImportColumn | undefined = COLUMN_BY_TARGET.get(target);
  if (!column) return undefined;
  // Shopify and WooCommerce write descriptions as HTML.
  const kind: TValueKind =
    column.target === 'description' && (env.format === 'shopify' || env.format === 'woocommerce')
      ? 'html'
      : column.kind;
  const parse = parserOf(kind, column.label, header, env, column.values);
  if (target === 'id') return (cell, rec) => (rec.id = cell);
  if (target === 'item_group_id') return (cell, rec) => (rec.group = cell);
  const field = target;
  if (column.multiple) {
    return (cell, rec) => {
      const v = parse(cell);
      if (isProblem(v)) unreadable(rec, header, v.message, target);
      else append(rec, field, Array.isArray(v) ? v : [v]);
    };
  }
  if (kind === 'text') return (cell, rec) => (rec.source[field] = cell);
  return (cell, rec) => {
    const v = parse(cell);
    if (isProblem(v)) unreadable(rec, header, v.message, target);
    else rec.source[field] = v;
  };
};

const NO_RESULTS: readonly TImportResult[] = [];

/**
 * True when trim() would give the cell back: its ends are visible ASCII (what trim removes is ASCII space
 * and controls or non-ASCII space), so the common clean cell skips the call.
 */
const isTrimmed = (cell: string): boolean => {
  const first = cell.charCodeAt(0);
  const last = cell.charCodeAt(cell.length - 1);
  return first > 32 && first < 127 && last > 32 && last < 127;
};

/**
 * The streaming import: push rows (after the header), take products and errors. Every row is validated;
 * a row with errors stays out and is reported by row number and column, and never stops the import.
 */
export const createImporter = (options: TImportOptions): TImporter => {
  const { format, columns } = options.mapping;
  const roles = new Map<string, number>();
  for (const c of columns)
    if (ROLE_BY_TARGET.has(c.target) && !roles.has(c.target)) roles.set(c.target, roles.size);
  const roleIndex = (target: string) => roles.get(target) ?? -1;
  const env: TCompileEnv = {
    format,
    shop: options.shop ?? {},
    decimalComma: options.decimalComma ?? false,
    roleIndex,
  };
  let width = columns.reduce((n, c) => Math.max(n, c.index + 1), 0);
  const handlers: (THandler | undefined)[] = new Array<THandler | undefined>(width).fill(undefined);
  const targetAt: (string | undefined)[] = new Array<string | undefined>(width).fill(undefined);
  const headerAt: string[] = new Array<string>(width).fill('');
  const headerOf = new Map<string, string>();
  const addColumn = (c: TColumnMapping): void => {
    if (ROLE_BY_TARGET.has(c.target) && !roles.has(c.target)) roles.set(c.target, roles.size);
    for (let i = width; i <= c.index; i++) {
      handlers[i] = undefined;
      targetAt[i] = undefined;
      headerAt[i] = '';
    }
    width = Math.max(width, c.index + 1);
    handlers[c.index] = compileColumn(c, env);
    targetAt[c.index] = c.target;
    headerAt[c.index] = c.header;
    if (!headerOf.has(c.target)) headerOf.set(c.target, c.header);
  };
  for (const c of columns) addColumn(c);
  const columnOf = (target: string) => headerOf.get(target) ?? targetLabel(target);

  let results: TImportResult[] = [];
  const ctx = new AssemblerContext(
    (r) => results.push(r),
    columnOf,
    env.shop,
    options.dataSourceName,
    options.productKey,
  );
  const assembler: TAssembler =
    format === 'shopify'
      ? createShopifyAssembler(ctx, roleIndex)
      : format === 'woocommerce'
        ? createWooAssembler(ctx, roleIndex)
        : createGoogleAssembler(ctx);

  const take = (): readonly TImportResult[] => {
    if (results.length === 0) return NO_RESULTS;
    const out = results;
    results = [];
    return out;
  };

  /** Maps one row and hands it to the assembler; results collect in `results`. */
  const read = (row: TCsvRow): void => {
    ctx.stats.rows_read++;
    const rec = new RowRecord(row.row_number, roles.size);
    if (row.problem !== undefined) {
      rec.fail('row', row.problem, '');
      ctx.reject(rec);
      return;
    }
    try {
      const cells = row.cells;
      const n = cells.length < width ? cells.length : width;
      for (let i = 0; i < n; i++) {
        const cell = cells[i] as string;
        if (cell === '') continue;
        const handler = handlers[i];
        if (handler === undefined) continue;
        if (row.control === true) {
          const header = headerAt[i] as string;
          const issue = textCharactersIssue(cell, { label: header || `Column ${i + 1}`, multiline: true });
          if (issue !== null) {
            rec.fail(header, issue, targetAt[i] as string);
            continue;
          }
        }
        const t = isTrimmed(cell) ? cell : cell.trim();
        if (t !== '') handler(t, rec);
      }
      for (let i = width; i < cells.length; i++) {
        if ((cells[i] as string).trim() !== '') {
          rec.fail(`column ${i + 1}`, MSG.ragged(cells.length, width), '');
          break;
        }
      }
      if (rec.warnings) {
        // A row that is out anyway reports every problem it has as an error.
        if (rec.errors) for (const w of rec.warnings) rec.errors.push(w);
        else ctx.warn(rec);
      }
      assembler.push(rec);
    } catch (e) {
      // A bug must not end the import: the row is reported and the next one is read.
      ctx.rejectRow(row.row_number, 'row', MSG.unexpected(e instanceof Error ? e.message : String(e)));
    }
  };

  return {
    stats: ctx.stats,
    collisions: () => ctx.collisions(),
    push(row: TCsvRow): readonly TImportResult[] {
      read(row);
      return take();
    },
    pushRows(rows: readonly TCsvRow[]): readonly TImportResult[] {
      for (let i = 0; i < rows.length; i++) read(rows[i] as TCsvRow);
      return take();
    },
    end(): readonly TImportResult[] {
      assembler.end();
      return take();
    },
    addColumns(added: readonly TColumnMapping[]): void {
      for (const c of added) addColumn(c);
    },
  };
};

export type TRowSource = AsyncIterable<TCsvRow> | Iterable<TCsvRow>;

/** Runs rows through an importer, one result at a time. */
export async function* importRows(rows: TRowSource, options: TImportOptions): AsyncGenerator<TImportResult> {
  const importer = createImporter(options);
  for await (const row of rows) yield* importer.push(row);
  yield* importer.end();
}
