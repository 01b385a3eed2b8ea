import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { router } from './init';
import { authRouter } from './routers/auth';
import { orgsRouter } from './routers/orgs';
import { profileRouter } from './routers/profile';
import { shopsRouter } from './routers/shops';
import { staffRouter } from './routers/staff';

/** Every router of the design card lands here as its issue comes (orgs, shops, channels, products, …). */
export const appRouter = router({
  auth: authRouter,
  orgs: orgsRouter,
  profile: profileRouter,
  shops: shopsRouter,
  staff: staffRouter,
});

/** The web imports these as types only (`import type { AppRouter } from '@feedloom/gateway'`). */
export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
