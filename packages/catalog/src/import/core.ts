import { SUBMISSION_CONTROL_KEYS, type TSubmissionControlKey } from '@feedloom/validation';
import type { TLayerValues } from '../model/fields';
import type { TProduct } from '../model/product';
import { normaliseOfferId } from '../rules/clean';
import { KeyTable } from './key-table';

// What an import produces, and the pieces the format assemblers (Google/generic, Shopify, WooCommerce) share:
// the row record a mapped row becomes, product building with shared values on the product and differences on
// the variants, the required checks and the duplicate-id check.

/** A product (with its variants) ready for the source layer. */
export interface TImportedProduct {
  kind: 'product';
  /** Stable product id: the item id of a single product, the group id (item_group_id, handle, parent) otherwise. */
  product_id: string;
  /** The channel item id when the product has no variants (else the group id). */
  offer_id: string;
  item_group_id?: string;
  /** Source-layer values (all variants share them). */
  source: TLayerValues;
  /** Columns no product field takes, by header: kept, never dropped. */
  custom: Record<string, string>;
  variants: TImportedVariant[];
  /** Every file row this product was read from (product, variant and image rows). */
  row_numbers: number[];
  /**
   * The product id was already emitted earlier in this import (its rows were not next to each other): add
   * these variants to it and leave its own values as they are. Each such variant carries all of its values.
   */
  append?: true;
}

export interface TImportedVariant {
  /** The variant's id, which is its channel item id. */
  id: string;
  offer_id: string;
  row_number: number;
  /** What this variant has that its product does not share. */
  source: TLayerValues;
  custom: Record<string, string>;
}

/**
 * One problem with one row: the row stays out of the catalogue. With `warning`, only the value of `column`
 * stays out (an optional value that could not be read) and the row is imported without it.
 */
export interface TImportError {
  kind: 'error';
  row_number: number;
  /** The file's header of the offending column (or the value's name when no column holds it). */
  column: string;
  message: string;
  warning?: true;
  /**
   * The id of a product emitted earlier in this import that this error takes back (a WooCommerce variable
   * product emitted before its variations, none of which came): it is not imported after all.
   */
  withdraws?: string;
}

export type TImportResult = TImportedProduct | TImportError;

/** Rows that claimed one id: the first row that used it, then every later one (each later row is rejected). */
export interface TImportCollision {
  id: string;
  rows: number[];
}

/**
 * What identifies a product in the catalogue: its product id (the item id of a single product, the group id of
 * a product with variants), or with `sku` the SKU of a single product that has one (a data source setting).
 */
export type TProductKeyFormat = 'id' | 'sku';

/** The catalogue key of an imported product under a key format (see TProductKeyFormat). */
export const productKeyOf = (p: TImportedProduct, format: TProductKeyFormat = 'id'): string => {
  const sku = p.source.sku;
  return format === 'sku' && p.variants.length === 0 && typeof sku === 'string' && sku.trim() !== ''
    ? sku.trim()
    : p.product_id;
};

export interface TImportStats {
  /** Data rows read (not the header, not blank lines). */
  rows_read: number;
  /** Rows that went into a product. */
  rows_imported: number;
  /** Rows left out because of errors (each counted once). */
  rows_rejected: number;
  products: number;
  variants: number;
}

/** The imported product as a model product with empty override and rule layers. */
export const importedToProduct = (p: TImportedProduct): TProduct => ({
  id: p.product_id,
  offer_id: p.offer_id,
  ...(p.item_group_id === undefined ? {} : { item_group_id: p.item_group_id }),
  source: p.source,
  overrides: {},
  rules: {},
  variants: p.variants.map((v) => ({
    id: v.id,
    offer_id: v.offer_id,
    source: v.source,
    overrides: {},
    rules: {},
  })),
});

/* ------------------------------------------------------------------ rows */

export interface TColumnError {
  column: string;
  message: string;
  /** The value the error is about (lets an assembler tell a variant's error from its product's). */
  target: string;
}

const NO_ROLES: unknown[] = [];

/**
 * A map keyed by text from the file (custom attribute names): no prototype, so a column called `__proto__`
 * is an ordinary key instead of being swallowed by the prototype setter.
 */
export const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/**
 * Makes the objects that hold a row's or a product's source values: ordinary objects (their prototype is
 * Object.prototype, as for `{}`), but made with `new`, so V8 gives them room for the twenty-odd values a row
 * has (in-object slack tracking) instead of regrowing a literal's property store every few keys, which made
 * these stores the largest source of garbage of an import.
 */
export const SourceValues = function SourceValues() {} as unknown as new () => Record<string, unknown>;
SourceValues.prototype = Object.prototype;

/**
 * The custom values of an item that has none, shared: buildProduct gives every product and variant its own
 * (empty) object in its place, so the common row without custom columns costs no object of its own.
 */
export const NO_CUSTOM: Readonly<Record<string, string>> = Object.freeze(dict<string>());

/** A product's or variant's own custom values object. */
const ownCustom = (custom: Record<string, string>): Record<string, string> =>
  custom === NO_CUSTOM ? dict<string>() : custom;

/** One mapped row: values for the source layer, custom attributes, format roles, and what went wrong. */
export class RowRecord {
  readonly source: Record<string, unknown> = new SourceValues();
  custom: Record<string, string> | undefined = undefined;
  readonly roles: unknown[];
  id: string | undefined = undefined;
  group: string | undefined = undefined;
  errors: TColumnError[] | undefined = undefined;

  constructor(
    readonly row_number: number,
    roleCount: number,
  ) {
    this.roles = roleCount === 0 ? NO_ROLES : new Array<unknown>(roleCount);
  }

  /** Optional values left out of the row (it is imported without them). */
  warnings: TColumnError[] | undefined = undefined;

  fail(column: string, message: string, target: string): void {
    (this.errors ??= []).push({ column, message, target });
  }

  /** `target`'s value could not be read but the row does without it: left out, with a warning. */
  leaveOut(column: string, message: string, target: string): void {
    (this.warnings ??= []).push({ column, message, target });
  }

  setCustom(name: string, value: string): void {
    (this.custom ??= dict<string>())[name] = value;
  }
}

export interface TItem {
  offer_id: string;
  row_number: number;
  source: Record<string, unknown>;
  custom: Record<string, string>;
}

/** Structural equality of product values (prices, measures, lists, details): key order does not matter. */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const key in x) {
    if (x[key] === undefined) continue;
    n++;
    if (!sameValue(x[key], y[key])) return false;
  }
  for (const key in y) if (y[key] !== undefined) n--;
  return n === 0;
};

const TITLE_TAIL_RE = /[\s\-–—,/|:;(]+$/;

/**
 * The title of a product whose variants have titles of their own (a feed's item group, where each item's title
 * names its colour and size): the words every variant's title begins with (`Running Sneakers` of `Running
 * Sneakers - Black, 40` and `Running Sneakers - Red, 41`), without the separator before the variant's words;
 * the first variant's title when they have no first word in common.
 */
export const groupTitle = (titles: readonly string[]): string | undefined => {
  const first = titles[0];
  if (first === undefined) return undefined;
  let common = first.split(/\s+/);
  for (let i = 1; i < titles.length && common.length > 0; i++) {
    const words = (titles[i] as string).split(/\s+/);
    let n = 0;
    while (n < common.length && n < words.length && common[n] === words[n]) n++;
    common = common.slice(0, n);
  }
  const title = common.join(' ').replace(TITLE_TAIL_RE, '');
  return title === '' ? first : title;
};

/**
 * A product from its items (one per variant). Values every variant has alike go to the product, the rest
 * stays on each variant, so merging gives back each item exactly (as groupVariants does). With `append`, the
 * product's own values are left alone and every variant keeps all of its values.
 *
 * A product with variants always has a title: `title` when given (a WooCommerce variable product's own name),
 * else the one its variants share, else their titles' common words (groupTitle). Each variant keeps its own
 * title when it differs from the product's.
 */
export const buildProduct = (
  productId: string,
  groupId: string | undefined,
  items: readonly TItem[],
  rowNumbers: number[],
  append = false,
  title?: string,
): TImportedProduct => {
  const first = items[0];
  if (!first) throw new Error('a product needs at least one item');
  if (groupId === undefined && items.length === 1) {
    return {
      kind: 'product',
      product_id: productId,
      offer_id: first.offer_id,
      source: first.source,
      custom: ownCustom(first.custom),
      variants: [],
      row_numbers: rowNumbers,
    };
  }
  const shared = new SourceValues();
  const sharedCustom = dict<string>();
  if (!append) {
    for (const key in first.source) {
      const v = first.source[key];
      if (v === undefined || (key === 'title' && title !== undefined && v !== title)) continue;
      if (allShareSource(items, key, v)) shared[key] = v;
    }
    if (first.custom !== NO_CUSTOM) {
      for (const key in first.custom) {
        const v = first.custom[key];
        if (v !== undefined && allShareCustom(items, key, v)) sharedCustom[key] = v;
      }
    }
  }
  const product: TImportedProduct = {
    kind: 'product',
    product_id: productId,
    offer_id: groupId ?? productId,
    item_group_id: groupId ?? productId,
    source: shared,
    custom: sharedCustom,
    variants: items.map((it) => ({
      id: it.offer_id,
      offer_id: it.offer_id,
      row_number: it.row_number,
      source: sourceWithout(it.source, shared),
      custom: it.custom === NO_CUSTOM ? dict<string>() : without(it.custom, sharedCustom),
    })),
    row_numbers: rowNumbers,
  };
  if (append) product.append = true;
  else if (shared.title === undefined) {
    // After the variants took their values: each keeps its own title.
    const titles: string[] = [];
    for (const it of items) if (typeof it.source.title === 'string') titles.push(it.source.title);
    const productTitle = title ?? groupTitle(titles);
    if (productTitle !== undefined) shared.title = productTitle;
  }
  return product;
};

// Loops rather than items.every(callback): they run for every value of every variant of a large import.
const allShareSource = (items: readonly TItem[], key: string, v: unknown): boolean => {
  for (let i = 1; i < items.length; i++) {
    const w = (items[i] as TItem).source[key];
    if (w !== v && !sameValue(w, v)) return false;
  }
  return true;
};

const allShareCustom = (items: readonly TItem[], key: string, v: string): boolean => {
  for (let i = 1; i < items.length; i++) if ((items[i] as TItem).custom[key] !== v) return false;
  return true;
};

/**
 * A variant's source values minus the shared ones, as an ordinary object like the product's source: its keys
 * are product field names, never text from the file, and a prototype-less object would be a slow
 * (dictionary) object, costly to fill and to serialise on every variant of an import.
 */
const sourceWithout = (
  values: Record<string, unknown>,
  drop: Record<string, unknown>,
): Record<string, unknown> => {
  const out = new SourceValues();
  for (const key in values) if (!(key in drop)) out[key] = values[key];
  return out;
};

const without = <T>(values: Record<string, T>, drop: Record<string, T>): Record<string, T> => {
  const out = dict<T>();
  for (const key in values) if (!(key in drop)) out[key] = values[key] as T;
  return out;
};

/* ------------------------------------------------------------------ what assemblers share */

export interface TShopSettings {
  /** ISO 4217 currency of prices written without one (Shopify and WooCommerce exports never write one). */
  currency?: string;
  /** The shop's address (`https://shop.example.com`): product links of exports that have none are built on it. */
  url?: string;
}

export const MSG = {
  idRequired: 'ID is required.',
  priceRequired: 'Price is required.',
  duplicateId: (id: string, row: number) =>
    `ID "${id}" is already used by row ${row}: every product and variant needs its own ID.`,
  ragged: (cells: number, header: number) =>
    `This row has ${cells} cells but the header has ${header}: a value probably contains an unquoted delimiter or a missing quote.`,
  groupRejected: (row: number) => `Not imported: row ${row} of the same product has errors.`,
  unpublishedVariation: (state: string) =>
    `Not imported: this variation is ${state} in WooCommerce (Published), so it is not for sale. Publish it there to import it.`,
  noPublishedVariation:
    "Not imported: none of this product's variations is published in WooCommerce, so nothing of it is for sale.",
  unexpected: (message: string) => `This row could not be read: ${message}`,
  leftOut: (message: string) => `${message} This value was left out; the rest of the row is imported.`,
} as const;

/**
 * A copy of `s` that owns its characters. A cell is a slice of the text chunk it was read from, and V8 keeps
 * that whole chunk alive as long as the slice lives: the ids an import remembers would keep every chunk of
 * the file in memory (memory growing with the file) unless they are copied.
 */
export const ownString = (s: string): string => (' ' + s).slice(1);

/** The trimmed value of the custom attribute named `name` in any case (an export's own column), if any. */
export const customValue = (
  custom: Readonly<Record<string, string>> | undefined,
  name: string,
): string | undefined => {
  for (const key in custom) if (key.toLowerCase() === name) return custom[key]?.trim();
  return undefined;
};

/**
 * Submission controls that hold a product back from every channel: what a product the shop does not sell (a
 * draft, an archived or private product) is imported with. The merchant can change them on the product.
 */
export const excludedEverywhere = (): Record<TSubmissionControlKey, true> =>
  Object.fromEntries(SUBMISSION_CONTROL_KEYS.map((k) => [k, true])) as Record<TSubmissionControlKey, true>;

/** Colliding ids listed in a report (every colliding row is also an error of its own). */
const MAX_COLLISIONS = 1000;

/** What an assembler is given: output, counters and the checks every format applies. */
export class AssemblerContext {
  readonly stats: TImportStats = {
    rows_read: 0,
    rows_imported: 0,
    rows_rejected: 0,
    products: 0,
    variants: 0,
  };
  /** Item id → the row that used it first (by hash: see KeyTable). */
  private readonly ids = new KeyTable();
  /** Product key → the first row of the product that has it. */
  private readonly keys = new KeyTable();
  /** Ids claimed by more than one row, with those rows (bounded: see MAX_COLLISIONS). */
  private readonly collided = new Map<string, number[]>();

  constructor(
    private readonly out: (result: TImportResult) => void,
    /** The header of the column mapped to a value, for messages about a missing value. */
    readonly columnOf: (target: string) => string,
    readonly shop: TShopSettings,
    readonly dataSourceName: string | undefined,
    readonly keyFormat: TProductKeyFormat = 'id',
  ) {}

  /** Every id two or more rows claimed, with the row numbers of each (the first row first). */
  collisions(): TImportCollision[] {
    return [...this.collided].map(([id, rows]) => ({ id, rows: [...rows] }));
  }

  private collide(id: string, first: number, row: number): void {
    const rows = this.collided.get(id);
    if (rows) rows.push(row);
    else if (this.collided.size < MAX_COLLISIONS) this.collided.set(ownString(id), [first, row]);
  }

  emitProduct(product: TImportedProduct): void {
    // Two products with one catalogue key would be merged into one: the later one is refused, row by row.
    if (!product.append) {
      const key = productKeyOf(product, this.keyFormat);
      const first = this.keys.get(key);
      if (first !== undefined) {
        const target =
          key !== product.product_id ? 'sku' : product.variants.length > 0 ? 'item_group_id' : 'id';
        for (const row of product.row_numbers) {
          this.collide(key, first, row);
          this.rejectRow(row, this.columnOf(target), MSG.duplicateId(key, first));
        }
        return;
      }
      this.keys.set(key, product.row_numbers[0] ?? 0);
    }
    if (this.dataSourceName !== undefined && !product.append) {
      (product.source as Record<string, unknown>).data_source_name = this.dataSourceName;
    }
    this.stats.products += product.append ? 0 : 1;
    this.stats.variants += product.variants.length;
    this.stats.rows_imported += product.row_numbers.length;
    this.out(product);
  }

  /** Reports the row's errors; the row is out. */
  reject(rec: RowRecord): void {
    this.stats.rows_rejected++;
    for (const e of rec.errors ?? []) {
      this.out({ kind: 'error', row_number: rec.row_number, column: e.column, message: e.message });
    }
  }

  /** The values left out of a row that is read on (RowRecord.leaveOut), each a warning on the report. */
  warn(rec: RowRecord): void {
    for (const w of rec.warnings ?? []) {
      this.out({
        kind: 'error',
        row_number: rec.row_number,
        column: w.column,
        message: MSG.leftOut(w.message),
        warning: true,
      });
    }
  }

  /** Rows that are out because another row of their product failed (or, `withdraws`, see TImportError). */
  rejectRow(rowNumber: number, column: string, message: string, withdraws?: string): void {
    this.stats.rows_rejected++;
    this.out(
      withdraws === undefined
        ? { kind: 'error', row_number: rowNumber, column, message }
        : { kind: 'error', row_number: rowNumber, column, message, withdraws },
    );
  }

  /** Takes back the counts of a one-row product emitted earlier (its rejection follows: rejectRow). */
  uncount(): void {
    this.stats.products--;
    this.stats.rows_imported--;
  }

  /** Title and price are required on every item ('Title is required.'). */
  requireTitleAndPrice(values: Record<string, unknown>, rec: RowRecord, titleMessage: string): void {
    if (values.title === undefined) rec.fail(this.columnOf('title'), titleMessage, 'title');
    if (values.price === undefined) rec.fail(this.columnOf('price'), MSG.priceRequired, 'price');
  }

  /**
   * Records an item id; a second use is an error on the later row. Ids compare as channels receive them
   * (` A  B ` is `A B`, see normaliseOfferId).
   */
  claimId(id: string, rec: RowRecord, target = 'id'): void {
    const key = normaliseOfferId(id);
    const first = this.ids.get(key);
    if (first === undefined) this.ids.set(key, rec.row_number);
    else {
      this.collide(key, first, rec.row_number);
      rec.fail(this.columnOf(target), MSG.duplicateId(key, first), target);
    }
  }
}

export interface TAssembler {
  push(rec: RowRecord): void;
  end(): void;
}
