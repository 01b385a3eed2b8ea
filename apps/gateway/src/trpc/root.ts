import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { router } from './init';
import { authRouter } from './routers/auth';
import { channelsRouter } from './routers/channels';
import { dataSourcesRouter } from './routers/data-sources';
import { organizationsRouter } from './routers/organizations';
import { profileRouter } from './routers/profile';
import { referenceRouter } from './routers/reference';
import { shopsRouter } from './routers/shops';
import { staffRouter } from './routers/staff';

/** Every router of the design card lands here as its issue comes (organizations, shops, channels, products, …). */
export const appRouter = router({
  auth: authRouter,
  channels: channelsRouter,
  dataSources: dataSourcesRouter,
  organizations: organizationsRouter,
  profile: profileRouter,
  reference: referenceRouter,
  shops: shopsRouter,
  staff: staffRouter,
});

/** The web imports these as types only (`import type { AppRouter } from '@feedloom/gateway'`). */
export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
/** Replies of the streaming upload routes (POST /upload/<name>, transfer.ts), for the web's upload helper. */
export type { TUploadData, TUploadName } from '../transfer';
