// CSV and Google XML feed import: the pure engine the api's data sources, import job and demo seed run
//. Bytes in (any async iterable of chunks), products and row errors out, one row at a time.

export { IMPORT_ENCODINGS, decode, decodeWindows1252, peekBytes, sniffEncoding } from './encoding';
export type { TByteSource, TDecodeOptions, TEncoding, TSniffedEncoding } from './encoding';

export { FILE_SNIFF_BYTES, FILE_TYPE_MSG, fileTypeProblem, isXmlHead } from './sniff';
export type { TFileTypeOptions } from './sniff';

export {
  FeedFileError,
  GoogleFeedReader,
  XML_FEED_MSG,
  XML_ITEM_MAX_CHARS,
  XML_MAX_COLUMNS,
  declaredXmlEncoding,
  openXmlFeed,
} from './xml';
export type { TOpenXmlFeedOptions } from './xml';

export { CsvParser, DELIMITERS, detectDelimiter, readCsv } from './csv';
export type { TCsvParserOptions, TCsvRow, TDelimiter, TTextSource } from './csv';

export { IMPORT_COLUMNS, normaliseHeader } from './columns';
export type { TImportColumn, TImportField, TValueKind } from './columns';

export { IMPORT_FORMATS, detectFormat, mappingTargets, suggestMapping } from './mapping';
export type {
  TColumnMapping,
  TImportFormat,
  TMapping,
  TMappingProblem,
  TMappingTarget,
  TMappingTargetInfo,
  TSuggestOptions,
} from './mapping';

export { importedToProduct, productKeyOf, sameValue } from './core';
export type {
  TImportCollision,
  TImportError,
  TProductKeyFormat,
  TImportResult,
  TImportStats,
  TImportedProduct,
  TImportedVariant,
  TShopSettings,
} from './core';

export { createImporter, importRows } from './importer';
export type { TImportOptions, TImporter, TRowSource } from './importer';

export { bytesOfText, importCsv, importFile, openCsv } from './pipeline';
export type { TCsvFile, TOpenCsvOptions } from './opened-file';
export type { TImportCsvOptions, TImportRun } from './pipeline';

export { ERROR_CSV_HEADER, ImportReport, csvField, errorCsvLine, errorsCsv } from './report';
export type { TImportSummary } from './report';

export {
  CUSTOMISATION_TYPES,
  applyCustomisationRow,
  createCustomisationImporter,
  customisationHeaders,
  exportCustomisationCsv,
  importCustomisationCsv,
} from './customisation';
export type {
  TCustomisationImporter,
  TCustomisationLayout,
  TCustomisationResult,
  TCustomisationRow,
  TCustomisationRun,
  TCustomisationType,
} from './customisation';

export { sampleCsv } from './sample';

export { DEMO_COLUMNS, DEMO_ISSUES, generateDemoCatalogue } from './demo';
export type { TDemoCatalogueOptions, TDemoIssue } from './demo';
