import {
  META,
  MICROSOFT,
  parseMoney,
  validateProduct,
  type TCompiledChannel,
  type TCompiledRow,
  type TProduct,
  type TTaxonomy,
} from '@feedloom/catalog';

// How the sandbox's Microsoft Merchant Center and Meta catalog review what they are sent: the item is read
// back into the catalog's product model and packages/catalog's Microsoft or Meta validator runs on it, as
// the real channel applies its own specification. An error rejects the item; warnings do not.

export interface TChannelIssue {
  code: string;
  severity: 'error' | 'warning';
  attribute: string;
  message: string;
}

export interface TChannelReview {
  approved: boolean;
  issues: TChannelIssue[];
}

/** The model's value of a channel's enumeration spelling (`in stock` → `in_stock`). */
export const unspellEnum = (row: TCompiledRow, text: string): string => {
  for (const [model, spelled] of row.enumMap ?? []) if (spelled === text) return model;
  return text;
};

const fieldOf = (row: TCompiledRow): string => row.field ?? row.fields?.[0] ?? row.key ?? row.attribute;

type TConvert = (row: TCompiledRow, v: unknown) => unknown;

/** Reads the fields a channel sent (`name` picks the row's name in that channel) back into a product. */
export const productFromFields = (
  channel: TCompiledChannel,
  offerId: string,
  fields: Record<string, unknown>,
  name: (row: TCompiledRow) => string | undefined,
  convert: TConvert,
): TProduct => {
  const source: Record<string, unknown> = {};
  let itemGroupId: string | undefined;
  for (const row of channel.rows) {
    const key = name(row);
    if (!key || !(key in fields) || row.attribute === 'id') continue;
    const value = convert(row, fields[key]);
    if (row.attribute === 'item_group_id') itemGroupId = typeof value === 'string' ? value : undefined;
    else source[fieldOf(row)] = value;
  }
  return {
    id: offerId,
    offer_id: offerId,
    ...(itemGroupId ? { item_group_id: itemGroupId } : {}),
    source,
    overrides: {},
    rules: {},
    variants: [],
  };
};

const review = (
  channel: TCompiledChannel,
  product: TProduct,
  ctx: { targetCountry?: string; contentLanguage?: string; taxonomy: TTaxonomy; now: Date },
): TChannelReview => {
  const issues: TChannelIssue[] = [];
  for (const issue of validateProduct(channel, product, { ...ctx, accountShipping: true }).flatMap((r) => r.issues)) {
    if (issue.severity === 'info') continue;
    issues.push({ code: issue.code, severity: issue.severity, attribute: issue.attribute, message: issue.message });
  }
  return { approved: !issues.some((i) => i.severity === 'error'), issues };
};

/** Content API values: prices as {value, currency}, enumerations in feed spelling, lists as lists. */
const fromMicrosoft: TConvert = (row, v) => {
  const one = (x: unknown): unknown => {
    if (row.type === 'enum' && typeof x === 'string') return unspellEnum(row, x);
    if (row.type === 'record' && typeof x === 'object' && x !== null) {
      const rec = x as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const child of row.children ?? []) if (child.api && child.api in rec) out[child.key ?? child.attribute] = rec[child.api];
      return out;
    }
    return x;
  };
  if (row.repeated) return Array.isArray(v) ? v.map(one) : typeof v === 'string' ? v.split(',').map(one) : v;
  return one(Array.isArray(v) && !row.repeated ? v[0] : v);
};

/**
 * A description containing this marker fails Microsoft's editorial review (descriptions go through
 * editorial review): what only Microsoft judges, so no validator of ours sees it.
 */
export const EDITORIAL_REVIEW_MARKER = 'sandbox-editorial-review';

export const judgeMicrosoftProduct = (
  product: Record<string, unknown>,
  ctx: { taxonomy: TTaxonomy; now: Date },
): TChannelReview => {
  const judged = review(MICROSOFT, productFromFields(MICROSOFT, String(product.offerId ?? ''), product, (r) => r.api, fromMicrosoft), {
    ...ctx,
    targetCountry: typeof product.targetCountry === 'string' ? product.targetCountry : undefined,
    contentLanguage: typeof product.contentLanguage === 'string' ? product.contentLanguage : undefined,
  });
  if (typeof product.description !== 'string' || !product.description.includes(EDITORIAL_REVIEW_MARKER)) return judged;
  return {
    approved: false,
    issues: [
      ...judged.issues,
      {
        code: 'editorial_review',
        severity: 'error',
        attribute: 'description',
        message: 'The description did not pass editorial review. Remove promotional or unsupported claims, then resubmit the product.',
      },
    ],
  };
};

/** Meta's feed text: `15.00 USD`, `in stock`, comma-joined lists, `yes`/`no`. */
const fromMeta: TConvert = (row, v) => {
  const one = (x: unknown): unknown => {
    if (typeof x !== 'string') return x;
    switch (row.type) {
      case 'price':
        return parseMoney(x) ?? x;
      case 'enum':
        return unspellEnum(row, x);
      case 'boolean':
        return x === 'yes' || x === 'true';
      case 'integer':
      case 'number':
        return Number.isFinite(Number(x)) ? Number(x) : x;
      default:
        return x;
    }
  };
  if (row.type === 'record') {
    const list = Array.isArray(v) ? v : [v];
    const out = list.map((x) => {
      const rec = (x ?? {}) as Record<string, unknown>;
      const o: Record<string, unknown> = {};
      for (const child of row.children ?? []) if (child.feed && child.feed in rec) o[child.key ?? child.attribute] = fromMeta(child, rec[child.feed]);
      return o;
    });
    return row.repeated ? out : out[0];
  }
  if (row.repeated) return typeof v === 'string' ? v.split(',').map((s) => one(s.trim())) : v;
  return one(v);
};

export const judgeMetaItem = (
  data: Record<string, unknown>,
  ctx: { taxonomy: TTaxonomy; now: Date },
): TChannelReview => review(META, productFromFields(META, String(data.id ?? ''), data, (r) => r.feed, fromMeta), ctx);
