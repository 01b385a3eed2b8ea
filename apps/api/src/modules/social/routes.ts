import { contract, type TSocialLoginCallbackResponse } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route, withMessage } from '../../http/route';
import { AUTH_MSG } from '../auth/messages';
import { SOCIAL_MSG } from './messages';
import type { TSocialService } from './service';

export const socialRoutes = (app: FastifyInstance, social: TSocialService) => {
  const c = contract.account;

  route(app, c.googleLogin, async ({ query }) =>
    withMessage(await social.loginUrl('google', query), SOCIAL_MSG.loginUrl),
  );
  route(app, c.microsoftLogin, async ({ query }) =>
    withMessage(await social.loginUrl('microsoft', query), SOCIAL_MSG.loginUrl),
  );

  // Signed in, or (an address the provider did not vouch for) the sign-up code was mailed.
  const callbackReply = (result: TSocialLoginCallbackResponse) =>
    withMessage(result, 'verification_required' in result ? AUTH_MSG.otpSent : AUTH_MSG.loggedIn);
  route(app, c.googleLoginCallback, async ({ query }) =>
    callbackReply(await social.loginCallback('google', query)),
  );
  route(app, c.microsoftLoginCallback, async ({ query }) =>
    callbackReply(await social.loginCallback('microsoft', query)),
  );

  route(app, c.verifySocialSignup, async ({ params, body }) =>
    withMessage(await social.verifySignup(params.signup_id, body), AUTH_MSG.accountVerified),
  );
  route(app, c.resendSocialSignupOtp, async ({ params, body }) =>
    withMessage(await social.resendSignupOtp(params.signup_id, body), AUTH_MSG.otpSent),
  );

  route(app, c.connectSocial, async ({ params }, ctx) =>
    withMessage(await social.connectUrl(params.provider, ctx.user_id), SOCIAL_MSG.loginUrl),
  );
  route(app, c.connectSocialCallback, async ({ params, query }, ctx) =>
    withMessage(
      await social.connectCallback(params.provider, ctx.user_id, query),
      SOCIAL_MSG.connected(params.provider),
    ),
  );

  route(app, c.disconnectSocial, async ({ params }, ctx) => {
    await social.disconnect(params.provider, ctx.user_id);
    return withMessage({}, SOCIAL_MSG.disconnected(params.provider));
  });
};
