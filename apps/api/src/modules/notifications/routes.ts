import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import type { TOrgContext } from '../../http/context';
import { route, withMessage } from '../../http/route';
import { NOTIFICATIONS_MSG as M } from './messages';
import type { TNotificationsService } from './service';
import type { TShopCaller } from '../tenancy/reach';

const callerOf = (ctx: TOrgContext): TShopCaller => ({ org_id: ctx.org_id, shop_ids: ctx.shop_ids });

export const notificationRoutes = (app: FastifyInstance, service: TNotificationsService) => {
  const c = contract.notifications;
  route(app, c.find, async ({ query }, ctx) => service.find(callerOf(ctx), query));
  route(app, c.dismiss, async ({ query }, ctx) =>
    withMessage(await service.dismiss(callerOf(ctx), query), M.dismissed),
  );
  route(app, c.markRead, async ({ query, body }, ctx) =>
    withMessage(await service.markRead(callerOf(ctx), query.shop_id, body), M.markedRead),
  );
  route(app, c.publishAnnouncement, async ({ body }, ctx) =>
    withMessage(await service.publishAnnouncement(ctx.user_id, body), M.published),
  );
};
