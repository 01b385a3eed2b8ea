import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route, withMessage } from '../../http/route';
import { CHANNELS_MSG } from './messages';
import type { TChannelsService } from './service';
import { metaRoutes } from './meta/routes';
import { microsoftRoutes } from './microsoft/routes';

export const channelRoutes = (app: FastifyInstance, channels: TChannelsService) => {
  const c = contract.channels;

  route(app, c.googleAuth, async ({ query }, ctx) =>
    withMessage(await channels.googleAuthUrl(ctx, query.shop_id), CHANNELS_MSG.authUrl),
  );
  route(app, c.googleCallback, async ({ query }, ctx) =>
    withMessage(await channels.googleCallback(ctx, query), CHANNELS_MSG.connected),
  );
  route(app, c.merchantAccountList, async ({ params }, ctx) => channels.merchantAccounts(ctx, params.id));
  route(app, c.merchantAccountInfo, async ({ params }, ctx) =>
    withMessage(await channels.selectMerchantAccount(ctx, params.id, params.merchant_id), CHANNELS_MSG.accountSelected),
  );
  route(app, c.getIntegratedMerchantAccount, async ({ params }, ctx) => channels.connection(ctx, params.id, 'google'));
  route(app, c.getWebsiteClaimedStatus, async ({ params }, ctx) => channels.websiteClaim(ctx, params.id));
  route(app, c.overrideWebsiteUrl, async ({ params, body }, ctx) => {
    const { claim, message } = await channels.overrideWebsite(ctx, params.id, body.website_url);
    return withMessage(claim, message);
  });
  route(app, c.shippingSettings, async ({ params }, ctx) => channels.shippingSettings(ctx, params.id));
  route(app, c.disconnect, async ({ params, query }, ctx) =>
    withMessage(await channels.disconnect(ctx, params.id, query.channel), CHANNELS_MSG.disconnected(query.channel)),
  );
  microsoftRoutes(app, channels);
  metaRoutes(app, channels);
};
