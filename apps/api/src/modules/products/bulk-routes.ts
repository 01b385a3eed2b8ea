import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import type { TOrgContext } from '../../http/context';
import { route, withMessage } from '../../http/route';
import type { TProductsBulkService } from './bulk';
import { BULK_API_MSG as M } from './bulk-messages';
import type { TCaller } from '../tenancy/reach';

const callerOf = (ctx: TOrgContext): TCaller => ({
  user_id: ctx.user_id,
  org_id: ctx.org_id,
  shop_ids: ctx.shop_ids,
});

export const productBulkRoutes = (app: FastifyInstance, service: TProductsBulkService) => {
  const c = contract.productsBulk;
  route(app, c.drafts, async ({ params }, ctx) => service.drafts(callerOf(ctx), params.shop_id));
  route(app, c.createDraft, async ({ body }, ctx) =>
    withMessage(await service.createDraft(callerOf(ctx), body), M.draftSaved),
  );
  route(app, c.updateDraft, async ({ params, body }, ctx) =>
    withMessage(await service.updateDraft(callerOf(ctx), params.shop_id, params.id, body), M.draftSaved),
  );
  route(app, c.deleteDraft, async ({ params }, ctx) =>
    withMessage(await service.deleteDraft(callerOf(ctx), params.shop_id, params.id), M.draftDeleted),
  );
  route(app, c.discardDrafts, async ({ params }, ctx) =>
    withMessage(await service.discardDrafts(callerOf(ctx), params.shop_id), M.draftsDiscarded),
  );
  route(app, c.applyDraft, async ({ params }, ctx) =>
    withMessage(await service.applyDraft(callerOf(ctx), params.shop_id, params.id), M.applyQueued),
  );
  route(app, c.runs, async ({ params }, ctx) => service.runs(callerOf(ctx), params.shop_id));
  route(app, c.run, async ({ params }, ctx) => service.run(callerOf(ctx), params.shop_id, params.id));
  route(app, c.variantUpdate, async ({ body }, ctx) =>
    withMessage(await service.variantUpdate(callerOf(ctx), body), M.variantsUpdated),
  );
};
