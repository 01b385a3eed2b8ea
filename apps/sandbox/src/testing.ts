// The sandbox's test-facing entry (`@feedloom/sandbox/testing`): what another package's tests may start and
// know about the local stand-ins, without reaching into this package's files.
export { buildSandbox, startSandbox, type TSandbox, type TSandboxOptions } from './server';
export {
  identityFor,
  MICROSOFT_CONSUMER_TENANT,
  MICROSOFT_CONTOSO_TENANT,
  TEST_ACCOUNTS,
  type TIdentity,
  type TProviderId,
  type TTestAccount,
} from './oidc/accounts';
export { CONTENT_SCOPE, SITE_VERIFICATION_SCOPE, UNVERIFIED_HOST_PREFIX } from './google/merchant';
export { MERCHANT_ACCOUNTS, type TMerchantAccountSeed } from './google/merchant-accounts';
export { PRICE_MISMATCH_MARKER, SMALL_IMAGE_MARKER } from './google/judge';
export { GoogleControl, type TGoogleControlInput, type TReceivedRequest } from './google/control';
export { checkGoogleRequest, GOOGLE_REQUEST_SHAPES, type TFieldViolation, type TGoogleRequest } from './google/schemas';
export { MSADS_SCOPE, MICROSOFT_BATCH_MAX } from './microsoft/ads';
export { EDITORIAL_REVIEW_MARKER } from './microsoft/judge';
export { MICROSOFT_ADS_USERS, microsoftUserOf, UNVERIFIED_STORE_HOST_PREFIX } from './microsoft/accounts';
export { META_USERS, metaUserOf } from './meta/accounts';
export { META_BATCH_MAX, META_GRAPH_VERSION, META_CATALOG_PERMISSIONS } from './meta/graph';
export { checkMetaRequest, META_REQUEST_SHAPES, type TGraphErrorBody, type TMetaRequest } from './meta/schemas';
