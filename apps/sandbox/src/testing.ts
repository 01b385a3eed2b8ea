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
export { GoogleControl, type TGoogleControlInput } from './google/control';
