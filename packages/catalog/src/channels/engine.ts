import type { TFieldName } from '../model/fields';
import { formatMoney, hasExcessPrecision, isIsoCurrency } from '../model/money';
import type { TMoney } from '../model/money';
import type { ChannelItem, TLayer, TProduct } from '../model/product';
import { channelItems } from '../model/product';
import { stripControl } from '../feeds/escape';
import { cleanText, normaliseMoney, normaliseOfferId } from '../rules/clean';
import { parseInterval, parseIsoDate } from '../rules/dates';
import { gtinProblem } from '../rules/gtin';
import { googleHtml, htmlToText } from '../rules/html';
import { enumKey, exceeds, isAscii, isHttpUrl, charLength } from '../rules/text';
import type { TCategory, TTaxonomy } from '../taxonomy/taxonomy';
import { findCategory } from '../taxonomy/taxonomy';
import { duplicateIdIssue, duplicateIds } from './duplicates';
import type {
  TAttributeRow,
  TBasis,
  TChannelSpec,
  TCheck,
  TCondition,
  TFinding,
  TIssue,
  TItemState,
  TLimit,
  TResolvedContext,
  TSeverity,
  TValidationContext,
} from './types';

// The one validator engine: it runs the rows of a channel table against an item. It knows types (text, url,
// price, measure…), presence, lengths, counts and allowed values; everything channel-specific is in the rows.

/** A row with what the engine precomputes once per table (see CompiledRow). */
export type TCompiledRow = CompiledRow;

export interface TResolvedLimit {
  value: number;
  basis?: TBasis;
  severity?: TSeverity;
}

export interface TCompiledChannel extends TChannelSpec {
  readonly rows: readonly TCompiledRow[];
  readonly byAttribute: ReadonlyMap<string, TCompiledRow>;
  /** Reads every row's value of an item into `out` (by row index), uncleaned: see cleanValues. */
  readonly readAll: (item: ChannelItem, ctx: TResolvedContext, out: unknown[]) => void;
  /** Indexes of the rows whose values are cleaned before they are judged or written. */
  readonly cleaned: readonly number[];
  /** By row index: 1 when the row is required (always or on conditions), so it runs on an absent value. */
  readonly requiredRows: Uint8Array;
  /** By row index: 1 when the row's outcome depends only on its value (CompiledRow.valueOnly). */
  readonly valueOnlyRows: Uint8Array;
}

const IDENTIFIER_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A reader specialised to one table: `out[3] = v.title` instead of a generic `v[row.key]` per row. Millions of
 * items go through it per feed build, and named reads of the uniformly shaped values object are several times
 * cheaper than keyed reads with a different key each time. Only field names (checked identifiers) and row
 * indexes go into the generated code.
 */
const buildReader = (rows: readonly TCompiledRow[]): TCompiledChannel['readAll'] => {
  const lines = rows.map((row, i) => {
    if (row.get) return `out[${i}] = rows[${i}].get(item, ctx);`;
    const key = row.valueKey;
    return IDENTIFIER_RE.test(key) ? `out[${i}] = v.${key};` : `out[${i}] = v[${JSON.stringify(key)}];`;
  });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated reader, no user input in the source (see above)
  const factory = new Function(
    'rows',
    `return function readAll(item, ctx, out) {\n  const v = item.values;\n  ${lines.join('\n  ')}\n};`,
  );
  return (factory as (r: typeof rows) => TCompiledChannel['readAll'])(rows);
};

/**
 * Rows as instances of one class: every property present, in one order, so the engine's reads of row
 * properties stay monomorphic however different the table's object literals are.
 */
class CompiledRow implements TAttributeRow {
  readonly attribute: string;
  readonly label: string | undefined;
  readonly type: TAttributeRow['type'];
  readonly field: TAttributeRow['field'];
  readonly key: string | undefined;
  readonly get: TAttributeRow['get'];
  readonly fields: TAttributeRow['fields'];
  readonly required: TAttributeRow['required'];
  readonly maxLength: TLimit | undefined;
  readonly values: readonly string[] | undefined;
  readonly aliases: TAttributeRow['aliases'];
  readonly repeated: boolean | undefined;
  readonly maxItems: TLimit | undefined;
  readonly minItems: TLimit | undefined;
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly positive: boolean | undefined;
  readonly units: TAttributeRow['units'];
  readonly unitAliases: TAttributeRow['unitAliases'];
  readonly maxDecimals: number | undefined;
  readonly compactUnit: boolean | undefined;
  readonly ascii: boolean | undefined;
  readonly checks: TAttributeRow['checks'];
  readonly basis: TBasis;
  readonly feed: string | undefined;
  readonly api: string | undefined;
  readonly apiEnum: 'upper' | undefined;
  readonly apiList: boolean | undefined;
  readonly apiSplit: boolean | undefined;
  readonly apiInt64: boolean | undefined;
  readonly textSlots: TAttributeRow['textSlots'];
  readonly html: TAttributeRow['html'];
  readonly textHeader: boolean | undefined;
  readonly unsupportedKeys: TAttributeRow['unsupportedKeys'];
  readonly labelText: string;
  readonly enumMap: ReadonlyMap<string, string> | undefined;
  readonly unitMap: ReadonlyMap<string, string> | undefined;
  readonly children: readonly TCompiledRow[] | undefined;
  readonly provenance: readonly string[];
  /** The key read from `item.values` when the row has no `get`. */
  readonly valueKey: string;
  /** The limits as objects, resolved once. */
  readonly maxLengthLimit: TResolvedLimit | undefined;
  readonly maxItemsLimit: TResolvedLimit | undefined;
  readonly minItemsLimit: TResolvedLimit | undefined;
  /** The outcome depends only on the row's value (all checks value-only): a variant can reuse a clean result. */
  readonly valueOnly: boolean;
  /** The scope of the row as a top-level attribute (shared: it never changes). */
  readonly scope: TRowScope;
  /** The scope of its sub-attributes when it is a record with a single entry. */
  readonly childScope: TRowScope;
  /** Text trimming and control-character removal, price currency codes (undefined: nothing to clean). */
  readonly textClean: ((v: unknown) => unknown) | undefined;
  readonly htmlClean: ((s: string) => string) | undefined;
  /** A single text (no HTML rules) or a single price: cleanValue's shortcuts (0: none). */
  readonly fastClean: number;
  /** The last value cleaned and its result: a product's variants share most values, so most calls hit. */
  private lastIn: unknown = undefined;
  private lastOut: unknown = undefined;
  /** Whether the last value cleaned had HTML removed (the validator warns about it). */
  lastHadHtml = false;
  /** Entries of the last value left out for a sub-attribute the channel cannot take (unsupportedKeys). */
  lastUnsupported: readonly Record<string, unknown>[] | undefined = undefined;

  constructor(row: TAttributeRow) {
    this.attribute = row.attribute;
    this.label = row.label;
    this.type = row.type;
    this.field = row.field;
    this.key = row.key;
    this.get = row.get;
    this.fields = row.fields;
    this.required = row.required;
    this.maxLength = row.maxLength;
    this.values = row.values;
    this.aliases = row.aliases;
    this.repeated = row.repeated;
    this.maxItems = row.maxItems;
    this.minItems = row.minItems;
    this.min = row.min;
    this.max = row.max;
    this.positive = row.positive;
    this.units = row.units;
    this.unitAliases = row.unitAliases;
    this.maxDecimals = row.maxDecimals;
    this.compactUnit = row.compactUnit;
    this.ascii = row.ascii;
    this.checks = row.checks;
    this.basis = row.basis;
    this.feed = row.feed;
    this.api = row.api;
    this.apiEnum = row.apiEnum;
    this.apiList = row.apiList;
    this.apiSplit = row.apiSplit;
    this.apiInt64 = row.apiInt64;
    this.textSlots = row.textSlots;
    this.html = row.html;
    this.textHeader = row.textHeader;
    this.unsupportedKeys = row.unsupportedKeys;
    this.labelText = row.label ?? row.attribute.replace(/_/g, ' ');
    let enumMap: Map<string, string> | undefined;
    if (row.values) {
      enumMap = new Map();
      // The exact spellings first (the common case needs no normalisation), then the normalised keys.
      for (const v of row.values) enumMap.set(v, v).set(enumKey(v), v);
      for (const [alias, target] of Object.entries(row.aliases ?? {}))
        enumMap.set(alias, target).set(enumKey(alias), target);
    }
    this.enumMap = enumMap;
    let unitMap: Map<string, string> | undefined;
    if (row.units) {
      unitMap = new Map(Object.keys(row.units).map((u) => [u.toLowerCase(), u] as const));
      for (const [alias, target] of Object.entries(row.unitAliases ?? {}))
        unitMap.set(alias.toLowerCase(), target);
    }
    this.unitMap = unitMap;
    this.children = row.children?.map((c) => new CompiledRow(c));
    this.valueKey = row.key ?? row.field ?? row.attribute;
    this.provenance = row.fields ?? [row.field ?? row.attribute];
    this.scope = { top: this, parent: undefined, entry: 0 };
    this.childScope = { top: this, parent: this, entry: 0 };
    this.maxLengthLimit = row.maxLength === undefined ? undefined : limitOf(row.maxLength);
    this.maxItemsLimit = row.maxItems === undefined ? undefined : limitOf(row.maxItems);
    this.minItemsLimit = row.minItems === undefined ? undefined : limitOf(row.minItems);
    this.valueOnly =
      (row.checks ?? []).every((c) => c.valueOnly === true) &&
      (this.children ?? []).every((c) => c.valueOnly);
    this.textClean = textCleaner(this);
    this.htmlClean = row.html === 'plain' ? htmlToText : row.html === 'google' ? googleHtml : undefined;
    this.fastClean =
      row.repeated || row.html || row.unsupportedKeys
        ? 0
        : row.type === 'text' || row.type === 'category'
          ? FAST_TEXT
          : row.type === 'price'
            ? FAST_PRICE
            : 0;
  }

  /** Whether values of this row are cleaned (cleanValue changes them). */
  get cleans(): boolean {
    return this.textClean !== undefined || this.htmlClean !== undefined;
  }

  /**
   * The value as the channel gets it: the one cleaning the validator and every writer apply. Text is trimmed
   * and loses control characters (so a title of only spaces is missing), HTML is removed or reduced to what the
   * channel allows, currency codes are upper-cased (`usd` → `USD`).
   */
  cleanValue(v: unknown): unknown {
    // The common cases first, without the bookkeeping below (their rows never have HTML or unsupported keys).
    const fast = this.fastClean;
    if (fast === FAST_TEXT) {
      if (typeof v === 'string') return cleanText(v);
    } else if (fast === FAST_PRICE) {
      const c = (v as Partial<TMoney> | null)?.currency;
      if (typeof c === 'string' && c.length === 3 && isUpperAscii(c)) return v;
    }
    return this.cleanSlow(v);
  }

  /** cleanValue for lists, records and HTML rules: remembers the last value (variants share most values). */
  private cleanSlow(v: unknown): unknown {
    if (v === this.lastIn && v !== undefined) return this.lastOut;
    let out = this.textClean ? this.textClean(v) : v;
    let hadHtml = false;
    if (this.htmlClean && typeof out === 'string') {
      const h = this.htmlClean(out);
      if (h !== out) {
        hadHtml = true;
        out = cleanText(h);
      }
    }
    let unsupported: Record<string, unknown>[] | undefined;
    const keys = this.unsupportedKeys;
    if (keys && Array.isArray(v) && out !== v) {
      for (const x of v as unknown[]) {
        if (
          typeof x === 'object' &&
          x !== null &&
          keys.some((k) => isPresent((x as Record<string, unknown>)[k]))
        )
          (unsupported ??= []).push(x as Record<string, unknown>);
      }
    }
    this.lastIn = v;
    this.lastOut = out;
    this.lastHadHtml = hadHtml;
    this.lastUnsupported = unsupported;
    return out;
  }
}

const FAST_TEXT = 1;
const FAST_PRICE = 2;
const isUpperAscii = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 65 || c > 90) return false;
  }
  return true;
};

const cleanString = (v: unknown): unknown => (typeof v === 'string' ? cleanText(v) : v);

/** A list cleaned entry by entry; entries that clean to nothing are dropped. The same list when unchanged. */
const cleanList =
  (one: (v: unknown) => unknown) =>
  (v: unknown): unknown => {
    if (!Array.isArray(v)) return one(v);
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      const c = one(x);
      if (c !== x || c === '') out ??= v.slice(0, i);
      if (out && c !== '') out.push(c);
    }
    return out ?? v;
  };

/** A list of texts: the same as cleanList(cleanString), without a call per entry. */
const cleanTextList = (v: unknown): unknown => {
  if (!Array.isArray(v)) return cleanString(v);
  let out: unknown[] | undefined;
  for (let i = 0; i < v.length; i++) {
    const x: unknown = v[i];
    const c = typeof x === 'string' ? cleanText(x) : x;
    if (c !== x || c === '') out ??= v.slice(0, i);
    if (out && c !== '') out.push(c);
  }
  return out ?? v;
};

/** The cleaner of one record entry: its text and price sub-attributes, and the entries a channel cannot take. */
const recordCleaner = (row: CompiledRow): ((v: unknown) => unknown) | undefined => {
  const children = (row.children ?? []).filter((c) => c.textClean !== undefined);
  const unsupported = row.unsupportedKeys ?? [];
  if (children.length === 0 && unsupported.length === 0) return undefined;
  const keys = children.map((c) => c.valueKey);
  const text = children.map((c) => c.type === 'text' || c.type === 'category');
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const rec = v as Record<string, unknown>;
    // An entry the channel cannot take is dropped from the list (cleanList drops '').
    for (let j = 0; j < unsupported.length; j++) if (isPresent(rec[unsupported[j] as string])) return '';
    let out: Record<string, unknown> | undefined;
    for (let j = 0; j < keys.length; j++) {
      const key = keys[j] as string;
      const x = rec[key];
      if (x === undefined || x === null) continue;
      const y = text[j] ? (typeof x === 'string' ? cleanText(x) : x) : normaliseMoney(x);
      if (y !== x) (out ??= { ...rec })[key] = y === '' ? undefined : y;
    }
    return out ?? v;
  };
};

/** The cleaner of one row's values by type, or undefined for types that need none. */
function textCleaner(row: CompiledRow): ((v: unknown) => unknown) | undefined {
  switch (row.type) {
    case 'text':
    case 'category':
      return row.repeated ? cleanTextList : cleanString;
    case 'price':
      return row.repeated ? cleanList(normaliseMoney) : normaliseMoney;
    case 'record': {
      const one = recordCleaner(row);
      return one && row.repeated ? cleanList(one) : one;
    }
    default:
      return undefined;
  }
}

const compileRow = (row: TAttributeRow): TCompiledRow => new CompiledRow(row);

/** Checks a channel table once (unique attributes, enum rows have values) and precomputes lookups. */
export const defineChannel = (spec: TChannelSpec): TCompiledChannel => {
  const rows = spec.rows.map(compileRow);
  const cleaned = rows.flatMap((row, i) => (row.cleans ? [i] : []));
  const byAttribute = new Map<string, TCompiledRow>();
  for (const row of rows) {
    if (byAttribute.has(row.attribute))
      throw new Error(`${spec.name}: attribute ${row.attribute} is defined twice`);
    if (row.type === 'enum' && !row.values)
      throw new Error(`${spec.name}: enum ${row.attribute} has no values`);
    if (row.type === 'record' && !row.children)
      throw new Error(`${spec.name}: record ${row.attribute} has no children`);
    byAttribute.set(row.attribute, row);
  }
  const requiredRows = Uint8Array.from(rows, (row) => (row.required ? 1 : 0));
  const valueOnlyRows = Uint8Array.from(rows, (row) => (row.valueOnly ? 1 : 0));
  return { ...spec, rows, byAttribute, readAll: buildReader(rows), cleaned, requiredRows, valueOnlyRows };
};

/** The pure core reads no files: a category is checked against the taxonomy the caller passes. */
const noTaxonomy = (): TTaxonomy => {
  throw new Error(
    'google_product_category needs a taxonomy to be checked against: pass `taxonomy` in the validation ' +
      "context (googleTaxonomy() from '@feedloom/catalog/node' reads the en-US file shipped with the package)",
  );
};

export const resolveContext = (ctx: TValidationContext = {}): TResolvedContext => {
  const taxonomy = ctx.taxonomy;
  const domain = ctx.shopDomain?.toLowerCase().replace(/^www\./, '');
  return {
    targetCountry: ctx.targetCountry?.toUpperCase(),
    contentLanguage: ctx.contentLanguage?.toLowerCase(),
    currency: ctx.currency?.toUpperCase(),
    destinations: new Set(ctx.destinations ?? ['free_listings', 'shopping_ads']),
    shopDomain: domain,
    shopPrefixes: domain
      ? ['https://', 'http://'].flatMap((p) => [`${p}${domain}/`, `${p}www.${domain}/`])
      : [],
    accountShipping: ctx.accountShipping ?? false,
    taxonomy: taxonomy ? () => taxonomy : noTaxonomy,
    now: (ctx.now ?? new Date()).getTime(),
  };
};

/** The value a row reads from an item (derived or straight from its field), uncleaned. */
export const readRawValue = (row: TCompiledRow, item: ChannelItem, ctx: TResolvedContext): unknown =>
  row.get ? row.get(item, ctx) : (item.values as Record<string, unknown>)[row.valueKey];

/** The value a row sends for an item: read, then cleaned as the validator judges it (see cleanValue). */
export const readValue = (row: TCompiledRow, item: ChannelItem, ctx: TResolvedContext): unknown => {
  const v = row.get ? row.get(item, ctx) : (item.values as Record<string, unknown>)[row.valueKey];
  return v === undefined || v === null || !row.cleans ? v : row.cleanValue(v);
};

export const isPresent = (v: unknown): boolean =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

const LAYER_RANK: Record<TLayer, number> = { shop_default: 0, source: 1, override: 2, rule: 3 };

/**
 * The layer of a value read from several fields: the highest layer among them (a rule beats an edit, an edit
 * the source, the source the shop's default); 'source' when it is read from none.
 */
export const layerOfFields = (item: ChannelItem, fields: readonly string[]): TLayer => {
  let best: TLayer | undefined;
  for (const f of fields) {
    const l = item.layerOf(f);
    if (best === undefined || LAYER_RANK[l] > LAYER_RANK[best]) best = l;
  }
  return best ?? 'source';
};

const layerOfRow = (row: TCompiledRow, item: ChannelItem): TLayer => layerOfFields(item, row.provenance);

/** isHttpUrl's verdicts on recent links: each link is judged once per channel, and its variants share many. */
const urlVerdicts = new Map<string, boolean>();
const isHttpUrlRemembered = (s: string): boolean => {
  let ok = urlVerdicts.get(s);
  if (ok === undefined) {
    if (urlVerdicts.size >= 4096) urlVerdicts.clear();
    ok = isHttpUrl(s);
    urlVerdicts.set(s, ok);
  }
  return ok;
};

const capitalise = (s: string): string => (s === '' ? s : s[0]?.toUpperCase() + s.slice(1));
const quote = (v: unknown): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return `"${s.length > 60 ? `${s.slice(0, 57)}…` : s}"`;
};
function limitOf(l: TLimit): TResolvedLimit {
  return typeof l === 'number' ? { value: l } : l;
}

class ItemState implements TItemState {
  private cachedCategory: TCategory | undefined | null = null;
  readonly channel: TCompiledChannel;
  readonly item: ChannelItem;
  readonly ctx: TResolvedContext;

  constructor(channel: TCompiledChannel, item: ChannelItem, ctx: TResolvedContext) {
    this.channel = channel;
    this.item = item;
    this.ctx = ctx;
  }

  category(): TCategory | undefined {
    if (this.cachedCategory === null) {
      const v = this.item.values.google_product_category;
      this.cachedCategory =
        typeof v === 'string' && v !== '' ? findCategory(this.ctx.taxonomy(), v) : undefined;
    }
    return this.cachedCategory;
  }

  valueOf(attribute: string): unknown {
    const row = this.channel.byAttribute.get(attribute);
    return row ? readValue(row, this.item, this.ctx) : undefined;
  }
}

/** Where a value sits: a top-level row, or a sub-attribute of (one entry of) a record row. */
export interface TRowScope {
  /** The top-level row: its fields say which layer produced the value (worked out only when reporting). */
  top: TCompiledRow;
  /** The record row when the value is a sub-attribute. */
  parent: TCompiledRow | undefined;
  /** 1-based entry of a repeated record when it has several (0 otherwise): messages say "Shipping 2: …". */
  entry: number;
}

/** The first condition that holds for the item (a loop: no closure per absent conditional row). */
const firstHolding = (conditions: readonly TCondition[], state: TItemState): TCondition | undefined => {
  for (let i = 0; i < conditions.length; i++) {
    const c = conditions[i] as TCondition;
    if (c.when(state)) return c;
  }
  return undefined;
};

class Run {
  readonly issues: TIssue[] = [];
  readonly state: ItemState;
  readonly name: string;
  /** A finding of the current row refuses the whole item (TFinding.refusesItem). */
  refused = false;

  constructor(state: ItemState) {
    this.state = state;
    this.name = state.channel.name;
  }

  push(row: TCompiledRow, scope: TRowScope, f: TFinding): void {
    let severity: TSeverity = f.severity ?? 'error';
    const basis = f.basis ?? row.basis;
    // An unverified fact can never block an item (reference: [U] rules only ever warn).
    if (basis === 'U' && severity === 'error') severity = 'warning';
    const parent = scope.parent;
    const attribute =
      f.attribute ?? (parent && parent !== row ? `${parent.attribute}.${row.attribute}` : row.attribute);
    const prefix = parent && scope.entry > 0 ? `${capitalise(parent.labelText)} ${scope.entry}: ` : '';
    const layer = layerOfRow(scope.top, this.state.item);
    if (f.refusesItem && severity === 'error') this.refused = true;
    this.issues.push({ code: f.code, severity, attribute, message: prefix + f.message, layer });
  }

  /** Does the item need this row, so an error about it must keep the item out? */
  private needs(row: TCompiledRow): boolean {
    const required = row.required;
    if (required === true) return true;
    if (!required) return false;
    const conditions: readonly TCondition[] = Array.isArray(required) ? required : [required as TCondition];
    return conditions.some((c) => (c.severity ?? 'error') === 'error' && c.when(this.state));
  }

  /**
   * After a row reported errors from index `from` on: if the item does not need the attribute, the channel
   * only ignores an invalid value, so the errors become warnings and the attribute is left out (true).
   */
  leaveOut(row: TCompiledRow, from: number): boolean {
    const issues = this.issues;
    let errors = false;
    for (let k = from; k < issues.length; k++) if ((issues[k] as TIssue).severity === 'error') errors = true;
    if (!errors || this.refused || this.needs(row)) return false;
    for (let k = from; k < issues.length; k++) {
      const issue = issues[k] as TIssue;
      if (issue.severity !== 'error') continue;
      issue.severity = 'warning';
      issue.message = `${issue.message} Until then the item is sent without ${row.labelText}.`;
    }
    return true;
  }

  /** Entries of a record list left out because the channel has no place for one of their sub-attributes. */
  unsupportedEntries(
    row: TCompiledRow,
    all: readonly unknown[],
    dropped: readonly Record<string, unknown>[],
  ): void {
    const keys = row.unsupportedKeys ?? [];
    for (const entry of dropped) {
      const key = keys.find((k) => isPresent(entry[k])) as string;
      const n = all.length > 1 ? `${capitalise(row.labelText)} ${all.indexOf(entry) + 1}: ` : '';
      this.push(row, row.scope, {
        code: `${row.attribute}_area_unsupported`,
        severity: 'warning',
        message: `${n}${this.name} takes a ${row.labelText} rule for a whole country or one region only, so this rule for ${key.replace(/_/g, ' ')} ${quote(entry[key])} is left out. Give it a region instead, or set these rates in your ${this.name} account.`,
      });
    }
  }

  /** HTML removed from a value before it is sent. */
  htmlRemoved(row: TCompiledRow): void {
    const google = row.html === 'google';
    this.push(row, row.scope, {
      code: google ? 'html_not_allowed' : 'html_removed',
      severity: 'warning',
      message: google
        ? `${capitalise(row.labelText)} contains HTML that ${this.name} does not accept (tags other than strong, em, ul, ol, li, br, sub, sup, div, span, dl, dt and dd, tag attributes, scripts or styles); it is sent without them. Remove them from the description to control how it reads.`
        : `${capitalise(row.labelText)} contains HTML, which ${this.name} does not accept; it is sent as plain text with the tags removed. Remove the HTML from the description to control how it reads.`,
    });
  }

  row(row: TCompiledRow, value: unknown, scope: TRowScope): void {
    const label = row.labelText;
    if (!isPresent(value)) {
      const required = row.required;
      if (required === true) {
        this.push(row, scope, {
          code: 'missing_required',
          message: `${capitalise(label)} is missing. ${this.name} does not accept items without it: add it to the product or to your data source.`,
        });
        return;
      }
      if (!required) return;
      const req = Array.isArray(required) ? firstHolding(required, this.state) : (required as TCondition);
      if (req && (Array.isArray(required) || req.when(this.state))) {
        this.push(row, scope, {
          code: 'missing_conditional',
          severity: req.severity ?? 'error',
          basis: req.basis ?? row.basis,
          message: `${capitalise(label)} is missing. ${this.name} requires it ${req.because}: add it to the product or to your data source.`,
        });
      }
      return;
    }
    if (row.repeated) {
      const list: readonly unknown[] = Array.isArray(value) ? value : [value];
      const maxItems = row.maxItemsLimit;
      if (maxItems !== undefined) {
        const l = maxItems;
        if (list.length > l.value) {
          this.push(row, scope, {
            code: 'too_many_values',
            severity: l.severity,
            basis: l.basis,
            message: `${capitalise(label)} has ${list.length} values; ${this.name} uses at most ${l.value}. Remove the extra ones.`,
          });
        }
      }
      const minItems = row.minItemsLimit;
      if (minItems !== undefined) {
        const l = minItems;
        if (list.length < l.value) {
          this.push(row, scope, {
            code: 'too_few_values',
            severity: l.severity,
            basis: l.basis,
            message: `${capitalise(label)} has ${list.length} value${list.length === 1 ? '' : 's'}; ${this.name} needs at least ${l.value}. Add more.`,
          });
        }
      }
      const several = row.type === 'record' && list.length > 1;
      for (let i = 0; i < list.length; i++) {
        const v = list[i];
        if (!isPresent(v)) continue;
        this.value(row, v, several ? { top: scope.top, parent: row, entry: i + 1 } : scope);
      }
    } else {
      this.value(row, value, scope);
    }
    const checks = row.checks;
    if (checks) {
      for (let i = 0; i < checks.length; i++) {
        const out = (checks[i] as TCheck)(value, this.state, row);
        if (!out) continue;
        if (Array.isArray(out)) for (const f of out as readonly TFinding[]) this.push(row, scope, f);
        else this.push(row, scope, out as TFinding);
      }
    }
  }

  private tooLong(row: TCompiledRow, scope: TRowScope, s: string): void {
    const l = row.maxLengthLimit;
    // Measured as written: without the control characters the writers drop (cleanText leaves long text unscanned).
    if (l !== undefined && exceeds(s, l.value) && exceeds(stripControl(s), l.value)) {
      this.push(row, scope, {
        code: 'too_long',
        severity: l.severity,
        basis: l.basis,
        message: `${capitalise(row.labelText)} is ${charLength(s)} characters long; ${this.name} allows at most ${l.value}. Shorten it in the product editor or with a rule.`,
      });
    }
  }

  private wrongType(row: TCompiledRow, scope: TRowScope, v: unknown, expected: string): void {
    this.push(row, scope, {
      code: 'invalid_value',
      message: `${capitalise(row.labelText)} ${quote(v)} is not ${expected}. Correct it in the product or in your data source.`,
    });
  }

  private numberBounds(row: TCompiledRow, scope: TRowScope, n: number, shown: string): void {
    if (row.positive && !(n > 0)) {
      this.push(row, scope, {
        code: 'out_of_range',
        message: `${capitalise(row.labelText)} ${shown} must be greater than 0.`,
      });
    } else if ((row.min !== undefined && n < row.min) || (row.max !== undefined && n > row.max)) {
      const range =
        row.min !== undefined && row.max !== undefined
          ? `between ${row.min} and ${row.max}`
          : row.min !== undefined
            ? `at least ${row.min}`
            : `at most ${row.max}`;
      this.push(row, scope, {
        code: 'out_of_range',
        message: `${capitalise(row.labelText)} ${shown} must be ${range} on ${this.name}.`,
      });
    }
  }

  value(row: TCompiledRow, v: unknown, scope: TRowScope): void {
    switch (row.type) {
      case 'text':
      case 'category': {
        if (typeof v !== 'string') return this.wrongType(row, scope, v, 'text');
        this.tooLong(row, scope, v);
        if (row.type === 'category' && !findCategory(this.state.ctx.taxonomy(), v)) {
          this.push(row, scope, {
            code: 'unknown_category',
            severity: 'warning',
            message: `${capitalise(row.labelText)} ${quote(v)} is not in Google's product taxonomy. Use a category id (for example 1604) or its full path (Apparel & Accessories > Clothing); ${this.name} otherwise picks a category itself.`,
          });
        }
        return;
      }
      case 'url': {
        if (typeof v !== 'string') return this.wrongType(row, scope, v, 'a web address');
        this.tooLong(row, scope, v);
        if (!isHttpUrlRemembered(v)) {
          this.push(row, scope, {
            code: 'invalid_url',
            message: `${capitalise(row.labelText)} ${quote(v)} is not a valid web address. Use a full http:// or https:// URL with spaces and special characters encoded (a space as %20).`,
          });
        } else if (row.ascii && !isAscii(v)) {
          this.push(row, scope, {
            code: 'url_not_ascii',
            message: `${capitalise(row.labelText)} contains characters that are not plain ASCII. Percent-encode them (é as %C3%A9, a space as %20).`,
          });
        }
        return;
      }
      case 'enum': {
        if (typeof v !== 'string') return this.wrongType(row, scope, v, 'text');
        if (!row.enumMap?.has(v) && !row.enumMap?.has(enumKey(v))) {
          this.push(row, scope, {
            code: 'invalid_value',
            message: `${capitalise(row.labelText)} ${quote(v)} is not a value ${this.name} accepts. Use one of: ${row.values?.join(', ')}.`,
          });
        }
        return;
      }
      case 'boolean':
        if (typeof v !== 'boolean') this.wrongType(row, scope, v, 'yes or no');
        return;
      case 'integer':
      case 'number': {
        if (
          typeof v !== 'number' ||
          !Number.isFinite(v) ||
          (row.type === 'integer' && !Number.isInteger(v))
        ) {
          return this.wrongType(row, scope, v, row.type === 'integer' ? 'a whole number' : 'a number');
        }
        this.numberBounds(row, scope, v, String(v));
        return;
      }
      case 'price':
        return this.price(row, scope, v);
      case 'date': {
        if (typeof v !== 'string' || !parseIsoDate(v)) {
          this.push(row, scope, {
            code: 'invalid_date',
            message: `${capitalise(row.labelText)} ${quote(v)} is not an ISO 8601 date. Use YYYY-MM-DD or YYYY-MM-DDThh:mm±hhmm, for example 2027-03-01T09:00-0800.`,
          });
        }
        return;
      }
      case 'date_range': {
        if (typeof v !== 'string') return this.wrongType(row, scope, v, 'a date range');
        this.tooLong(row, scope, v);
        const interval = parseInterval(v);
        if (!interval) {
          this.push(row, scope, {
            code: 'invalid_date_range',
            message: `${capitalise(row.labelText)} ${quote(v)} must be a start and an end date separated by "/", for example 2027-02-24T13:00-0800/2027-02-28T15:30-0800.`,
          });
        } else if (interval.end.time <= interval.start.time) {
          this.push(row, scope, {
            code: 'date_range_order',
            message: `${capitalise(row.labelText)} ends (${interval.endText}) before it starts (${interval.startText}). Swap the dates or fix the end date.`,
          });
        }
        return;
      }
      case 'gtin':
        return this.gtin(row, scope, v);
      case 'measure':
        return this.measure(row, scope, v);
      case 'record': {
        if (typeof v !== 'object' || v === null || Array.isArray(v))
          return this.wrongType(row, scope, v, 'a group of values');
        const rec = v as Record<string, unknown>;
        const inner: TRowScope = scope.parent === row ? scope : row.childScope;
        const children = row.children ?? [];
        for (let i = 0; i < children.length; i++) {
          const child = children[i] as TCompiledRow;
          const cv = rec[child.valueKey];
          if (cv === undefined && !child.required) continue;
          this.row(child, cv, inner);
        }
        return;
      }
    }
  }

  private price(row: TCompiledRow, scope: TRowScope, v: unknown): void {
    const m = v as Partial<TMoney>;
    if (
      typeof v !== 'object' ||
      v === null ||
      typeof m.value !== 'number' ||
      typeof m.currency !== 'string' ||
      !Number.isFinite(m.value)
    ) {
      this.push(row, scope, {
        code: 'invalid_price',
        message: `${capitalise(row.labelText)} ${quote(v)} is not a valid price. Give an amount and an ISO 4217 currency, for example 15.00 USD.`,
      });
      return;
    }
    const money = m as TMoney;
    if (!isIsoCurrency(money.currency)) {
      this.push(row, scope, {
        code: 'invalid_currency',
        message: `${capitalise(row.labelText)} uses ${quote(money.currency)}, which is not an ISO 4217 currency code. Use a code such as USD, EUR or GBP.`,
      });
      return;
    }
    this.numberBounds(row, scope, money.value, formatMoney(money));
    if (hasExcessPrecision(money)) {
      this.push(row, scope, {
        code: 'price_precision',
        severity: 'warning',
        message: `${capitalise(row.labelText)} ${money.value} ${money.currency} has more decimals than ${money.currency} uses; it is sent rounded as ${formatMoney(money)}. Round it yourself to be sure it matches your website.`,
      });
    }
    const expected = this.state.ctx.currency;
    if (expected && money.currency !== expected) {
      this.push(row, scope, {
        code: 'currency_mismatch',
        severity: 'warning',
        message: `${capitalise(row.labelText)} is in ${money.currency} but the target country prices in ${expected}. Send prices in ${expected} or check that currency conversion is enabled in ${this.name}.`,
      });
    }
  }

  private gtin(row: TCompiledRow, scope: TRowScope, v: unknown): void {
    if (typeof v !== 'string') return this.wrongType(row, scope, v, 'a GTIN');
    const problem = gtinProblem(v);
    if (!problem) return;
    const label = row.labelText.toUpperCase();
    const messages: Record<typeof problem, [TSeverity, string]> = {
      characters: [
        'error',
        `${label} ${quote(v)} may only contain digits (spaces and dashes are ignored). Copy it from the barcode or packaging.`,
      ],
      length: [
        'error',
        `${label} ${quote(v)} must have 8, 12, 13 or 14 digits (UPC, EAN, JAN, ISBN-13 or ITF-14). Check that no digit is missing; convert an ISBN-10 to ISBN-13.`,
      ],
      check_digit: [
        'error',
        `${label} ${quote(v)} has a wrong check digit, so it is not a real GTIN. Copy it again from the barcode; if the product has no GTIN, leave it empty.`,
      ],
      restricted: [
        'warning',
        `${label} ${quote(v)} starts with a restricted-circulation prefix (02, 04 or 2): such codes are for in-store use and do not identify a product. Use the manufacturer's GTIN, or leave it empty.`,
      ],
      coupon: [
        'warning',
        `${label} ${quote(v)} starts with a coupon prefix (05, 98 or 99) and does not identify a product. Use the manufacturer's GTIN, or leave it empty.`,
      ],
    };
    const [severity, message] = messages[problem];
    // Google disapproves an item with an invalid GTIN (its minimum requirements), optional or not.
    this.push(row, scope, {
      refusesItem: true,
      code:
        problem === 'characters' || problem === 'length' || problem === 'check_digit'
          ? `invalid_gtin_${problem}`
          : `${problem}_gtin`,
      severity,
      message,
    });
  }

  private measure(row: TCompiledRow, scope: TRowScope, v: unknown): void {
    const m = v as { value?: unknown; unit?: unknown };
    if (
      typeof v !== 'object' ||
      v === null ||
      typeof m.value !== 'number' ||
      !Number.isFinite(m.value) ||
      typeof m.unit !== 'string'
    ) {
      return this.wrongType(row, scope, v, 'a number with a unit');
    }
    const unit = row.unitMap?.get(m.unit.trim().toLowerCase());
    if (!unit) {
      this.push(row, scope, {
        code: 'invalid_unit',
        message: `${capitalise(row.labelText)} uses the unit ${quote(m.unit)}, which ${this.name} does not accept. Use one of: ${Object.keys(row.units ?? {}).join(', ')}.`,
      });
      return;
    }
    const shown = `${m.value} ${unit}`;
    const range = row.units?.[unit];
    if (row.positive && !(m.value > 0)) {
      this.push(row, scope, {
        code: 'out_of_range',
        message: `${capitalise(row.labelText)} ${shown} must be greater than 0.`,
      });
    } else if (range && (m.value < range[0] || m.value > range[1])) {
      this.push(row, scope, {
        code: 'out_of_range',
        message: `${capitalise(row.labelText)} ${shown} must be between ${range[0]} and ${range[1]} ${unit} on ${this.name}.`,
      });
    }
    if (row.maxDecimals !== undefined) {
      const scaled = m.value * 10 ** row.maxDecimals;
      if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
        this.push(row, scope, {
          code: 'too_many_decimals',
          message: `${capitalise(row.labelText)} ${shown} has more than ${row.maxDecimals} decimals. Round it.`,
        });
      }
    }
  }
}

/**
 * What the previous variant of a product passed cleanly, by row: its siblings share most values (one
 * description, one price…), and a value-only row need not run again for the same value. Only clean results
 * are reused, so an issue is always reported with the layer of its own item. One per build.
 */
export class ValidationMemo {
  productId: string | undefined = undefined;
  readonly clean: unknown[] = [];

  /**
   * Forgets everything, keeping `clean` packed at the table's length (reads of holes or past the end are
   * slower). Only a memo with a product has clean results (validateItem writes them only then).
   */
  reset(rows: number): void {
    const clean = this.clean;
    if (this.productId !== undefined || clean.length !== rows) {
      if (clean.length !== rows) clean.length = 0;
      for (let i = 0; i < rows; i++) clean[i] = undefined;
    }
    this.productId = undefined;
  }
}

/**
 * Validates one channel item against a channel table. When `values` is given it receives, at each row's
 * index, the value that row read (so a writer that runs next need not read the item again).
 */
export const validateItem = (
  channel: TCompiledChannel,
  item: ChannelItem,
  ctx: TResolvedContext,
  values: unknown[] = new Array<unknown>(channel.rows.length),
  memo?: ValidationMemo,
): TIssue[] => {
  const state = new ItemState(channel, item, ctx);
  const run = new Run(state);
  const rows = channel.rows;
  channel.readAll(item, ctx, values);
  // The values as they will be sent (see cleanValue): what is judged is what the writer writes.
  const cleaned = channel.cleaned;
  for (let k = 0; k < cleaned.length; k++) {
    const i = cleaned[k] as number;
    const raw = values[i];
    if (raw === undefined || raw === null) continue;
    const row = rows[i] as TCompiledRow;
    values[i] = row.cleanValue(raw);
    if (row.lastHadHtml) run.htmlRemoved(row);
    if (row.lastUnsupported) run.unsupportedEntries(row, raw as readonly unknown[], row.lastUnsupported);
  }
  const remember = memo !== undefined && item.variantId !== undefined;
  const reuse = remember && memo.productId === item.productId;
  if (memo && !reuse) {
    memo.reset(rows.length);
    memo.productId = remember ? item.productId : undefined;
  }
  const required = channel.requiredRows;
  const valueOnly = channel.valueOnlyRows;
  for (let i = 0; i < rows.length; i++) {
    const value = values[i];
    // Absent optional rows are the common case: skip them before anything else (flags, not the row, are read).
    if (required[i] === 0 && !isPresent(value)) continue;
    if (reuse && valueOnly[i] === 1 && value !== undefined && memo.clean[i] === value) continue;
    const row = rows[i] as TCompiledRow;
    const before = run.issues.length;
    run.refused = false;
    run.row(row, value, row.scope);
    const clean = run.issues.length === before;
    if (!clean && run.leaveOut(row, before)) values[i] = undefined;
    if (remember) memo.clean[i] = row.valueOnly && clean && isPresent(value) ? value : undefined;
  }
  return run.issues;
};

export interface TItemResult {
  item: ChannelItem;
  issues: TIssue[];
}

/**
 * Validates the channel items of several products together: each item on its own, then ids across them
 * (every item sharing an id with another gets a duplicate_id error naming it).
 */
export const validateCatalog = (
  channel: TCompiledChannel,
  products: Iterable<TProduct>,
  ctx: TValidationContext = {},
): TItemResult[] => {
  const resolved = resolveContext(ctx);
  const memo = new ValidationMemo();
  const results: TItemResult[] = [];
  for (const product of products) {
    for (const item of channelItems(product, ctx.defaults))
      results.push({ item, issues: validateItem(channel, item, resolved, undefined, memo) });
  }
  for (const [id, list] of duplicateIds(results)) {
    for (const r of list) {
      const other = list.find((o) => o !== r) as TItemResult;
      r.issues.push(duplicateIdIssue(channel.name, id, other.item));
    }
  }
  return results;
};

/** The last context resolved by validateProductForChannels, with the fields it was resolved from. */
let lastContext: { fields: unknown[]; resolved: TResolvedContext } | undefined;

/** The fields of a context that resolveContext reads, except `now`. */
const contextFields = (ctx: TValidationContext): unknown[] => [
  ctx.targetCountry,
  ctx.contentLanguage,
  ctx.currency,
  ctx.destinations,
  ctx.shopDomain,
  ctx.accountShipping,
  ctx.taxonomy,
];

/**
 * resolveContext for a run of products judged with equal contexts (an import judges thousands with one shop):
 * the resolved context is reused as long as the fields it depends on are the same; `now` is taken anew.
 */
const resolveContextReusing = (ctx: TValidationContext): TResolvedContext => {
  const fields = contextFields(ctx);
  const last = lastContext;
  if (last && last.fields.every((f, i) => f === fields[i])) {
    const now = (ctx.now ?? new Date()).getTime();
    return now === last.resolved.now ? last.resolved : { ...last.resolved, now };
  }
  const resolved = resolveContext(ctx);
  lastContext = { fields, resolved };
  return resolved;
};

/** Whether two items are sent with one id: a product's few variants compared pairwise, without a map. */
const anyIdTwice = (items: readonly ChannelItem[]): boolean => {
  if (items.length > 64) return duplicateIds(items.map((item) => ({ item }))).size > 0;
  const ids = items.map((item) => normaliseOfferId(item.offerId));
  for (let i = 1; i < ids.length; i++) for (let j = 0; j < i; j++) if (ids[i] === ids[j]) return true;
  return false;
};

/**
 * Which item of a product each item shares its id with (undefined: none), as validateCatalog reports them:
 * an item's duplicate is the first other item of its id.
 */
const duplicatesOf = (items: readonly ChannelItem[]): (ChannelItem | undefined)[] | undefined => {
  if (items.length < 2 || !anyIdTwice(items)) return undefined;
  const groups = duplicateIds(items.map((item) => ({ item })));
  if (groups.size === 0) return undefined;
  const others = new Array<ChannelItem | undefined>(items.length);
  for (const list of groups.values()) {
    for (const r of list) others[items.indexOf(r.item)] = (list.find((o) => o !== r) as { item: ChannelItem }).item;
  }
  return others;
};

/**
 * The arrays validateProductForChannels lends validateItem, one set per channel: the values it reads (every
 * index is written for each item, and nobody keeps them) and the memo, so judging allocates neither per item.
 */
const scratch = new WeakMap<TCompiledChannel, { values: unknown[]; memo: ValidationMemo }>();
const scratchOf = (channel: TCompiledChannel): { values: unknown[]; memo: ValidationMemo } => {
  let s = scratch.get(channel);
  if (!s) scratch.set(channel, (s = { values: new Array<unknown>(channel.rows.length), memo: new ValidationMemo() }));
  return s;
};

/**
 * validateProduct for several channels: the same results as one validateProduct per channel, with what the
 * channels share — the product's items (merged values), the resolved context, the duplicate ids — built once.
 */
export const validateProductForChannels = (
  channels: readonly TCompiledChannel[],
  product: TProduct,
  ctx: TValidationContext = {},
): TItemResult[][] => {
  const resolved = resolveContextReusing(ctx);
  const items = channelItems(product, ctx.defaults);
  const others = duplicatesOf(items);
  const out: TItemResult[][] = [];
  for (const channel of channels) {
    const { values, memo } = scratchOf(channel);
    // A fresh memo for each product (its clean results hold for this product and context only).
    memo.reset(channel.rows.length);
    const results: TItemResult[] = [];
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as ChannelItem;
      const issues = validateItem(channel, item, resolved, values, memo);
      const other = others?.[i];
      if (other) issues.push(duplicateIdIssue(channel.name, normaliseOfferId(item.offerId), other));
      results.push({ item, issues });
    }
    out.push(results);
  }
  return out;
};

/** Validates every channel item of a product (itself, or each variant; their ids must differ). */
export const validateProduct = (
  channel: TCompiledChannel,
  product: TProduct,
  ctx: TValidationContext = {},
): TItemResult[] => validateCatalog(channel, [product], ctx);

export const hasErrors = (issues: readonly TIssue[]): boolean => issues.some((i) => i.severity === 'error');

/** The provenance fields of a row, for callers that explain a value. */
export const rowFields = (row: TCompiledRow): readonly TFieldName[] =>
  row.provenance as readonly TFieldName[];

/** The channel's spelling of an enumeration value (`in_stock` → `in stock` on Microsoft), or undefined. */
export const spellEnum = (row: TCompiledRow, v: string): string | undefined =>
  row.enumMap?.get(v) ?? row.enumMap?.get(enumKey(v));

/** A measure's unit in the channel's spelling (`gm` → `g`), or the unit unchanged. */
export const spellUnit = (row: TCompiledRow, unit: string): string =>
  row.unitMap?.get(unit.trim().toLowerCase()) ?? unit;
