import type { z } from 'zod';
import {
  ZAccountsListQuerySchema,
  ZHomepageClaimSchema,
  ZHomepageSchema,
  ZHomepageUpdateQuerySchema,
  ZProgramsListQuerySchema,
} from './accounts';
import { ZDataSourceSchema, ZDataSourcesListQuerySchema } from './datasources';
import { ZDataSourceQuerySchema, ZNoQuerySchema, ZProductInputSchema, ZProductsListQuerySchema } from './products';
import { readAs, withoutSystemParameters, type TFieldViolation } from './proto';
import { ZTokenRequestSchema, ZWebResourceInsertQuerySchema, ZWebResourceSchema } from './site-verification';

export type { TFieldViolation } from './proto';
export type { TProductInput } from './products';

// Every request the Google stand-in serves, by route (`METHOD path` as the sandbox registers it): the query
// parameters it takes and, for a method with a body, the message the body is and its field name in the
// request (`product_input`; '' when the body is the whole request). A route missing here is a route the
// sandbox refuses to register.

interface TRequestShape {
  query: z.ZodType;
  body?: { schema: z.ZodType; root: string };
}

export const GOOGLE_REQUEST_SHAPES: Readonly<Record<string, TRequestShape>> = {
  'GET /accounts/v1/accounts': { query: ZAccountsListQuerySchema },
  'GET /accounts/v1/accounts/:account': { query: ZNoQuerySchema },
  'GET /accounts/v1/accounts/:account/homepage': { query: ZNoQuerySchema },
  'PATCH /accounts/v1/accounts/:account/homepage': {
    query: ZHomepageUpdateQuerySchema,
    body: { schema: ZHomepageSchema, root: 'homepage' },
  },
  'POST /accounts/v1/accounts/:account/homepage::claim': { query: ZNoQuerySchema, body: { schema: ZHomepageClaimSchema, root: '' } },
  'GET /accounts/v1/accounts/:account/shippingSettings': { query: ZNoQuerySchema },
  'GET /accounts/v1/accounts/:account/programs': { query: ZProgramsListQuerySchema },
  'GET /accounts/v1/accounts/:account/programs/:program': { query: ZNoQuerySchema },
  'POST /siteVerification/v1/token': { query: ZNoQuerySchema, body: { schema: ZTokenRequestSchema, root: '' } },
  'POST /siteVerification/v1/webResource': {
    query: ZWebResourceInsertQuerySchema,
    body: { schema: ZWebResourceSchema, root: '' },
  },
  'GET /siteVerification/v1/webResource': { query: ZNoQuerySchema },
  'GET /datasources/v1/accounts/:account/dataSources': { query: ZDataSourcesListQuerySchema },
  'POST /datasources/v1/accounts/:account/dataSources': {
    query: ZNoQuerySchema,
    body: { schema: ZDataSourceSchema, root: 'data_source' },
  },
  'POST /products/v1/accounts/:account/productInputs::insert': {
    query: ZDataSourceQuerySchema,
    body: { schema: ZProductInputSchema, root: 'product_input' },
  },
  'DELETE /products/v1/accounts/:account/productInputs/:productInput': { query: ZDataSourceQuerySchema },
  'GET /products/v1/accounts/:account/products/:product': { query: ZNoQuerySchema },
  'GET /products/v1/accounts/:account/products': { query: ZProductsListQuerySchema },
};

/** One request as the stand-in received it: its route, its query parameters and its JSON body. */
export interface TGoogleRequest {
  route: string;
  query: Record<string, unknown>;
  body?: unknown;
}

export type TGoogleRequestCheck =
  | { ok: true; query: Record<string, unknown>; body: unknown }
  | { ok: false; violations: TFieldViolation[] };

/** Reads one request as Google would: its parameters and body parsed, or every field violation. */
export const checkGoogleRequest = (request: TGoogleRequest): TGoogleRequestCheck => {
  const shape = GOOGLE_REQUEST_SHAPES[request.route];
  if (!shape) return { ok: false, violations: [{ description: `The Merchant API has no method ${request.route}.` }] };
  const query = readAs(shape.query, withoutSystemParameters(request.query), '', 'query');
  const body = shape.body ? readAs(shape.body.schema, request.body ?? {}, shape.body.root) : { ok: true as const, value: undefined };
  const violations = [...(query.ok ? [] : query.violations), ...(body.ok ? [] : body.violations)];
  if (violations.length > 0 || !query.ok || !body.ok) return { ok: false, violations };
  return { ok: true, query: query.value as Record<string, unknown>, body: body.value };
};
