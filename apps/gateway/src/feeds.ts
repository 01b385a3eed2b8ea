import { contract, NOT_FOUND_MESSAGE, ZFeedFileParamsSchema } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { fetchDownload, sendDownload } from './transfer';
import { upstreamMessageOf } from './trpc/errors';
import { UpstreamError, type TUpstreamClient } from './upstream/client';
import type { TRefresher } from './upstream/refresh';

export const FEED_FILE_ROUTE = '/feeds/:file';

/**
 * A shop × channel's feed file behind its secret URL (`/feeds/{token}.xml` or `.tsv` for Google, `.txt` for Microsoft, `.csv` for Meta), for the channel's
 * scheduled fetch: no sign-in, the token is the key. Streamed from the api as it is built.
 */
export const registerFeedRoutes = (app: FastifyInstance, deps: { client: TUpstreamClient; refresher: TRefresher }) => {
  app.get<{ Params: { file: string } }>(FEED_FILE_ROUTE, async (req, reply) => {
    const params = ZFeedFileParamsSchema.safeParse(req.params);
    if (!params.success) return reply.code(404).send({ code: 404, message: NOT_FOUND_MESSAGE, data: null });
    try {
      const answer = await fetchDownload(deps, req, contract.feeds.feedFile, { params: params.data });
      return sendDownload(reply, answer, 'no-store');
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      const code = err.code === 404 || err.code === 503 ? err.code : 502;
      return reply.code(code).send({ code, message: code === 404 ? NOT_FOUND_MESSAGE : upstreamMessageOf(err), data: null });
    }
  });
};
