import { unitDimension } from '@feedloom/validation';
import type { TMeasure, TProductDetail } from '../model/fields';
import type { TMoney } from '../model/money';
import type { ChannelItem } from '../model/product';
import { normaliseMoney, normaliseOfferId } from '../rules/clean';
import { parseInterval } from '../rules/dates';
import { normaliseGtin } from '../rules/gtin';
import { enumKey, urlHost } from '../rules/text';
import { isUnder } from '../taxonomy/taxonomy';
import type { TAttributeRow, TCheck, TFinding, TItemState, TResolvedContext } from './types';

// Readers, predicates and checks shared by the channel tables, and fromTable for a table stated as another's
// rows plus its differences. Each is small and named so a table row reads like the spec:
// `required: { when: isPreorder, because: 'when availability is preorder' }`.

/* ------------------------------------------------------------------ rows */

/** Changes to a row. A key set to `undefined` drops that rule (`required: undefined`: not required). */
export type TRowChanges = { [K in keyof TAttributeRow]?: TAttributeRow[K] | undefined };

const findRow = (rows: readonly TAttributeRow[], attribute: string): TAttributeRow => {
  let row: TAttributeRow | undefined;
  for (const name of attribute.split('.')) {
    row = (row ? (row.children ?? []) : rows).find((r) => r.attribute === name);
    if (!row) throw new Error(`no row ${attribute}`);
  }
  return row as TAttributeRow;
};

/**
 * States rows as rows of another table plus their differences, so a fact shared by two channels is written
 * once and a difference reads as one. `defaults` are the differences every derived row has; the returned
 * function takes an attribute (`shipping.country` for a sub-attribute) and that row's own changes.
 */
export const fromTable =
  (table: readonly TAttributeRow[], defaults: TRowChanges = {}) =>
  (attribute: string, changes: TRowChanges = {}): TAttributeRow =>
    Object.fromEntries(
      Object.entries({ ...findRow(table, attribute), ...defaults, ...changes }).filter(
        ([, v]) => v !== undefined,
      ),
    ) as unknown as TAttributeRow;

/* ------------------------------------------------------------------ readers */

const DIGITS_RE = /^\d+$/;
/** Already in canonical enumeration form (`in_stock`): no need to normalise before comparing. */
const CANONICAL_RE = /^[a-z0-9_]+$/;
const GTIN_LIKE_RE = /^[\d\s-]+$/;

/** Unique product identifier control level: 1 GTIN+brand+MPN, 2 brand+MPN, 3 brand, 4 custom product. */
export const upiLevel = (item: ChannelItem): number => {
  const v = item.values.upi_management_status;
  return typeof v === 'number' ? v : 1;
};

/** The item id as every channel gets it, in feeds and API payloads alike (see normaliseOfferId). */
export const readOfferId = (item: ChannelItem): string => normaliseOfferId(item.offerId);
export const readItemGroupId = (item: ChannelItem): string | undefined => item.itemGroupId;

/** The GTIN as channels want it (spaces and dashes dropped), unless the identifier level leaves GTINs out. */
export const readGtin = (item: ChannelItem): string | undefined => {
  const v = item.values.gtin;
  if (typeof v !== 'string' || v === '' || upiLevel(item) >= 2) return undefined;
  return DIGITS_RE.test(v) || !GTIN_LIKE_RE.test(v) ? v : normaliseGtin(v);
};
export const readMpn = (item: ChannelItem): string | undefined =>
  upiLevel(item) >= 3 ? undefined : (item.values.mpn ?? undefined);
export const readBrand = (item: ChannelItem): string | undefined =>
  upiLevel(item) >= 4 ? undefined : (item.values.brand ?? undefined);
/** identifier_exists as given, else `false` for a custom product (level 4). */
export const readIdentifierExists = (item: ChannelItem): boolean | undefined => {
  const v = item.values.identifier_exists;
  if (typeof v === 'boolean') return v;
  return upiLevel(item) === 4 ? false : undefined;
};

const AI_APPROVED = new Set(['approved', 'auto-approved']);
const aiApproved = (item: ChannelItem): boolean =>
  AI_APPROVED.has(String(item.values.ai_approve_status ?? ''));

/** The merchant's highlights plus approved AI highlights. */
export const readHighlights = (item: ChannelItem): readonly string[] | undefined => {
  const own = item.values.highlights ?? [];
  const ai = aiApproved(item) ? (item.values.ai_highlights ?? []) : [];
  if (ai.length === 0) return own.length ? own : undefined;
  return [...own, ...ai];
};

/** The merchant's product details plus approved AI details. */
export const readDetails = (item: ChannelItem): readonly TProductDetail[] | undefined => {
  const own = item.values.detail ?? [];
  const ai = aiApproved(item) ? (item.values.ai_detail ?? []) : [];
  if (ai.length === 0) return own.length ? own : undefined;
  return [...own, ...ai];
};

/** A single size as a list (Microsoft's `sizes`). */
export const readSizes = (item: ChannelItem): readonly string[] | undefined =>
  typeof item.values.size === 'string' && item.values.size !== '' ? [item.values.size] : undefined;

/** free_shipping_threshold as the record Google wants: the target country plus the threshold. */
export const readFreeShippingThreshold = (
  item: ChannelItem,
  ctx: TResolvedContext,
): { country: string | undefined; price_threshold: TMoney } | undefined => {
  const v = item.values.free_shipping_threshold;
  return v ? { country: ctx.targetCountry, price_threshold: v } : undefined;
};

/* ------------------------------------------------------------------ predicates */

const APPAREL = 166;
const CLOTHING = 1604;
const SHOES = 187;
const MEDIA = 783;
/** Shopping ads need apparel attributes in these countries. */
const APPAREL_AD_COUNTRIES = new Set(['BR', 'FR', 'DE', 'JP', 'GB', 'UK', 'US']);
/** Accessory subcategories where gender and age_group are optional. */
const GENDER_OPTIONAL = [
  4179, 180, 1893, 5385, 1856, 2427, 5123, 175, 5841, 6277, 6460, 6170, 6870, 7471, 5207, 5114,
];
const AGE_GROUP_OPTIONAL = [...GENDER_OPTIONAL, 193];

const underAny = (s: TItemState, ids: readonly number[]): boolean => {
  const cat = s.category();
  if (!cat) return false;
  const tax = s.ctx.taxonomy();
  return ids.some((id) => isUnder(tax, cat, id));
};

/** The item is one variant of a product. */
export const isVariant = (s: TItemState): boolean => s.item.variantId !== undefined;

export const isApparel = (s: TItemState): boolean => underAny(s, [APPAREL]);

/** Apparel attributes are required: always for free listings, for Shopping ads in six countries. */
export const apparelRequired = (s: TItemState): boolean =>
  isApparel(s) &&
  (s.ctx.destinations.has('free_listings') ||
    (s.ctx.destinations.has('shopping_ads') && APPAREL_AD_COUNTRIES.has(s.ctx.targetCountry ?? '')));

export const needsGender = (s: TItemState): boolean => apparelRequired(s) && !underAny(s, GENDER_OPTIONAL);
export const needsAgeGroup = (s: TItemState): boolean =>
  apparelRequired(s) && !underAny(s, AGE_GROUP_OPTIONAL);
export const needsSize = (s: TItemState): boolean => apparelRequired(s) && underAny(s, [CLOTHING, SHOES]);
export const isMedia = (s: TItemState): boolean => underAny(s, [MEDIA]);

export const availabilityIs =
  (value: string) =>
  (s: TItemState): boolean => {
    const v = s.item.values.availability;
    return typeof v === 'string' && (v === value || (!CANONICAL_RE.test(v) && enumKey(v) === value));
  };

/** Unique identifiers are expected unless the merchant said they do not exist. */
export const identifiersExpected = (s: TItemState): boolean => readIdentifierExists(s.item) !== false;
export const needsMpn = (s: TItemState): boolean =>
  identifiersExpected(s) && upiLevel(s.item) <= 2 && readGtin(s.item) === undefined;
export const hasNoGtinOrMpn = (s: TItemState): boolean =>
  readGtin(s.item) === undefined && readMpn(s.item) === undefined;

/** Countries where Google requires shipping costs (reference `shipping`). */
const SHIPPING_COUNTRIES = new Set(
  'AU AT BE BR CA CZ DK FI FR DE GR HU IN IE IL IT JP NZ NL NO PL PT RO SK KR ES SE CH GB UK US'.split(' '),
);
export const needsShipping = (s: TItemState): boolean =>
  !s.ctx.accountShipping && SHIPPING_COUNTRIES.has(s.ctx.targetCountry ?? '');

/* ------------------------------------------------------------------ checks */

/**
 * Marks a check that looks only at the row's own value (and the context). Rows whose checks are all like that
 * can skip re-validating a value a sibling variant already passed with.
 */
export const valueOnly = <T extends TCheck>(check: T): T => Object.assign(check, { valueOnly: true });

/** Sale price must be below the price, in the same currency. */
export const checkSaleBelowPrice: TCheck = (value, s) => {
  const sale = value as TMoney;
  const price = normaliseMoney(s.item.values.price);
  if (!price || typeof sale?.value !== 'number') return undefined;
  if (sale.currency !== price.currency) {
    return {
      code: 'sale_price_currency',
      message: `Sale price is in ${sale.currency} but the price is in ${price.currency}. Use the same currency for both.`,
    };
  }
  if (sale.value >= price.value) {
    return {
      code: 'sale_price_not_lower',
      message: `Sale price (${sale.value} ${sale.currency}) must be lower than the price (${price.value} ${price.currency}). Lower the sale price or remove it.`,
    };
  }
  return undefined;
};

/** A sale period that has already ended means the sale price is ignored. */
export const checkSaleNotOver: TCheck = valueOnly((value, s) => {
  const interval = typeof value === 'string' ? parseInterval(value) : undefined;
  if (!interval || interval.end.time > s.ctx.now) return undefined;
  return {
    code: 'sale_ended',
    severity: 'warning',
    message: `The sale period ended on ${interval.endText}, so the sale price is ignored. Update the sale dates or remove the sale price.`,
  };
});

export const checkLinkDomain: TCheck = valueOnly((value, s) => {
  const domain = s.ctx.shopDomain;
  if (!domain || typeof value !== 'string') return undefined;
  for (const prefix of s.ctx.shopPrefixes) if (value.startsWith(prefix)) return undefined;
  const full = urlHost(value);
  const host = full?.startsWith('www.') ? full.slice(4) : full;
  if (!host || host === domain || host.endsWith(`.${domain}`)) return undefined;
  return {
    code: 'link_domain_mismatch',
    severity: 'warning',
    message: `Link points to ${host}, not to your shop's domain ${domain}. ${s.channel.name} only accepts product pages on your verified domain.`,
  };
});

/** identifier_exists=no while a GTIN or MPN is given (a warning). */
export const checkIdentifierExists: TCheck = (value, s) => {
  if (value !== false) return undefined;
  const gtin = readGtin(s.item);
  const mpn = readMpn(s.item);
  if (gtin === undefined && mpn === undefined) return undefined;
  return {
    code: 'identifier_exists_conflict',
    severity: 'warning',
    message: `identifier_exists is "no" but the product has ${gtin !== undefined ? 'a GTIN' : 'an MPN'}. Set identifier_exists to yes (or remove it) so the identifiers are used.`,
  };
};

const COLOR_REJECTED =
  /^(?:#?[0-9a-f]{3}|#?[0-9a-f]{6}|\d+(?:[.,]\d+)?|[a-z]|see (?:image|picture|photo)|multi(?:colou?r)?|various|n\/?a)$/i;

const colorFindings = (value: string): readonly TFinding[] | undefined => {
  const findings: TFinding[] = [];
  if (value.includes(',')) {
    findings.push({
      code: 'color_comma',
      message: `Color "${value}" uses commas. Join up to 3 colours with "/" (for example Red/Green/Black).`,
    });
  }
  const parts = value.split('/').map((p) => p.trim());
  if (parts.length > 3) {
    findings.push({
      code: 'color_too_many',
      message: `Color lists ${parts.length} colours; give at most 3, joined with "/".`,
    });
  }
  if (parts.some((p) => p.length > 40)) {
    findings.push({
      code: 'color_part_too_long',
      message: 'Each colour between "/" can have at most 40 characters. Shorten it.',
    });
  }
  if (parts.some((p) => COLOR_REJECTED.test(p))) {
    findings.push({
      code: 'color_invalid',
      message: `Color "${value}" is not a colour name. Numbers, hex codes, single letters and values like "see image" are rejected: use names such as Navy Blue.`,
    });
  }
  return findings.length ? findings : undefined;
};

// A catalogue uses a few hundred colour names over and over: remember the verdicts (bounded).
const colorCache = new Map<string, readonly TFinding[] | undefined>();

/** Colour: up to 3 names joined by `/`, each ≤40; no commas, numbers, hex codes, single letters, "see image". */
export const checkColor: TCheck = valueOnly((value) => {
  if (typeof value !== 'string') return undefined;
  if (colorCache.has(value)) return colorCache.get(value);
  const findings = colorFindings(value);
  if (colorCache.size >= 4096) colorCache.clear();
  colorCache.set(value, findings);
  return findings;
});

const LOCATION_KEYS = ['region', 'postal_code', 'location_id', 'location_group_name'] as const;

/** Shipping: at most one kind of area per rule; a min time needs its max; min ≤ max. */
export const checkShippingRules: TCheck = valueOnly((value) => {
  if (!Array.isArray(value)) return undefined;
  let findings: TFinding[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const raw: unknown = value[i];
    if (typeof raw !== 'object' || raw === null) continue;
    const rule = raw as Record<string, unknown>;
    let areas = 0;
    for (const k of LOCATION_KEYS) if (rule[k] !== undefined && rule[k] !== '') areas++;
    const n = value.length > 1 ? `Shipping ${i + 1}: ` : '';
    if (areas > 1) {
      (findings ??= []).push({
        code: 'shipping_area_conflict',
        attribute: 'shipping',
        message: `${n}give only one of region, postal code, location id or location group (found ${LOCATION_KEYS.filter((k) => rule[k] !== undefined && rule[k] !== '').join(' and ')}). Split it into separate shipping rules.`,
      });
    }
    for (const [kind, minKey, maxKey] of TIME_KINDS) {
      const min = rule[minKey];
      const max = rule[maxKey];
      if (min === undefined) continue;
      if (typeof min === 'number' && typeof max !== 'number') {
        (findings ??= []).push({
          code: 'shipping_time_incomplete',
          attribute: `shipping.max_${kind}_time`,
          message: `${n}a minimum ${kind} time needs a maximum ${kind} time. Add the maximum.`,
        });
      } else if (typeof min === 'number' && typeof max === 'number' && min > max) {
        (findings ??= []).push({
          code: 'shipping_time_order',
          attribute: `shipping.min_${kind}_time`,
          message: `${n}minimum ${kind} time (${min}) is above the maximum (${max}). Swap them.`,
        });
      }
    }
  }
  return findings;
});

const TIME_KINDS = [
  ['handling', 'min_handling_time', 'max_handling_time'],
  ['transit', 'min_transit_time', 'max_transit_time'],
] as const;

/** Unit pricing: the base measure needs a measure of the same kind (weight with weight…), and the reverse. */
export const checkUnitPricingPair: TCheck = (value, s) => {
  const measure = s.item.values.unit_pricing_measure as TMeasure | undefined;
  const base = value as TMeasure;
  if (!measure) {
    return {
      code: 'unit_pricing_incomplete',
      attribute: 'unit_pricing_measure',
      message:
        'Unit pricing base measure is set without a unit pricing measure. Add the measure (for example 750ml) or remove the base measure.',
    };
  }
  const kind = (u: string) => unitDimension(u.toLowerCase());
  if (kind(measure.unit) && kind(base.unit) && kind(measure.unit) !== kind(base.unit)) {
    return {
      code: 'unit_pricing_mismatch',
      message: `Unit pricing measure (${measure.unit}) and base measure (${base.unit}) measure different things. Use units of the same kind, for example ml with l.`,
    };
  }
  return undefined;
};

/** Base measure values: 1, 10, 100, 2, 4, 8, plus 75cl, 750ml, 50kg, 1000kg. */
export const checkBaseMeasureValue: TCheck = valueOnly((value) => {
  const m = value as TMeasure;
  if (typeof m?.value !== 'number') return undefined;
  const unit = m.unit.toLowerCase();
  const ok = [1, 10, 100, 2, 4, 8].includes(m.value) || (BASE_EXTRA[unit]?.includes(m.value) ?? false);
  if (ok) return undefined;
  return {
    code: 'invalid_base_measure',
    message: `Unit pricing base measure ${m.value} ${m.unit} is not allowed. Use 1, 10, 100, 2, 4 or 8 of a unit (or 75cl, 750ml, 50kg, 1000kg).`,
  };
});

const BASE_EXTRA: Readonly<Record<string, readonly number[]>> = { cl: [75], ml: [750], kg: [50, 1000] };

/** Values matching a pattern (e.g. Microsoft promotion ids). */
export const checkPattern = (re: RegExp, what: string): TCheck =>
  valueOnly((value, _s, row: TAttributeRow) => {
    const list = Array.isArray(value) ? (value as unknown[]) : [value];
    const bad = list.filter((v) => typeof v === 'string' && !re.test(v));
    if (bad.length === 0) return undefined;
    return {
      code: 'invalid_format',
      message: `${row.label ?? row.attribute.replace(/_/g, ' ')} ${bad.map((b) => `"${String(b)}"`).join(', ')} must be ${what}.`,
    };
  });

/** A boolean that must not be true (Microsoft does not carry adult products). */
export const checkNotTrue = (code: string, message: string): TCheck =>
  valueOnly((value) => (value === true ? { code, message, refusesItem: true } : undefined));

/** Words in a text (Microsoft: brand ≤ 10 words). */
export const checkMaxWords = (maxWords: number): TCheck =>
  valueOnly((value, s, row) => {
    if (typeof value !== 'string') return undefined;
    const words = value.trim().split(/\s+/).length;
    if (words <= maxWords) return undefined;
    return {
      code: 'too_many_words',
      message: `${row.label ?? row.attribute} has ${words} words; ${s.channel.name} allows at most ${maxWords}. Shorten it.`,
    };
  });

/** An advisory length: above it the value is accepted but shortened in display (e.g. brand over 70). */
export const checkRecommendedLength = (max: number): TCheck =>
  valueOnly((value, s, row) =>
    typeof value === 'string' && value.length > max
      ? {
          code: 'longer_than_recommended',
          severity: 'info',
          message: `${row.label ?? row.attribute} is longer than the ${max} characters ${s.channel.name} recommends; it may be cut in ads.`,
        }
      : undefined,
  );

/** Microsoft maps availability values it lacks (backorder) to the nearest one it has, with a warning. */
export const checkAvailabilityMapped = (from: string, to: string): TCheck =>
  valueOnly((value, s) =>
    typeof value === 'string' && enumKey(value) === from
      ? {
          code: 'availability_mapped',
          severity: 'warning',
          message: `${s.channel.name} has no "${from}" availability; the item is sent as "${to}". Change the availability if that is not right.`,
        }
      : undefined,
  );

/** A measure unit list with one range for every unit. */
export const unitsWithRange = (
  units: readonly string[],
  range: readonly [number, number] | null,
): Record<string, readonly [number, number] | null> => Object.fromEntries(units.map((u) => [u, range]));
