import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { router } from './init';
import { auditRouter } from './routers/audit';
import { authRouter } from './routers/auth';
import { channelWizardRouter } from './routers/channel-wizard';
import { channelsRouter } from './routers/channels';
import { dashboardRouter } from './routers/dashboard';
import { dataSourcesRouter } from './routers/data-sources';
import { notificationsRouter } from './routers/notifications';
import { feedsRouter } from './routers/feeds';
import { organizationsRouter } from './routers/organizations';
import { productsRouter } from './routers/products';
import { productsBulkRouter } from './routers/products-bulk';
import { profileRouter } from './routers/profile';
import { referenceRouter } from './routers/reference';
import { rolesRouter } from './routers/roles';
import { shopsRouter } from './routers/shops';
import { staffRouter } from './routers/staff';

/** Every router of the design card lands here as its issue comes (organizations, shops, channels, products, …). */
export const appRouter = router({
  audit: auditRouter,
  auth: authRouter,
  channels: channelsRouter,
  dashboard: dashboardRouter,
  channelWizard: channelWizardRouter,
  feeds: feedsRouter,
  dataSources: dataSourcesRouter,
  notifications: notificationsRouter,
  organizations: organizationsRouter,
  products: productsRouter,
  productsBulk: productsBulkRouter,
  profile: profileRouter,
  reference: referenceRouter,
  roles: rolesRouter,
  shops: shopsRouter,
  staff: staffRouter,
});

/** The web imports these as types only (`import type { AppRouter } from '@feedloom/gateway'`). */
export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
/** Replies of the streaming upload routes (POST /upload/<name>, transfer.ts), for the web's upload helper. */
export type { TDownloadName, TUploadData, TUploadName } from '../transfer';
