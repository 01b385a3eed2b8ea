import { contract } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route, withMessage } from '../../http/route';
import { INVITATION_MSG, STAFF_MSG } from './messages';
import type { TStaffService } from './service';

export const staffRoutes = (app: FastifyInstance, staff: TStaffService) => {
  const s = contract.staff;
  const i = contract.invitations;

  route(app, s.invite, async ({ body }, ctx) =>
    withMessage(await staff.invite(ctx, body), STAFF_MSG.invited),
  );

  route(app, s.find, async ({ query }, ctx) => staff.list(ctx, query));

  route(app, s.get, async ({ params }, ctx) => staff.get(ctx, params.id));

  route(app, s.update, async ({ params, body }, ctx) =>
    withMessage(await staff.update(ctx, params.id, body), STAFF_MSG.updated),
  );

  route(app, s.delete, async ({ params }, ctx) => {
    const { staff: row, outcome } = await staff.delete(ctx, params.id);
    return withMessage(row, STAFF_MSG[outcome]);
  });

  route(app, s.resendInvitation, async ({ params }, ctx) =>
    withMessage(await staff.resend(ctx, params.id), STAFF_MSG.resent),
  );

  route(app, i.pending, async (_input, ctx) => staff.pending(ctx.user_id));

  route(app, i.accept, async ({ params }, ctx) =>
    withMessage(await staff.accept(ctx.user_id, params.orgId, params.staffId), INVITATION_MSG.accepted),
  );

  route(app, i.status, async ({ params }) => staff.status(params.orgId, params.staffId));

  route(
    app,
    i.createStaffUser,
    async ({ params, body }) => {
      const { reply, business_name } = await staff.createStaffUser(params.orgId, params.staffId, body);
      return withMessage(reply, INVITATION_MSG.welcome(business_name));
    },
    { limitPerAddress: true },
  );
};
