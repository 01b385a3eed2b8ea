// Types other workspaces may import (types only, never code): `@feedloom/api/contract-types`.
export type { TAccess } from '@feedloom/contracts';
export type { THandlerContext, TOrgContext, TPrincipal, TPublicContext, TUserContext } from './http/context';
export type { TRouteHandler, TWithMessage } from './http/route';
