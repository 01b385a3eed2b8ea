import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { binary, route } from '../../http/route';
import type { TAuditService } from './service';

export const auditRoutes = (app: FastifyInstance, audit: TAuditService) => {
  route(app, contract.audit.find, async ({ query }, ctx) => audit.find(ctx, query));
  route(app, contract.audit.exportCsv, async ({ query }, ctx) =>
    binary({
      body: audit.exportCsv(ctx, query),
      content_type: 'text/csv; charset=utf-8',
      file_name: `activity-log-${new Date().toISOString().slice(0, 10)}.csv`,
    }),
  );
};
