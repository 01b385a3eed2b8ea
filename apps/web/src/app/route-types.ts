import type { TPermission } from '@feedloom/validation';
import type { ComponentType } from 'react';

// The shape of an entry of the route table (routes.tsx), apart from the table so the app's own hooks can name it.

/**
 * - `logged-out`: only without a session (a signed-in user is sent to the default landing).
 * - `always`: with or without a session.
 * - `account`: signed in, with or without an organisation.
 * - `no-org`: signed in without an organisation (only /process-org).
 * - `org`: signed in and part of an organisation.
 */
export type RouteScope = 'logged-out' | 'always' | 'account' | 'no-org' | 'org';

export interface AppRoute {
  /** Stable id, also the react-router route id. */
  id: string;
  /** react-router path pattern. */
  path: string;
  scope: RouteScope;
  permission?: TPermission;
  /** Document title and the heading of a "Coming soon" screen. */
  title: string;
  /** Layout: the notification banner is hidden on these screens. */
  hideBanner?: boolean;
  /** Path parameters limited to known values (a channel); anything else is an unknown path. */
  paramValues?: Readonly<Record<string, readonly string[]>>;
  screen: ComponentType;
}
