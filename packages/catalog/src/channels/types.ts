import type { TCatalogChannel } from '@feedloom/validation';
import type { TFieldName } from '../model/fields';
import type { ChannelItem, TLayer, TShopDefaults } from '../model/product';
import type { TCategory, TTaxonomy } from '../taxonomy/taxonomy';

/** A channel as the catalog names it (the one list is @feedloom/validation's CATALOG_CHANNELS). */
export type TChannel = TCatalogChannel;
export type TSeverity = 'error' | 'warning' | 'info';
/** How well a fact is supported (reference tags): P primary, S secondary, U unverified. */
export type TBasis = 'P' | 'S' | 'U';

/** One finding about one item on one channel. */
export interface TIssue {
  code: string;
  /** error: the item is not submitted; warning: submitted, with a warning; info: advice. */
  severity: TSeverity;
  /** The channel attribute, dotted for sub-attributes (`shipping.country`). */
  attribute: string;
  /** What is wrong and how to fix it, in the merchant's words. */
  message: string;
  /** The layer that produced the offending value (or emptied it). */
  layer: TLayer;
}

export type TDestination = 'free_listings' | 'shopping_ads' | 'display_ads';

export interface TValidationContext {
  /** ISO 3166-1 alpha-2 target country (`US`). */
  targetCountry?: string;
  /** ISO 639-1 content language (`en`). */
  contentLanguage?: string;
  /** The currency the target country prices in; prices in another currency get a warning. */
  currency?: string;
  /** Google destinations the shop uses; default free listings and Shopping ads. */
  destinations?: readonly TDestination[];
  /** The shop's domain: item links elsewhere get a warning. */
  shopDomain?: string;
  /** True when shipping is configured at account level, so items need no shipping attribute. */
  accountShipping?: boolean;
  /**
   * The taxonomy to check google_product_category against; needed as soon as an item has one. In Node,
   * `googleTaxonomy()` of `@feedloom/catalog/node` is the en-US file shipped with the package.
   */
  taxonomy?: TTaxonomy;
  /** "Now" for date checks (sale ended, expiration passed); default the current time. */
  now?: Date;
  /**
   * The shop's defaults (its default condition): an item whose layers give no value for such a field is judged,
   * written and sent with the shop's, its provenance `shop_default`.
   */
  defaults?: TShopDefaults;
}

/** The context with its defaults resolved, as rows see it. */
export interface TResolvedContext {
  targetCountry: string | undefined;
  contentLanguage: string | undefined;
  currency: string | undefined;
  destinations: ReadonlySet<TDestination>;
  shopDomain: string | undefined;
  /** `https://domain/`-style prefixes of links on the shop's domain (a quick accept before parsing). */
  shopPrefixes: readonly string[];
  accountShipping: boolean;
  taxonomy: () => TTaxonomy;
  now: number;
}

/** What a predicate or a check may look at while one item is validated. */
export interface TItemState {
  item: ChannelItem;
  ctx: TResolvedContext;
  channel: TChannelSpec;
  /** The item's taxonomy category, resolved from google_product_category (undefined if none or unknown). */
  category(): TCategory | undefined;
  /** The value of another row of the same channel, as that row reads it. */
  valueOf(attribute: string): unknown;
}

export type TLimit = number | { value: number; basis?: TBasis; severity?: TSeverity };

/** A requirement that depends on the item: `because` completes "… requires it …". */
export interface TCondition {
  when: (s: TItemState) => boolean;
  because: string;
  severity?: TSeverity;
  basis?: TBasis;
}

export interface TFinding {
  code: string;
  message: string;
  severity?: TSeverity;
  /** Defaults to the row's attribute. */
  attribute?: string;
  basis?: TBasis;
  /**
   * The channel refuses the whole item, even though the attribute is optional (Microsoft and adult products).
   * Without it, an error about an optional attribute leaves the attribute out and keeps the item.
   */
  refusesItem?: boolean;
}

/** An extra rule on a row, for what the generic type checks cannot say. Gets the row's whole value. */
export type TCheck = ((
  value: unknown,
  s: TItemState,
  row: TAttributeRow,
) => TFinding | readonly TFinding[] | undefined) & {
  /** Set by valueOnly(): the check reads nothing but the row's value and the context. */
  valueOnly?: boolean;
};

export type TAttrType =
  | 'text'
  | 'url'
  | 'enum'
  | 'boolean'
  | 'integer'
  | 'number'
  | 'price'
  | 'date'
  | 'date_range'
  | 'gtin'
  | 'measure'
  | 'category'
  | 'record';

/**
 * One attribute of a channel. A channel is a table of these; the engine, the feed writers and the API payload
 * builders all read the same rows, so adding an attribute is adding a row.
 */
export interface TAttributeRow {
  /** Channel attribute name in the feed spec's spelling (`sale_price`). */
  attribute: string;
  /** Merchant wording in messages; default: the attribute with spaces. */
  label?: string;
  type: TAttrType;
  /** Product field holding the value; default: the attribute when it is a field name. */
  field?: TFieldName;
  /** Key inside a record (sub-attributes); default: the attribute. */
  key?: string;
  /** Derives the value instead of reading `field`. */
  get?: (item: ChannelItem, ctx: TResolvedContext) => unknown;
  /** Fields a derived value comes from, for provenance; default `[field]`. */
  fields?: readonly TFieldName[];
  /** `true`, or the conditions under which the attribute is required (the first that holds is reported). */
  required?: boolean | TCondition | readonly TCondition[];
  maxLength?: TLimit;
  /** Allowed values in the channel's spelling. Matching ignores case, spaces, hyphens and underscores. */
  values?: readonly string[];
  /** Other spellings mapped to one of `values` (`European_Commission` → `EC`). */
  aliases?: Readonly<Record<string, string>>;
  repeated?: boolean;
  maxItems?: TLimit;
  minItems?: TLimit;
  /** Numbers: inclusive bounds. */
  min?: number;
  max?: number;
  /** Numbers and measures: must be > 0. */
  positive?: boolean;
  /** Measures: allowed units with optional [min, max] per unit. */
  units?: Readonly<Record<string, readonly [number, number] | null>>;
  /** Measures: other unit spellings (`gm` → `g`). */
  unitAliases?: Readonly<Record<string, string>>;
  /** Measures: at most this many decimals. */
  maxDecimals?: number;
  /** Measures: written `1.5kg` instead of `1.5 kg`. */
  compactUnit?: boolean;
  /** URLs: ASCII only. */
  ascii?: boolean;
  /** Records: the sub-attributes, in feed order. */
  children?: readonly TAttributeRow[];
  checks?: readonly TCheck[];
  /**
   * Text that may hold HTML: `plain` channels take none (tags removed, entities decoded), `google` keeps
   * Google's few allowed tags. Either way the value is cleaned before it is judged and written, with a warning.
   */
  html?: 'plain' | 'google';
  /** How sure we are of this row's rules; a `U` row can only ever warn. */
  basis: TBasis;
  /** Column (delimited feeds) or element (XML, `g:` added) name; omit to keep the attribute out of feeds. */
  feed?: string;
  /** API field name; omit for a custom attribute (Google) or to leave it out (others). */
  api?: string;
  /** API enum spelling: `upper` sends `IN_STOCK` for `in_stock`. */
  apiEnum?: 'upper';
  /** The API takes a list: a single value is sent as a one-element list. */
  apiList?: boolean;
  /** The API takes a list and the one text value holds several, comma-separated: each is sent as an item. */
  apiSplit?: boolean;
  /**
   * The API types the value (a measure's value) int64, which JSON carries as a decimal string (`"2"`), not as
   * a number.
   */
  apiInt64?: boolean;
  /**
   * Records in delimited feeds: the positional `a:b:c` form, one sub-attribute key per slot (a list of keys
   * means the first present one). Without it the record is not written to delimited feeds.
   */
  textSlots?: readonly (string | readonly string[])[];
  /** Records in delimited feeds: the header names the slots (`shipping(country:region:postal_code:…)`). */
  textHeader?: boolean;
  /**
   * Records: sub-attributes the channel cannot take. An entry that has one is left out (in feeds and API
   * payloads alike) with a warning, rather than sent as if it applied more widely.
   */
  unsupportedKeys?: readonly string[];
}

export interface TChannelSpec {
  channel: TChannel;
  /** Name used in messages. */
  name: string;
  rows: readonly TAttributeRow[];
}
