import type { TCompiledRow } from '../channels/engine';
import { isPresent, readValue, resolveContext, spellEnum, spellUnit } from '../channels/engine';
import { GOOGLE, META, MICROSOFT } from '../channels/index';
import type { TResolvedContext, TValidationContext } from '../channels/types';
import { cellText, listOf, scalarText } from '../feeds/values';
import type { TMeasure } from '../model/fields';
import type { TMoney } from '../model/money';
import { formatAmount, toMicros } from '../model/money';
import type { ChannelItem } from '../model/product';
import { normaliseMoney, normaliseOfferId } from '../rules/clean';
import { parseInterval, toRfc3339 } from '../rules/dates';
import { enumKey } from '../rules/text';

// Channel API payloads, from the same tables as the feeds: Merchant API ProductInput,
// Microsoft Content API product and Meta items_batch requests.

type TJson = string | number | boolean | null | TJson[] | { [key: string]: TJson };
type TConvert = (row: TCompiledRow, v: unknown) => TJson | undefined;

/** Converts a row's whole value (list, record or scalar) with a scalar converter. */
const convertRow = (
  row: TCompiledRow,
  v: unknown,
  scalar: TConvert,
  childName: (c: TCompiledRow) => string | undefined,
): TJson | undefined => {
  const one = (x: unknown): TJson | undefined => {
    if (row.type !== 'record') return scalar(row, x);
    const rec = x as Record<string, unknown>;
    const out: Record<string, TJson> = {};
    for (const child of row.children ?? []) {
      const name = childName(child);
      const cv = rec[child.key ?? child.attribute];
      if (!name || !isPresent(cv)) continue;
      const converted = scalar(child, cv);
      if (converted !== undefined) out[name] = converted;
    }
    return out;
  };
  if (row.repeated) {
    return listOf(row, v)
      .filter(isPresent)
      .map(one)
      .filter((x): x is TJson => x !== undefined);
  }
  const value = one(v);
  return row.apiList && value !== undefined ? [value] : value;
};

/**
 * What both APIs send alike: measures with the unit in the channel's spelling, booleans and numbers as JSON
 * booleans and numbers, text. A value that is not of its type (`"yes"` for a boolean, which the validator
 * warns about) is left out: both APIs refuse the whole product for one value of the wrong JSON type.
 */
const plainScalar: TConvert = (row, v) => {
  switch (row.type) {
    case 'measure': {
      const m = v as TMeasure;
      return { value: m.value, unit: spellUnit(row, m.unit) };
    }
    case 'boolean':
      return typeof v === 'boolean' ? v : undefined;
    case 'integer':
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
      return Number.isFinite(n) && (row.type === 'number' || Number.isInteger(n)) ? n : undefined;
    }
    default:
      return typeof v === 'string' ? v : String(v);
  }
};

/** An enumeration value in the channel's spelling (`in_stock` → `in stock` on Microsoft). */
const enumSpelling = (row: TCompiledRow, v: unknown): string =>
  typeof v === 'string' ? (spellEnum(row, v) ?? v) : String(v);

/* ------------------------------------------------------------------ Google Merchant API */

export interface TMerchantPrice {
  amountMicros: string;
  currencyCode: string;
}

export interface TCustomAttribute {
  name: string;
  value?: string;
  groupValues?: TCustomAttribute[];
}

export interface TMerchantProductInput {
  name?: string;
  offerId: string;
  contentLanguage: string;
  feedLabel: string;
  productAttributes: Record<string, TJson>;
  customAttributes: TCustomAttribute[];
}

export const toMerchantPrice = (price: TMoney): TMerchantPrice => {
  const m = normaliseMoney(price);
  return { amountMicros: toMicros(m.value), currencyCode: m.currency };
};

/** An int64 in proto3 JSON: a decimal string. */
const int64Text = (v: unknown): string | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isInteger(n) ? String(n) : undefined;
};

const googleScalar: TConvert = (row, v) => {
  switch (row.type) {
    case 'integer':
      return row.apiInt64 ? int64Text(v) : plainScalar(row, v);
    case 'measure': {
      const m = plainScalar(row, v) as { value: TJson; unit: TJson };
      if (!row.apiInt64) return m;
      const value = int64Text(m.value);
      return value === undefined ? undefined : { ...m, value };
    }
    case 'enum': {
      const spelled = enumSpelling(row, v);
      return row.apiEnum === 'upper' ? enumKey(spelled).toUpperCase() : spelled;
    }
    case 'price':
      return toMerchantPrice(v as TMoney) as unknown as TJson;
    case 'date':
      return typeof v === 'string' ? (toRfc3339(v) ?? v) : undefined;
    case 'date_range': {
      const interval = typeof v === 'string' ? parseInterval(v) : undefined;
      if (!interval) return undefined;
      return { startTime: toRfc3339(interval.startText) ?? '', endTime: toRfc3339(interval.endText) ?? '' };
    }
    default:
      return plainScalar(row, v);
  }
};

const base64url = (s: string): string => Buffer.from(s, 'utf8').toString('base64url');

/**
 * The `{contentLanguage~feedLabel~offerId}` segment of a product input or product resource name. A segment
 * with `/`, `%` or `~` in a part must be unpadded base64url; Google recommends the encoded form for all ids,
 * so that is the default (`encode: 'auto'` keeps plain ids readable).
 */
export const productIdSegment = (
  contentLanguage: string,
  feedLabel: string,
  offerId: string,
  options: { encode?: 'always' | 'auto' } = {},
): string => {
  const plain = `${contentLanguage}~${feedLabel}~${offerId}`;
  const needs = /[/%~]/.test(contentLanguage) || /[/%~]/.test(feedLabel) || /[/%~]/.test(offerId);
  return needs || (options.encode ?? 'always') === 'always' ? base64url(plain) : plain;
};

export const productInputName = (
  account: string,
  contentLanguage: string,
  feedLabel: string,
  offerId: string,
  options?: { encode?: 'always' | 'auto' },
): string =>
  `accounts/${account}/productInputs/${productIdSegment(contentLanguage, feedLabel, offerId, options)}`;

export interface TMerchantTarget {
  contentLanguage: string;
  /** ≤20 characters of A-Z, 0-9, `-`, `_`; usually the target country. */
  feedLabel: string;
  /** When given, `name` is filled in. */
  account?: string;
  context?: TValidationContext;
}

const FEED_LABEL_RE = /^[A-Z0-9_-]{1,20}$/;
const LANGUAGE_RE = /^[a-z]{2}$/;

/** A Merchant API ProductInput: known attributes in productAttributes, the rest as customAttributes. */
export const toProductInput = (item: ChannelItem, target: TMerchantTarget): TMerchantProductInput => {
  // Both are part of the product's identity and immutable: a wrong one is a set-up error, not an item issue.
  if (!FEED_LABEL_RE.test(target.feedLabel)) {
    throw new Error(`feedLabel "${target.feedLabel}" must be 1 to 20 characters of A-Z, 0-9, "-" and "_"`);
  }
  if (!LANGUAGE_RE.test(target.contentLanguage)) {
    throw new Error(`contentLanguage "${target.contentLanguage}" must be an ISO 639-1 code such as "en"`);
  }
  const ctx = resolveContext({
    targetCountry: target.feedLabel,
    contentLanguage: target.contentLanguage,
    ...target.context,
  });
  const productAttributes: Record<string, TJson> = {};
  const customAttributes: TCustomAttribute[] = [];
  for (const row of GOOGLE.rows) {
    if (row.api === 'offerId') continue;
    const v = readValue(row, item, ctx);
    if (!isPresent(v)) continue;
    if (row.api && row.apiSplit) {
      const items = listOf(row, v).flatMap((x) => cellText(row, x).split(',')).map((x) => x.trim()).filter(Boolean);
      if (items.length > 0) productAttributes[row.api] = items.map((x) => googleScalar(row, x) ?? x);
    } else if (row.api) {
      const converted = convertRow(row, v, googleScalar, (c) => c.api);
      if (converted !== undefined) productAttributes[row.api] = converted;
    } else if (row.type === 'record') {
      for (const rec of listOf(row, v)) {
        const r = rec as Record<string, unknown>;
        customAttributes.push({
          name: row.feed ?? row.attribute,
          groupValues: (row.children ?? [])
            .filter((c) => isPresent(r[c.key ?? c.attribute]))
            .map((c) => ({ name: c.feed ?? c.attribute, value: scalarText(c, r[c.key ?? c.attribute]) })),
        });
      }
    } else {
      customAttributes.push({ name: row.feed ?? row.attribute, value: cellText(row, v) });
    }
  }
  const offerId = normaliseOfferId(item.offerId);
  return {
    ...(target.account
      ? { name: productInputName(target.account, target.contentLanguage, target.feedLabel, offerId) }
      : {}),
    offerId,
    contentLanguage: target.contentLanguage,
    feedLabel: target.feedLabel,
    productAttributes,
    customAttributes,
  };
};

/* ------------------------------------------------------------------ Microsoft Content API */

export interface TMicrosoftTarget {
  contentLanguage: string;
  targetCountry: string;
  channel?: 'Online' | 'Local';
  context?: TValidationContext;
}

/** Microsoft product id: `channel:contentLanguage:targetCountry:offerId` (case-sensitive). */
export const microsoftProductId = (target: TMicrosoftTarget, offerId: string): string =>
  `${target.channel ?? 'Online'}:${target.contentLanguage}:${target.targetCountry}:${offerId}`;

const microsoftScalar: TConvert = (row, v) => {
  switch (row.type) {
    case 'enum':
      return enumSpelling(row, v);
    case 'price': {
      const m = v as TMoney;
      return { value: Number(formatAmount(m)), currency: m.currency };
    }
    default:
      return plainScalar(row, v);
  }
};

/** A Content API product for insert (a full replacement: every attribute is sent). */
export const toMicrosoftProduct = (item: ChannelItem, target: TMicrosoftTarget): Record<string, TJson> => {
  const ctx = resolveContext({
    targetCountry: target.targetCountry,
    contentLanguage: target.contentLanguage,
    ...target.context,
  });
  const product: Record<string, TJson> = {
    contentLanguage: target.contentLanguage,
    targetCountry: target.targetCountry,
    channel: target.channel ?? 'Online',
  };
  for (const row of MICROSOFT.rows) {
    if (!row.api) continue;
    const v = readValue(row, item, ctx);
    if (!isPresent(v)) continue;
    // promotionId is one comma-delimited string in this API.
    const converted =
      row.api === 'promotionId'
        ? listOf(row, v).join(',')
        : convertRow(row, v, microsoftScalar, (c) => c.api);
    if (converted !== undefined) product[row.api] = converted;
  }
  return product;
};

/** One entry of a Content API batch request. */
export const microsoftBatchEntry = (
  batchId: number,
  merchantId: string,
  item: ChannelItem,
  target: TMicrosoftTarget,
): Record<string, TJson> => ({
  batchId,
  merchantId,
  method: 'insert',
  product: toMicrosoftProduct(item, target),
});

/* ------------------------------------------------------------------ Meta items_batch */

export type TMetaMethod = 'CREATE' | 'UPDATE' | 'DELETE';

export interface TMetaBatchRequest {
  method: TMetaMethod;
  data: Record<string, TJson>;
}

export const META_BATCH_MAX = 5000;

/**
 * One items_batch request: feed field names with their feed text (price `15.00 USD`, availability `in stock`).
 * A repeated field (additional_image_link) is a JSON array of its texts, as the Catalog Batch API takes it
 * (never the CSV feed's comma-joined text); shipping is a list of objects.
 */
export const toMetaRequest = (
  item: ChannelItem,
  method: TMetaMethod = 'UPDATE',
  context?: TValidationContext,
): TMetaBatchRequest => {
  if (method === 'DELETE') return { method, data: { id: normaliseOfferId(item.offerId) } };
  const ctx: TResolvedContext = resolveContext(context);
  const data: Record<string, TJson> = {};
  for (const row of META.rows) {
    if (!row.feed) continue;
    const v = readValue(row, item, ctx);
    if (!isPresent(v)) continue;
    data[row.feed] =
      row.type === 'record'
        ? (convertRow(
            row,
            v,
            (r, x) => scalarText(r, x),
            (c) => c.feed,
          ) ?? null)
        : row.repeated
          ? listOf(row, v)
              .filter(isPresent)
              .map((x) => scalarText(row, x))
          : scalarText(row, v);
  }
  return { method, data };
};

/** The body of POST /{catalog_id}/items_batch; at most 5,000 requests (fewer than 3,000 recommended). */
export const metaItemsBatch = (
  requests: readonly TMetaBatchRequest[],
  options: { allowUpsert?: boolean; itemType?: string } = {},
): { item_type: string; allow_upsert: boolean; requests: readonly TMetaBatchRequest[] } => {
  if (requests.length > META_BATCH_MAX) {
    throw new Error(
      `items_batch takes at most ${META_BATCH_MAX} requests; split ${requests.length} into batches`,
    );
  }
  return {
    item_type: options.itemType ?? 'PRODUCT_ITEM',
    allow_upsert: options.allowUpsert ?? true,
    requests,
  };
};
