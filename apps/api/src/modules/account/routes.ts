import { contract, FORGOT_PASSWORD_MESSAGE } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route, withMessage } from '../../http/route';
import { AUTH_MSG } from '../auth/messages';
import { ACCOUNT_MSG } from './messages';
import type { TAccountService } from './service';

export const accountRoutes = (app: FastifyInstance, account: TAccountService) => {
  const c = contract.account;
  const limited = { limitPerAddress: true };

  route(
    app,
    c.forgotPassword,
    async ({ body }) => {
      await account.forgotPassword(body.email);
      return withMessage({}, FORGOT_PASSWORD_MESSAGE);
    },
    limited,
  );

  route(
    app,
    c.resetPassword,
    async ({ params, body }) =>
      withMessage(await account.resetPassword(params.token, body.password), ACCOUNT_MSG.passwordReset),
    limited,
  );

  route(app, c.changePassword, async ({ body }, ctx) =>
    withMessage(await account.changePassword(ctx.user_id, ctx.session_id, body), ACCOUNT_MSG.passwordChanged),
  );

  route(app, c.setPassword, async ({ body }, ctx) =>
    withMessage(await account.setPassword(ctx.user_id, body.password), ACCOUNT_MSG.passwordCreated),
  );

  route(app, c.issueSupportLogin, async ({ body }, ctx) =>
    withMessage(await account.issueSupportLogin(ctx.user_id, body), ACCOUNT_MSG.supportLinkIssued),
  );

  route(
    app,
    c.supportLogin,
    async ({ params }) => withMessage(await account.supportLogin(params.token), AUTH_MSG.loggedIn),
    limited,
  );
};
