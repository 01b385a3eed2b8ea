import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { AppError } from '../../lib/errors';
import type { createHealthService } from './service';

export const healthRoutes = (app: FastifyInstance, health: ReturnType<typeof createHealthService>) => {
  route(app, contract.health.health, async () => {
    const report = await health.check();
    // A load balancer reads the HTTP status: a degraded api answers 503, with the report as data.
    if (report.status !== 'ok') throw new AppError(503, 'Service Unavailable', { data: report });
    return report;
  });
};
