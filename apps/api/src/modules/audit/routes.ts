import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TAuditService } from './service';

export const auditRoutes = (app: FastifyInstance, audit: TAuditService) => {
  route(app, contract.audit.find, async ({ query }, ctx) => audit.find(ctx, query));
};
