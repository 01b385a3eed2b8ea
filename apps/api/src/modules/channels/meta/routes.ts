import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route, withMessage } from '../../../http/route';
import type { TChannelsService } from '../service';
import { META_MSG } from './service';

/** Facebook: login, business accounts, owned catalogs, the catalogue link, feed settings. */
export const metaRoutes = (app: FastifyInstance, channels: TChannelsService) => {
  const c = contract.channels;
  route(app, c.facebookAuth, async ({ params }, ctx) => withMessage(await channels.facebookAuthUrl(ctx, params.id), META_MSG.authUrl));
  route(app, c.facebookCallback, async ({ query }, ctx) => withMessage(await channels.facebookCallback(ctx, query), META_MSG.connected));
  route(app, c.getBusinessAccount, async ({ params }, ctx) => channels.metaBusinesses(ctx, params.id));
  route(app, c.getOwnedProductCatalogs, async ({ params }, ctx) => channels.metaCatalogs(ctx, params.id, params.business_id));
  route(app, c.captureCatalog, async ({ params, body }, ctx) =>
    withMessage(await channels.captureCatalog(ctx, params.id, body), META_MSG.catalogCaptured),
  );
  route(app, c.facebookFeedSetting, async ({ params }, ctx) => channels.facebookFeedSetting(ctx, params.id));
  route(app, c.saveFacebookFeedSetting, async ({ params, body }, ctx) =>
    withMessage(await channels.saveFacebookFeedSetting(ctx, params.id, body), META_MSG.feedSettingSaved),
  );
};
