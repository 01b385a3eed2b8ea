// The catalogue: the product layers, judging and the one write of statuses that import, edit, bulk, sync and the
// rules share. Other modules import it from here only (lint: no-restricted-imports).
export { customOf, productOf, type TProductLayers, type TStoredCustom } from './layers';
export {
  judgeItems,
  judgeProduct,
  judgingContext,
  sameContentOf,
  shippedTaxonomy,
  shopDefaults,
  type TJudged,
  type TJudgingShop,
  type TSameContent,
} from './judge';
export {
  channelIssuesSql,
  mergeChannelIssuesSql,
  SENDABLE_STATUSES,
  SENT_STATUSES,
  statusRows,
  writeStatuses,
  type TStatusRow,
} from './statuses';
