import {
  GOOGLE,
  validateProduct,
  type TCompiledRow,
  type TIssue,
  type TProduct,
  type TTaxonomy,
} from '@feedloom/catalog';

// How the sandbox's Merchant Center reviews a submitted ProductInput: it reads the input back into the
// catalog's product model and runs packages/catalog's Google validator on it, as the real channel applies
// its product data specification. Besides, it knows things our validator cannot: what the landing page
// says and how big the image really is. Those rules are deterministic (markers in the URLs), so a test can
// prove that an issue only the channel knows comes back through the status pull-back.

type TJson = string | number | boolean | null | TJson[] | { [key: string]: TJson };

export interface TProductInputBody {
  offerId: string;
  contentLanguage: string;
  feedLabel: string;
  productAttributes?: Record<string, TJson>;
  customAttributes?: { name?: string; value?: string; groupValues?: unknown[] }[];
}

/** The Merchant API's item-level issue (reference Product.productStatus). */
export interface TItemLevelIssue {
  code: string;
  severity: 'NOT_IMPACTED' | 'DEMOTED' | 'DISAPPROVED';
  resolution: 'merchant_action' | 'pending_processing';
  attribute: string;
  reportingContext: string;
  description: string;
  detail: string;
  documentation: string;
  applicableCountries: string[];
}

export interface TReview {
  approved: boolean;
  issues: TItemLevelIssue[];
}

/** A link containing this marker shows another price on its landing page than the product data says. */
export const PRICE_MISMATCH_MARKER = 'sandbox-price-mismatch';
/** An image link containing this marker is an image smaller than Google's minimum. */
export const SMALL_IMAGE_MARKER = 'sandbox-small-image';

export const REPORTING_CONTEXTS = ['SHOPPING_ADS', 'FREE_LISTINGS'] as const;

const DOCS = 'https://support.google.com/merchants/answer/7052112';

const micros = (v: unknown): number | undefined => {
  const m = v as { amountMicros?: unknown; currencyCode?: unknown };
  if (typeof v !== 'object' || v === null) return undefined;
  const n = Number(m.amountMicros);
  return Number.isFinite(n) ? n / 1_000_000 : undefined;
};

/**
 * One API value back in the model's spelling: prices from micros, API enums lower-case, int64 text as numbers,
 * date ranges joined.
 */
const fromApiScalar = (row: TCompiledRow, v: unknown): unknown => {
  switch (row.type) {
    case 'price': {
      const value = micros(v);
      const currency = (v as { currencyCode?: unknown } | null)?.currencyCode;
      return value === undefined ? v : { value, currency: typeof currency === 'string' ? currency : '' };
    }
    case 'enum':
      return typeof v === 'string' && row.apiEnum === 'upper' ? v.toLowerCase() : v;
    // int64 travels as a decimal string.
    case 'integer':
      return row.apiInt64 && typeof v === 'string' ? Number(v) : v;
    case 'measure': {
      const m = v as { value?: unknown } | null;
      return row.apiInt64 && m && typeof m === 'object' && typeof m.value === 'string' ? { ...m, value: Number(m.value) } : v;
    }
    case 'date_range': {
      const r = v as { startTime?: unknown; endTime?: unknown } | null;
      return r && typeof r === 'object' ? `${String(r.startTime ?? '')}/${String(r.endTime ?? '')}` : v;
    }
    case 'record': {
      if (typeof v !== 'object' || v === null) return v;
      const rec = v as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const child of row.children ?? []) {
        if (!child.api || !(child.api in rec)) continue;
        out[child.key ?? child.attribute] = fromApiScalar(child, rec[child.api]);
      }
      return out;
    }
    default:
      return v;
  }
};

const fromApiRow = (row: TCompiledRow, v: unknown): unknown => {
  if (row.repeated) return Array.isArray(v) ? v.map((x) => fromApiScalar(row, x)) : v;
  // One text of comma-separated items in the model (ads labels).
  if (row.apiSplit) return Array.isArray(v) ? v.join(',') : v;
  // A single value the API carries as a list (gtins, productTypes of one).
  if (row.apiList) return Array.isArray(v) ? fromApiScalar(row, v[0]) : v;
  return fromApiScalar(row, v);
};

/** The model field a row's value lives in. */
const fieldOf = (row: TCompiledRow): string => row.field ?? row.fields?.[0] ?? row.key ?? row.attribute;

/** A ProductInput read back into the catalog's product model (source layer only). */
export const productFromInput = (input: TProductInputBody): TProduct => {
  const attrs = input.productAttributes ?? {};
  const source: Record<string, unknown> = {};
  let itemGroupId: string | undefined;
  for (const row of GOOGLE.rows) {
    if (row.api === 'offerId') continue;
    if (row.api && row.api in attrs) {
      const value = fromApiRow(row, attrs[row.api]);
      if (row.attribute === 'item_group_id') itemGroupId = typeof value === 'string' ? value : undefined;
      else if (row.attribute === 'free_shipping_threshold') {
        source.free_shipping_threshold = (value as { price_threshold?: unknown } | undefined)?.price_threshold;
      } else source[fieldOf(row)] = value;
    }
  }
  // Attributes the API has no field for travel as custom attributes named as in the feed.
  for (const custom of input.customAttributes ?? []) {
    const row = GOOGLE.rows.find((r) => !r.api && (r.feed ?? r.attribute) === custom.name);
    if (row && typeof custom.value === 'string' && row.type !== 'record') source[fieldOf(row)] = custom.value;
  }
  return {
    id: input.offerId,
    offer_id: input.offerId,
    ...(itemGroupId ? { item_group_id: itemGroupId } : {}),
    source: source,
    overrides: {},
    rules: {},
    variants: [],
  };
};

const issueOf = (
  issue: Pick<TIssue, 'code' | 'attribute' | 'message'>,
  severity: TItemLevelIssue['severity'],
  country: string,
  description: string,
): TItemLevelIssue[] =>
  REPORTING_CONTEXTS.map((reportingContext) => ({
    code: issue.code,
    severity,
    resolution: 'merchant_action',
    attribute: issue.attribute.replace(/_/g, ' '),
    reportingContext,
    description,
    detail: issue.message,
    documentation: DOCS,
    applicableCountries: [country],
  }));

/** Issues only the channel can see: it crawls the landing page and downloads the image. */
export const channelOnlyIssues = (input: TProductInputBody): TItemLevelIssue[] => {
  const attrs = input.productAttributes ?? {};
  const country = input.feedLabel;
  const link = typeof attrs.link === 'string' ? attrs.link : '';
  const image = typeof attrs.imageLink === 'string' ? attrs.imageLink : '';
  const issues: TItemLevelIssue[] = [];
  if (link.includes(PRICE_MISMATCH_MARKER)) {
    issues.push(
      ...issueOf(
        {
          code: 'price_mismatch',
          attribute: 'price',
          message:
            'The price on your landing page differs from the price in your product data. Make them match, then resubmit the product.',
        },
        'DISAPPROVED',
        country,
        'Mismatched value (page crawl) [price]',
      ),
    );
  }
  if (image.includes(SMALL_IMAGE_MARKER)) {
    issues.push(
      ...issueOf(
        {
          code: 'image_too_small',
          attribute: 'image_link',
          message: 'The image is smaller than 100 x 100 pixels (250 x 250 for apparel). Use a larger image.',
        },
        'DISAPPROVED',
        country,
        'Image too small [image link]',
      ),
    );
  }
  return issues;
};

export interface TJudgeContext {
  taxonomy: TTaxonomy;
  /** The account has shipping settings, so products need no shipping attribute of their own. */
  accountShipping: boolean;
  now: Date;
}

/** The review of one submitted product: our validator's errors disapprove it, warnings demote it. */
export const judgeProductInput = (input: TProductInputBody, ctx: TJudgeContext): TReview => {
  const product = productFromInput(input);
  const results = validateProduct(GOOGLE, product, {
    targetCountry: input.feedLabel,
    contentLanguage: input.contentLanguage,
    taxonomy: ctx.taxonomy,
    accountShipping: ctx.accountShipping,
    now: ctx.now,
  });
  const issues: TItemLevelIssue[] = [];
  for (const issue of results.flatMap((r) => r.issues)) {
    if (issue.severity === 'info') continue;
    const severity = issue.severity === 'error' ? 'DISAPPROVED' : 'DEMOTED';
    const description =
      issue.severity === 'error'
        ? `Invalid or missing value [${issue.attribute.replace(/_/g, ' ')}]`
        : `Limited performance [${issue.attribute.replace(/_/g, ' ')}]`;
    issues.push(...issueOf(issue, severity, input.feedLabel, description));
  }
  issues.push(...channelOnlyIssues(input));
  return { approved: !issues.some((i) => i.severity === 'DISAPPROVED'), issues };
};
