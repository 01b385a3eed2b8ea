import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { binary, route, withMessage } from '../../http/route';
import { SYNC_MSG } from './messages';
import type { TSyncService } from './service';

export const syncRoutes = (app: FastifyInstance, sync: TSyncService) => {
  const c = contract.feeds;
  route(app, c.shopFeedConfig, async ({ params }, ctx) => sync.shopFeedConfig(ctx, params.id));
  route(app, c.saveShopFeedConfig, async ({ params, body }, ctx) =>
    withMessage(await sync.saveSchedule(ctx, params.id, body.channel, body.feed_schedule), SYNC_MSG.settingsSaved),
  );
  route(app, c.googleFeedSettings, async ({ params }, ctx) => sync.feedConfig(ctx, params.id, 'google'));
  route(app, c.saveGoogleFeedSettings, async ({ params, body }, ctx) =>
    withMessage(await sync.saveGoogleSettings(ctx, params.id, body), SYNC_MSG.settingsSaved),
  );
  route(app, c.feedStatus, async ({ params, body }, ctx) =>
    withMessage(
      await sync.feedStatus(ctx, params.id, body.channel, body.feed_status),
      body.feed_status ? SYNC_MSG.feedOn : SYNC_MSG.feedOff,
    ),
  );
  route(app, c.googleFetchErrors, async ({ params, query }, ctx) => {
    const sent = await sync.mailIssueReport(ctx, params.shop, query.email);
    return withMessage(sent, SYNC_MSG.fetchErrorsSent(sent.sent_to));
  });
  route(app, c.syncNow, async ({ params, query }, ctx) =>
    withMessage(await sync.syncNow(ctx, params.id, query.channel), SYNC_MSG.syncQueued),
  );
  route(app, c.syncGate, async ({ params, body }, ctx) => {
    const { config, message } = await sync.gateDecision(ctx, params.id, body);
    return withMessage(config, message);
  });
  route(app, c.syncRuns, async ({ params, query }, ctx) => sync.runs(ctx, params.id, query.channel));
  route(app, c.syncHistory, async ({ params, query }, ctx) => sync.history(ctx, params.id, query));
  route(app, c.heldItems, async ({ params, query }, ctx) => sync.heldItems(ctx, params.id, query));
  route(app, c.rotateFeedUrl, async ({ params, query }, ctx) =>
    withMessage(await sync.rotateFeedUrl(ctx, params.id, query.channel), SYNC_MSG.feedUrlRotated),
  );
  route(app, c.feedFile, async ({ params }) => {
    const { contentType, chunks } = await sync.feedFile(params.file);
    return binary({
      body: (async function* () {
        for await (const c of chunks) yield Buffer.from(c.buffer, c.byteOffset, c.byteLength);
      })(),
      content_type: contentType,
      cache_control: 'no-store',
    });
  });
};
