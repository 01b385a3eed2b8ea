import { z } from 'zod';

// Microsoft Merchant Center Content API v9.1 request shapes (products resource): the Product with its JSON
// types (prices and unit pricing as numbers, enumerations in their documented spellings, sizes and image
// links as arrays, the sale period as ISO 8601 text), the batch Item, and each method's query parameters.
// A request with an unknown field, a value of the wrong type or a missing required field is refused with the
// Content API's 400 error body, the field named in the message.

const text = () => z.string().optional();
const ci = (values: readonly string[]) =>
  z.string().refine((v) => values.some((x) => x.toLowerCase() === v.toLowerCase()), {
    error: `must be one of: ${values.join(', ')}`,
  });

/** ProductPrice: a number (never "39.99 USD") and its currency. */
const ZPriceSchema = z.strictObject({ currency: z.string(), value: z.number() });
const ZUnitPricingSchema = z.strictObject({ unit: z.string(), value: z.number() });
const ZCustomAttributeSchema = z.strictObject({ name: text(), type: text(), unit: text(), value: text() });

/** The fields an insert must carry. */
export const MICROSOFT_REQUIRED = ['availability', 'channel', 'condition', 'contentLanguage', 'imageLink', 'link', 'offerId', 'price', 'targetCountry', 'title'] as const;

export const ZMicrosoftProductSchema = z.strictObject({
  additionalImageLinks: z.array(z.string()).optional(),
  adult: z.boolean().optional(),
  adwordsGrouping: text(),
  adwordsLabels: z.array(z.string()).optional(),
  adwordsRedirect: text(),
  ageGroup: ci(['adult', 'kids', 'toddler', 'infant', 'newborn']).optional(),
  availability: ci(['in stock', 'out of stock', 'preorder']).optional(),
  availabilityDate: text(),
  brand: text(),
  channel: ci(['Local', 'Online']).optional(),
  color: text(),
  condition: ci(['new', 'refurbished', 'used']).optional(),
  contentLanguage: text(),
  customAttributes: z.array(ZCustomAttributeSchema).optional(),
  customGroups: z.array(z.strictObject({ name: text(), attributes: z.array(ZCustomAttributeSchema).optional() })).optional(),
  customLabel0: text(),
  customLabel1: text(),
  customLabel2: text(),
  customLabel3: text(),
  customLabel4: text(),
  description: text(),
  destinations: z.array(z.strictObject({ destinationName: text(), intention: text() })).optional(),
  energyEfficiencyClass: text(),
  expirationDate: text(),
  gender: ci(['female', 'male', 'unisex']).optional(),
  googleProductCategory: text(),
  gtin: text(),
  id: text(),
  identifierExists: z.boolean().optional(),
  imageLink: text(),
  isBundle: z.boolean().optional(),
  itemGroupId: text(),
  kind: text(),
  link: text(),
  material: text(),
  mobileLink: text(),
  multipack: z.number().int().optional(),
  mpn: text(),
  offerId: text(),
  onlineOnly: z.boolean().optional(),
  pattern: text(),
  price: ZPriceSchema.optional(),
  productType: text(),
  promotionId: text(),
  salePrice: ZPriceSchema.optional(),
  salePriceEffectiveDate: text(),
  sellerName: text(),
  shipping: z
    .array(
      z.strictObject({
        country: text(),
        locationGroupName: text(),
        locationId: text(),
        postalCode: text(),
        price: ZPriceSchema.optional(),
        region: text(),
        service: text(),
      }),
    )
    .optional(),
  shippingLabel: text(),
  // Documented as text in the XML form; a number is read as well.
  shippingWeight: z.strictObject({ unit: z.string(), value: z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)]) }).optional(),
  sizes: z.array(z.string()).optional(),
  sizeSystem: text(),
  sizeType: text(),
  targetCountry: text(),
  taxes: z.array(z.record(z.string(), z.unknown())).optional(),
  title: text(),
  unitPricingBaseMeasure: ZUnitPricingSchema.optional(),
  unitPricingMeasure: ZUnitPricingSchema.optional(),
  validatedDestinations: z.array(z.string()).optional(),
});
export type TMicrosoftProduct = z.output<typeof ZMicrosoftProductSchema>;

/** A store id (Unsigned Long): a JSON number or its decimal text. */
const ZStoreIdSchema = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]);

const ZBatchItemSchema = z.strictObject({
  batchId: z.number().int().nonnegative(),
  merchantId: ZStoreIdSchema.optional(),
  method: ci(['insert', 'get', 'delete']),
  product: ZMicrosoftProductSchema.optional(),
  productId: text(),
});

export const ZMicrosoftBatchSchema = z.strictObject({ entries: z.array(ZBatchItemSchema) });

const flag = z.enum(['true', 'false']);
export const ZInsertQuerySchema = z.strictObject({ 'bmc-catalog-id': z.string().regex(/^\d+$/).optional(), 'dry-run': flag.optional(), alt: z.enum(['json', 'xml']).optional() });
export const ZListQuerySchema = z.strictObject({
  'max-results': z.string().regex(/^\d+$/).optional(),
  'start-token': text(),
  'bmc-catalog-id': z.string().regex(/^\d+$/).optional(),
  alt: z.enum(['json', 'xml']).optional(),
});
export const ZNoQuerySchema = z.strictObject({ alt: z.enum(['json', 'xml']).optional() });

/** Fields of an insert that must be there, missing from `product`. */
export const missingRequired = (product: TMicrosoftProduct): string[] =>
  MICROSOFT_REQUIRED.filter((f) => product[f] === undefined || product[f] === '');

/** The first problem zod found, in words naming the field (`product.price.value`). */
export const problemOf = (error: z.ZodError, root: string): string => {
  const issue = error.issues[0]!;
  const at = [root, ...issue.path.map(String)].filter(Boolean).join('.');
  if (issue.code === 'unrecognized_keys') return `Unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')} in ${at || 'the request'}.`;
  if (issue.code === 'invalid_type') {
    return (issue as { input?: unknown }).input === undefined
      ? `The field ${at} is required.`
      : `The field ${at} must be ${issue.expected === 'number' ? 'a number' : issue.expected === 'array' ? 'an array' : `of type ${issue.expected}`}.`;
  }
  return `The field ${at} ${issue.message}.`;
};

/* ------------------------------------------------------------ Customer Management and Campaign Management (REST v13) */

/** A long id in a REST v13 body: a JSON number or its decimal text. */
const ZLongSchema = z.union([z.number().int(), z.string().regex(/^\d+$/)]);

/** User/Query (GetUser): the user, or null for the signed-in one. */
export const ZGetUserRequestSchema = z.strictObject({ UserId: ZLongSchema.nullable() });

/** Accounts/Search (SearchAccounts): predicates and a page (at most 1000) are required. */
export const ZSearchAccountsRequestSchema = z.strictObject({
  Predicates: z
    .array(
      z.strictObject({
        Field: z.string(),
        Operator: z.enum(['Equals', 'Contains', 'In', 'GreaterThan', 'GreaterThanEqual', 'LessThan', 'LessThanEqual', 'StartsWith', 'NotEquals', 'DoesNotContain', 'NotIn']),
        Value: z.string(),
      }),
    )
    .min(1),
  Ordering: z.array(z.strictObject({ Field: z.string(), Order: z.enum(['Ascending', 'Descending']) })).nullable().optional(),
  PageInfo: z.strictObject({ Index: z.number().int().min(0), Size: z.number().int().min(1).max(1000) }),
  ReturnAdditionalFields: z.string().nullable().optional(),
});

/** BMCStores/QueryByCustomerId (GetBMCStoresByCustomerId). */
export const ZGetStoresRequestSchema = z.strictObject({ ReturnAdditionalFields: z.string().nullable().optional() });
