import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TWorkspaceService } from './service';

export const workspaceRoutes = (app: FastifyInstance, workspace: TWorkspaceService) => {
  route(app, contract.organizations.find, async (_input, ctx) => workspace.organizationsOf(ctx.user_id));
};
