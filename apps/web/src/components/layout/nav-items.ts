import {
  BadgePercent,
  Bell,
  Database,
  KeyRound,
  LayoutDashboard,
  Package,
  RefreshCw,
  ShieldCheck,
  Store as StoreIcon,
  SlidersHorizontal,
  Store,
  Users,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { CHANNEL_LABELS, CHANNELS } from '@feedloom/validation';
import { paths } from '@/app/paths';
import { isAdminExcludedPath, resolveAccess, type AccessSession } from '@/app/route-access';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown but not usable (a feature switched off for this organisation, say). */
  disabled?: boolean;
}

/**
 * The sidebar. An item's module permission is its route's (routes.tsx), so the sidebar and the guards
 * never disagree: store_management, data_source_management, product_and_promotions_feed, and
 * user_management for the staff pages.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
  { label: 'Stores', to: '/store-list', icon: Store },
  { label: 'Products', to: '/manage-products', icon: Package },
  { label: 'Data sources', to: '/data-sources', icon: Database },
  { label: 'Feed configurations', to: '/feed-configs', icon: SlidersHorizontal },
  { label: 'Automated rules', to: '/automated-rules', icon: Workflow },
  { label: 'Promotions', to: '/promotions', icon: BadgePercent },
  { label: 'Notifications', to: '/notifications', icon: Bell },
  { label: 'Users', to: '/users-list', icon: Users },
  { label: 'Roles', to: '/roles-list', icon: ShieldCheck },
  { label: 'API credentials', to: '/app-creds', icon: KeyRound },
];

/** The active store's own entries: its overview, then each channel's syncs. */
export const shopNavItems = (shopId: string): NavItem[] => [
  { label: 'Store overview', to: paths.overview(shopId), icon: StoreIcon },
  ...CHANNELS.map((channel) => ({
    label: `${CHANNEL_LABELS[channel]} syncs`,
    to: paths.syncShopChannel(channel, shopId),
    icon: RefreshCw,
  })),
];

export type NavItemState = 'enabled' | 'disabled' | 'hidden';

/**
 * - no permission for the item's module → hidden;
 * - an admin-excluded path for an admin → hidden (the route does not exist for them);
 * - not reachable yet (no organisation, no profile) or `disabled` → shown disabled;
 * - else enabled.
 */
export function navItemState(session: AccessSession, item: NavItem): NavItemState {
  if (session.is_admin && isAdminExcludedPath(item.to)) return 'hidden';
  const access = resolveAccess(session, item.to);
  if (access.kind === 'unauthorized') return 'hidden';
  if (access.kind === 'redirect' || item.disabled) return 'disabled';
  return 'enabled';
}
