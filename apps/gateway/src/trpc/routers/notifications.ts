import { contract } from '@feedloom/contracts';
import {
  ZAnnouncementSchema,
  ZDismissNotificationQuerySchema,
  ZMarkNotificationsReadQuerySchema,
  ZMarkNotificationsReadSchema,
  ZNotificationListQuerySchema,
} from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { protectedProcedure } from '../init';

export const ZMarkNotificationsReadInputSchema = ZMarkNotificationsReadQuerySchema.extend(ZMarkNotificationsReadSchema.shape);

/** Notifications and announcements of the active shop. */
export const notificationsRouter = {
  find: protectedProcedure
    .input(ZNotificationListQuerySchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.notifications.find, { query: input })),

  dismiss: protectedProcedure.input(ZDismissNotificationQuerySchema).mutation(async ({ ctx, input }) => {
    const { data, message } = await ctx.upstream.send(contract.notifications.dismiss, { query: input });
    return { message, counts: data };
  }),

  markRead: protectedProcedure.input(ZMarkNotificationsReadInputSchema).mutation(async ({ ctx, input }) => {
    const { shop_id, ...body } = input;
    const { data, message } = await ctx.upstream.send(contract.notifications.markRead, { query: { shop_id }, body });
    return { message, counts: data };
  }),

  publishAnnouncement: protectedProcedure.input(ZAnnouncementSchema).mutation(async ({ ctx, input }) => {
    const { data, message } = await ctx.upstream.send(contract.notifications.publishAnnouncement, { body: input });
    return { message, announcement: data };
  }),
} satisfies TRPCRouterRecord;
