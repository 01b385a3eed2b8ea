import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import type { TOrgContext } from '../../http/context';
import { route } from '../../http/route';
import type { TDashboardService } from './service';

const callerOf = (ctx: TOrgContext) => ({ org_id: ctx.org_id, shop_ids: ctx.shop_ids });

export const dashboardRoutes = (app: FastifyInstance, service: TDashboardService) => {
  const c = contract.dashboard;
  route(app, c.productDiagnostics, async ({ query }, ctx) => service.productDiagnostics(callerOf(ctx), query));
  route(app, c.apiHealth, async ({ query }, ctx) => service.apiHealth(callerOf(ctx), query));
};
