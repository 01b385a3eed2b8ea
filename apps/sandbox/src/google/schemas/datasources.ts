import { z } from 'zod';
import { bool, int32Text, int64, message, protoEnum, repeated, string } from './proto';
import { ZDestinationSchema } from './types';

// Merchant API v1 data sources sub-API requests (google.shopping.merchant.datasources.v1).

const D = 'google.shopping.merchant.datasources.v1';
const text = () => string().optional();

const LANGUAGE_RE = /^[a-z]{2}$/;
const FEED_LABEL_RE = /^[A-Z0-9_-]{1,20}$/;

const ZDataSourceReferenceSchema = message(`${D}.DataSourceReference`, {
  self: bool().optional(),
  primaryDataSourceName: text(),
  supplementalDataSourceName: text(),
});

const ZPrimaryProductDataSourceSchema = message(`${D}.PrimaryProductDataSource`, {
  legacyLocal: bool().optional(),
  feedLabel: string().regex(FEED_LABEL_RE, { error: 'feedLabel must be 1 to 20 characters of A-Z, 0-9, hyphen and underscore.' }).optional(),
  contentLanguage: string().regex(LANGUAGE_RE, { error: 'contentLanguage must be a two-letter ISO 639-1 code such as "en".' }).optional(),
  countries: repeated(string(), 'TYPE_STRING').optional(),
  defaultRule: message(`${D}.PrimaryProductDataSource.DefaultRule`, {
    takeFromDataSources: repeated(ZDataSourceReferenceSchema, `type.googleapis.com/${D}.DataSourceReference`),
  }).optional(),
  containsCustomRules: bool().optional(),
  destinations: repeated(
    message(`${D}.PrimaryProductDataSource.Destination`, {
      destination: ZDestinationSchema.optional(),
      state: protoEnum(`${D}.PrimaryProductDataSource.Destination.State`, ['ENABLED', 'DISABLED']).optional(),
    }),
    `type.googleapis.com/${D}.PrimaryProductDataSource.Destination`,
  ).optional(),
});

const labelled = (name: string) =>
  message(`${D}.${name}`, { feedLabel: text(), contentLanguage: text() }).optional();

/** DataSource (the body of dataSources.create): a display name and exactly one type. */
export const ZDataSourceSchema = message(`${D}.DataSource`, {
  name: text(),
  dataSourceId: int64().optional(),
  displayName: string().refine((s) => s.trim() !== '', { error: 'displayName must not be empty.' }),
  primaryProductDataSource: ZPrimaryProductDataSourceSchema.optional(),
  supplementalProductDataSource: labelled('SupplementalProductDataSource'),
  localInventoryDataSource: labelled('LocalInventoryDataSource'),
  regionalInventoryDataSource: labelled('RegionalInventoryDataSource'),
  promotionDataSource: message(`${D}.PromotionDataSource`, { targetCountry: string(), contentLanguage: string() }).optional(),
  productReviewDataSource: message(`${D}.ProductReviewDataSource`, {}).optional(),
  merchantReviewDataSource: message(`${D}.MerchantReviewDataSource`, {}).optional(),
  input: protoEnum(`${D}.DataSource.Input`, ['API', 'FILE', 'UI', 'AUTOFEED']).optional(),
  fileInput: message(`${D}.FileInput`, {
    fetchSettings: z.unknown().optional(),
    fileName: text(),
    fileInputType: protoEnum(`${D}.FileInput.FileInputType`, ['UPLOAD', 'FETCH', 'GOOGLE_SHEETS']).optional(),
  }).optional(),
})
  .refine(
    (d) =>
      [
        d.primaryProductDataSource,
        d.supplementalProductDataSource,
        d.localInventoryDataSource,
        d.regionalInventoryDataSource,
        d.promotionDataSource,
        d.productReviewDataSource,
        d.merchantReviewDataSource,
      ].filter((t) => t !== undefined).length === 1,
    { error: 'Exactly one data source type must be set.' },
  )
  .refine(
    (d) =>
      !d.primaryProductDataSource ||
      (d.primaryProductDataSource.contentLanguage === undefined) === (d.primaryProductDataSource.feedLabel === undefined),
    { error: 'feedLabel and contentLanguage must be set together or left unset together.', path: ['primaryProductDataSource'] },
  );

/** dataSources.list: at most 1000 a page (all of them, up to 1000, by default). */
export const ZDataSourcesListQuerySchema = message(`${D}.ListDataSourcesRequest`, {
  pageSize: int32Text().optional(),
  pageToken: text(),
});
