import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route, withMessage } from '../../../http/route';
import type { TChannelsService } from '../service';
import { MICROSOFT_MSG } from './service';

/** Microsoft: consent, ad accounts, stores, domain verification, the record, feed settings. */
export const microsoftRoutes = (app: FastifyInstance, channels: TChannelsService) => {
  const c = contract.channels;
  route(app, c.microsoftAuth, async ({ params }, ctx) => withMessage(await channels.microsoftAuthUrl(ctx, params.id), MICROSOFT_MSG.authUrl));
  route(app, c.microsoftAuthCallback, async ({ query }, ctx) =>
    withMessage(await channels.microsoftCallback(ctx, query), MICROSOFT_MSG.connected),
  );
  route(app, c.microsoftAdsAccounts, async ({ params }, ctx) => channels.microsoftAdsAccounts(ctx, params.id));
  route(app, c.microsoftMerchantCenters, async ({ params, query }, ctx) => channels.microsoftStores(ctx, params.id, query));
  route(app, c.microsoftSelectMerchantCenter, async ({ params, body }, ctx) =>
    withMessage(await channels.microsoftSelectStore(ctx, params.id, body), MICROSOFT_MSG.storeSelected),
  );
  route(app, c.microsoftVerifyStoreDomain, async ({ params }, ctx) => {
    const { domain, message } = await channels.microsoftVerifyDomain(ctx, params.id);
    return withMessage(domain, message);
  });
  route(app, c.microsoftIntegratedAccount, async ({ params }, ctx) => channels.microsoftConnection(ctx, params.id));
  route(app, c.microsoftFeedSetting, async ({ params }, ctx) => channels.microsoftFeedSetting(ctx, params.id));
  route(app, c.saveMicrosoftFeedSetting, async ({ params, body }, ctx) =>
    withMessage(await channels.saveMicrosoftFeedSetting(ctx, params.id, body), MICROSOFT_MSG.feedSettingSaved),
  );
};
