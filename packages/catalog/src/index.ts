// @feedloom/catalog: the product model and its pure engines. No file, thread or OS access (eslint.config.js
// enforces it): the feed writers write to a stream they are given. The shipped taxonomy file and sharded
// builds over worker threads are in the Node entry, @feedloom/catalog/node (src/node/).

export * from './model/money';
export * from './model/fields';
export * from './model/product';
export * from './model/overrides';

export * from './taxonomy/taxonomy';

export * from './rules/gtin';
export * from './rules/dates';
export * from './rules/text';
export * from './rules/clean';
export * from './rules/html';

export * from './channels/types';
export * from './channels/engine';
export * from './channels/common';
export * from './channels/duplicates';
export {
  GOOGLE_ROWS,
  SHIPPING_TEXT_SLOTS,
  UNIT_PRICING_UNITS as GOOGLE_UNIT_PRICING_UNITS,
} from './channels/google';
export { MICROSOFT_ROWS, MICROSOFT_LANGUAGES } from './channels/microsoft';
export { META_ROWS } from './channels/meta';
export * from './channels/index';

export * from './status';

export * from './feeds/bytes';
export * from './feeds/escape';
export * from './feeds/values';
export * from './feeds/formats';
export * from './feeds/stream';

export * from './payloads/payloads';

export * from './import/index';
