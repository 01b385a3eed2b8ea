import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route, withMessage } from '../../http/route';
import { ROLE_MSG } from './messages';
import type { TRolesService } from './service';

export const rolesRoutes = (app: FastifyInstance, roles: TRolesService) => {
  const c = contract.roles;

  route(app, c.find, async ({ query }, ctx) => roles.find(ctx, query));

  route(app, c.create, async ({ body }, ctx) => withMessage(await roles.create(ctx, body), ROLE_MSG.created));

  route(app, c.update, async ({ params, body }, ctx) =>
    withMessage(await roles.update(ctx, params.id, body), ROLE_MSG.updated),
  );

  route(app, c.delete, async ({ params }, ctx) =>
    withMessage(await roles.delete(ctx, params.id), ROLE_MSG.deleted),
  );
};
