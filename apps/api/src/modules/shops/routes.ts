import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route, withMessage } from '../../http/route';
import { SHOP_MSG } from './messages';
import type { TShopsService } from './service';

export const shopRoutes = (app: FastifyInstance, shops: TShopsService) => {
  const c = contract.shops;

  route(app, c.selectList, async (_input, ctx) => shops.selectList(ctx));

  route(app, c.switchShop, async ({ params }, ctx) =>
    withMessage(await shops.switchShop(ctx, params.id), SHOP_MSG.activeChanged),
  );

  route(app, c.find, async ({ query }, ctx) => shops.list(ctx, query));

  route(app, c.get, async ({ params }, ctx) => shops.get(ctx, params.id));

  route(app, c.create, async ({ body }, ctx) => withMessage(await shops.create(ctx, body), SHOP_MSG.created));

  route(app, c.update, async ({ params, body }, ctx) =>
    withMessage(await shops.update(ctx, params.id, body), SHOP_MSG.updated),
  );

  route(app, c.delete, async ({ params }, ctx) =>
    withMessage(await shops.delete(ctx, params.id), SHOP_MSG.deleted),
  );

  route(app, c.reactivate, async ({ params }, ctx) =>
    withMessage(await shops.reactivate(ctx, params.id), SHOP_MSG.reactivated),
  );

  route(app, c.info, async ({ params }, ctx) => shops.info(ctx, params.id));

  route(app, c.statistics, async (_input, ctx) => shops.statistics(ctx));
};
