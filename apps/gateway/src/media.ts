import { contract, NOT_FOUND_MESSAGE, UNAUTHORIZED_MESSAGE } from '@feedloom/contracts';
import { ZIdSchema } from '@feedloom/validation';
import type { FastifyInstance } from 'fastify';
import { AuthSession } from './session';
import { fetchDownload, sendDownload } from './transfer';
import { upstreamMessageOf } from './trpc/errors';
import { UpstreamError, type TUpstreamClient } from './upstream/client';
import type { TRefresher } from './upstream/refresh';

export const PROFILE_PICTURE_ROUTE = '/media/profile-picture/:user_id';

/**
 * Images the browser loads with a plain <img src>: the gateway streams them from the api's binary endpoint
 * through the download path of transfer.ts, with the session's token (which never leaves the gateway).
 */
export const registerMediaRoutes = (
  app: FastifyInstance,
  deps: { client: TUpstreamClient; refresher: TRefresher },
) => {
  app.get<{ Params: { user_id: string }; Querystring: { v?: string } }>(
    PROFILE_PICTURE_ROUTE,
    async (req, reply) => {
      const session = new AuthSession(req.session);
      if (!session.isAuthenticated) {
        return reply.code(401).send({ code: 401, message: UNAUTHORIZED_MESSAGE, data: null });
      }
      // An id the api would refuse (overlong, control characters) names no picture: no call is made.
      const userId = ZIdSchema().safeParse(req.params.user_id);
      if (!userId.success) return reply.code(404).send({ code: 404, message: NOT_FOUND_MESSAGE, data: null });
      try {
        const answer = await fetchDownload(deps, req, contract.profile.picture, {
          params: { user_id: userId.data },
        });
        // A versioned URL (?v=) names one upload for good; without it, ask again every time.
        return sendDownload(
          reply,
          answer,
          req.query.v ? 'private, max-age=31536000, immutable' : 'private, no-cache',
        );
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        // 401 and 404 as the api said; an api that did not answer is 503, anything else 502.
        const code = err.code === 401 || err.code === 404 || err.code === 503 ? err.code : 502;
        const message = code === 404 ? NOT_FOUND_MESSAGE : upstreamMessageOf(err);
        return reply.code(code).send({ code, message, data: null });
      }
    },
  );
};
