import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import type { TOrgContext } from '../../http/context';
import { route, withMessage } from '../../http/route';
import { PRODUCTS_API_MSG as M } from './messages';
import type { TProductsService } from './service';
import type { TShopCaller } from '../tenancy/reach';

const callerOf = (ctx: TOrgContext): TShopCaller => ({ org_id: ctx.org_id, shop_ids: ctx.shop_ids });

export const productRoutes = (app: FastifyInstance, service: TProductsService) => {
  const c = contract.products;
  route(app, c.find, async ({ params, query }, ctx) => service.list(callerOf(ctx), params.shop_id, query));
  route(app, c.counts, async ({ params, query }, ctx) =>
    service.counts(callerOf(ctx), params.shop_id, query),
  );
  route(app, c.get, async ({ params }, ctx) => service.get(callerOf(ctx), params.shop_id, params.id));
  route(app, c.variants, async ({ params, query }, ctx) =>
    service.variants(callerOf(ctx), params.shop_id, params.id, query),
  );
  route(app, c.update, async ({ body }, ctx) => {
    const detail = await service.update(callerOf(ctx), body);
    const only = (key: string) => Object.keys(body.data).every((k) => k === key);
    const message = body.data.reset
      ? M.reset
      : body.data.reset_to_source?.length && only('reset_to_source')
        ? M.fieldsReset
        : body.data.resubmit?.length && only('resubmit')
          ? M.resubmitted
          : M.updated;
    return withMessage(detail, message);
  });
  route(app, c.debugView, async ({ params, query }, ctx) =>
    service.debugView(callerOf(ctx), params.shop_id, params.id, query),
  );
  route(app, c.elkSearch, async ({ query }, ctx) => service.elkSearch(callerOf(ctx), query));
  route(app, c.availableOptions, async ({ params, query }, ctx) =>
    service.availableOptions(callerOf(ctx), params.shop_id, query),
  );
  route(app, c.filterOptions, async ({ params }, ctx) =>
    service.filterOptions(callerOf(ctx), params.shop_id),
  );
};
