import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route, withMessage } from '../../http/route';
import type { TServices } from '../../services';
import { ORG_MSG } from './messages';

export const orgRoutes = (app: FastifyInstance, services: Pick<TServices, 'orgs' | 'auth'>) => {
  const c = contract.organizations;
  const { orgs, auth } = services;

  route(app, c.list, async (_input, ctx) => orgs.list(ctx.user_id));

  route(app, c.create, async ({ body }, ctx) =>
    withMessage(await orgs.create(ctx.user_id, body), ORG_MSG.created),
  );

  route(app, c.get, async ({ params }, ctx) => orgs.get(ctx.user_id, params.id));

  route(app, c.update, async ({ params, body }, ctx) =>
    withMessage(await orgs.update(ctx.user_id, params.id, body), ORG_MSG.updated),
  );

  route(app, c.captureLastActive, async ({ params }, ctx) =>
    withMessage(await auth.switchOrganization(ctx.user_id, ctx.session_id, params.orgId), ORG_MSG.switched),
  );
};
