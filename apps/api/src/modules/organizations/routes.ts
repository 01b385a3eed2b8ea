import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route, withMessage } from '../../http/route';
import type { TServices } from '../../services';
import { ORGANIZATION_MSG } from './messages';

export const organizationsRoutes = (
  app: FastifyInstance,
  services: Pick<TServices, 'organizations' | 'auth'>,
) => {
  const c = contract.organizations;
  const { organizations, auth } = services;

  route(app, c.create, async ({ body }, ctx) =>
    withMessage(await organizations.create(ctx.user_id, body), ORGANIZATION_MSG.created),
  );

  route(app, c.get, async ({ params }, ctx) => organizations.get(ctx.user_id, params.id));

  route(app, c.update, async ({ params, body }, ctx) =>
    withMessage(await organizations.update(ctx.user_id, params.id, body), ORGANIZATION_MSG.updated),
  );

  route(app, c.switchOrganization, async ({ params }, ctx) =>
    withMessage(
      await auth.switchOrganization(ctx.user_id, ctx.session_id, params.orgId),
      ORGANIZATION_MSG.switched,
    ),
  );
};
