import { useMatches } from 'react-router-dom';
import type { AppRoute } from './route-types';

export interface RouteHandle {
  appRoute: AppRoute;
}

/** The table entry of the route being shown (for the layout: banner, title). */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.appRoute) return handle.appRoute;
  }
  return undefined;
}
