import { message, protoEnum, repeated, string } from './proto';

// Google Site Verification API v1 requests: a token for a site, then the site verified with it.

const S = 'siteVerification.v1';

const ZSiteSchema = message(`${S}.Site`, {
  type: protoEnum(`${S}.SiteType`, ['SITE', 'INET_DOMAIN']),
  identifier: string(),
});

const ZVerificationMethodSchema = protoEnum(`${S}.VerificationMethod`, [
  'FILE',
  'META',
  'ANALYTICS',
  'TAG_MANAGER',
  'DNS',
  'DNS_TXT',
  'DNS_CNAME',
]);

/** webResource.getToken's body. */
export const ZTokenRequestSchema = message(`${S}.SiteVerificationWebResourceGettokenRequest`, {
  site: ZSiteSchema,
  verificationMethod: ZVerificationMethodSchema,
});

/** webResource.insert's body: the resource to verify (its id and owners are filled in by Google). */
export const ZWebResourceSchema = message(`${S}.SiteVerificationWebResourceResource`, {
  id: string().optional(),
  owners: repeated(string(), 'TYPE_STRING').optional(),
  site: ZSiteSchema,
});

/** webResource.insert's query: the verification method, required. */
export const ZWebResourceInsertQuerySchema = message(`${S}.WebResourceInsertRequest`, {
  verificationMethod: ZVerificationMethodSchema,
});
