import { createContext, useContext } from 'react';
import type { SessionInfo } from '@/lib/trpc';
import { paths } from './paths';

/** The session fields the guards read. */
export type AccessSession = Pick<
  SessionInfo,
  'is_admin' | 'profile_created' | 'is_part_of_any_org' | 'active_shop_id' | 'permissions'
>;

export function isInOrganization(session: Pick<AccessSession, 'is_part_of_any_org'>): boolean {
  return session.is_part_of_any_org;
}

/** Not-found page: "Go Back" leads to /store-list in an organisation, else /process-org. */
export function notFoundBackPath(session: AccessSession | null): string {
  if (!session) return paths.login;
  return isInOrganization(session) ? paths.storeList : paths.processOrg;
}

export type LandingOf = (session: AccessSession | null) => string;

/**
 * The default landing (route-access.ts `defaultLanding`) for screens. It needs the route table, and the
 * route table loads the screens: the router provides it here so no screen imports routes.tsx back.
 */
export const LandingContext = createContext<LandingOf | null>(null);

export function useDefaultLanding(): LandingOf {
  const landingOf = useContext(LandingContext);
  if (!landingOf) throw new Error('useDefaultLanding needs the app router (LandingContext)');
  return landingOf;
}
