import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route, withMessage } from '../../http/route';
import { AUTH_MSG } from './messages';
import type { TAuthService } from './service';

export const authRoutes = (app: FastifyInstance, auth: TAuthService) => {
  const c = contract.auth;
  const limited = { limitPerAddress: true };

  route(app, c.signup, async ({ body }) => withMessage(await auth.signup(body), AUTH_MSG.otpSent), limited);

  route(
    app,
    c.verifyAccount,
    async ({ params, body }) =>
      withMessage(await auth.verifyAccount(params.user_id, body.otp), AUTH_MSG.accountVerified),
    limited,
  );

  route(
    app,
    c.resendOtp,
    async ({ params, body }) =>
      withMessage(await auth.resendOtp(params.user_id, body.email), AUTH_MSG.otpSent),
    limited,
  );

  route(
    app,
    c.createPassword,
    async ({ query, body }) =>
      withMessage(await auth.createPassword(query.user_id, body), AUTH_MSG.passwordCreated),
    limited,
  );

  route(app, c.login, async ({ body }) => withMessage(await auth.login(body), AUTH_MSG.loggedIn), limited);

  route(app, c.refresh, async ({ body }) =>
    withMessage(await auth.refresh(body.refresh_token), AUTH_MSG.tokenRefreshed),
  );

  route(app, c.logout, async ({ body }) => {
    await auth.logout(body.refresh_token);
    return withMessage({}, AUTH_MSG.loggedOut);
  });

  route(app, c.session, async (_input, ctx) => auth.session(ctx.user_id));
};
