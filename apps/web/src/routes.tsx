import { CHANNELS } from '@feedloom/validation';
import { lazy, type ComponentType } from 'react';
import type { AppRoute } from '@/app/route-types';

/**
 * The route table, in one place. Every path of the spec is here with:
 * - `scope`: which set it belongs to (who may see it; the guards in app/route-access.ts read it);
 * - `permission`: the module permission that guards it (plain = read, `_manage` = write);
 *   routes without one are open to any logged-in user of the right scope;
 * - `screen`: a lazy screen (code-split). Screens a later issue builds render "Coming soon".
 * Add a screen by replacing its `comingSoon(...)` with `screen(() => import(...), 'NamedExport')`.
 */

export type { AppRoute, RouteScope } from '@/app/route-types';

/** A code-split screen from a named export. */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string) {
  return lazy(async () => {
    const module = await load();
    return { default: module[exportName] as ComponentType };
  });
}

const ComingSoonScreen = lazy(async () => {
  const module = await import('@/features/system/coming-soon-screen');
  return { default: module.ComingSoonScreen };
});

/** Placeholder for a screen that a later issue builds: the route exists and is guarded. */
function comingSoon(description: string): ComponentType {
  function ComingSoonRoute() {
    return <ComingSoonScreen description={description} />;
  }
  return ComingSoonRoute;
}

const TargetMarketScreen = screen(() => import('@/features/channels/target-market-screen'), 'TargetMarketScreen');

const channelParams = { channel: CHANNELS } as const;

export const ROUTES: readonly AppRoute[] = [
  // ── Logged out ──────────────────────────────────────────────────────────────
  {
    id: 'login',
    path: '/login',
    scope: 'logged-out',
    title: 'Sign In',
    screen: screen(() => import('@/features/auth/login-screen'), 'LoginScreen'),
  },
  {
    id: 'signup',
    path: '/signup',
    scope: 'logged-out',
    title: 'Create your account',
    screen: screen(() => import('@/features/auth/signup-screen'), 'SignupScreen'),
  },
  {
    id: 'forgot-password',
    path: '/forgot-password',
    scope: 'logged-out',
    title: 'Forgot password',
    screen: screen(() => import('@/features/auth/forgot-password-screen'), 'ForgotPasswordScreen'),
  },
  {
    id: 'invitation-signup',
    path: '/invitation-signup/:orgId/:staffId',
    scope: 'logged-out',
    title: 'Join your team',
    screen: screen(() => import('@/features/auth/invitation-signup-screen'), 'InvitationSignupScreen'),
  },
  {
    id: 'confirm-otp',
    path: '/confirm-otp/:email/:user_id',
    scope: 'logged-out',
    title: 'Verify your email',
    screen: screen(() => import('@/features/auth/confirm-otp-screen'), 'ConfirmOtpScreen'),
  },
  {
    id: 'create-password',
    path: '/create-password/:email/:user_id/:token',
    scope: 'logged-out',
    title: 'Create your password',
    screen: screen(() => import('@/features/auth/create-password-screen'), 'CreatePasswordScreen'),
  },
  {
    id: 'reset-password',
    path: '/reset-password/:token',
    scope: 'logged-out',
    title: 'Reset password',
    screen: screen(() => import('@/features/auth/reset-password-screen'), 'ResetPasswordScreen'),
  },

  // ── Always available ────────────────────────────────────────────────────────
  {
    id: 'page-not-found',
    path: '/page-not-found',
    scope: 'always',
    title: 'Page not found',
    screen: screen(() => import('@/features/system/not-found-screen'), 'NotFoundScreen'),
  },
  {
    id: 'oauth-callback',
    path: '/oauth/callback',
    scope: 'always',
    title: 'Signing you in',
    screen: screen(() => import('@/features/auth/oauth-callback-screen'), 'OAuthCallbackScreen'),
  },
  {
    id: 'invitation',
    path: '/invitation/:orgId/:staffId',
    scope: 'always',
    title: 'Invitation',
    screen: screen(() => import('@/features/organizations/invitation-screen'), 'InvitationScreen'),
  },

  // ── Signed in, with or without an organisation ──────────────────────────────
  {
    id: 'complete-profile',
    path: '/complete-profile',
    scope: 'account',
    title: 'Complete your profile',
    hideBanner: true,
    screen: screen(() => import('@/features/profile/complete-profile-screen'), 'CompleteProfileScreen'),
  },
  {
    id: 'manage-profile',
    path: '/manage-profile',
    scope: 'account',
    title: 'Profile',
    hideBanner: true,
    screen: screen(() => import('@/features/profile/manage-profile-screen'), 'ManageProfileScreen'),
  },
  {
    id: 'create-org',
    path: '/create-org',
    scope: 'account',
    title: 'Create organisation',
    hideBanner: true,
    screen: screen(() => import('@/features/organizations/organization-settings-screen'), 'CreateOrgScreen'),
  },
  {
    id: 'update-org',
    path: '/update-org',
    scope: 'account',
    title: 'Organisation Settings',
    screen: screen(() => import('@/features/organizations/organization-settings-screen'), 'UpdateOrgScreen'),
  },

  // ── Signed in without an organisation ───────────────────────────────────────
  {
    id: 'process-org',
    path: '/process-org',
    scope: 'no-org',
    title: 'How Would You Like to Proceed?',
    hideBanner: true,
    screen: screen(() => import('@/features/organizations/process-org-screen'), 'ProcessOrgScreen'),
  },

  // ── Signed in with an organisation: shops ───────────────────────────────────
  {
    id: 'store-list',
    path: '/store-list',
    scope: 'org',
    permission: 'store_management',
    title: 'Stores',
    screen: screen(() => import('@/features/shops/shop-list-screen'), 'ShopListScreen'),
  },
  {
    id: 'store-detail',
    path: '/store-list/:shop_id',
    scope: 'org',
    permission: 'store_management',
    title: 'Store details',
    screen: screen(() => import('@/features/shops/shop-detail-screen'), 'ShopDetailScreen'),
  },
  {
    id: 'store-edit',
    path: '/store-list/edit/:shop_id',
    scope: 'org',
    permission: 'store_management_manage',
    title: 'Edit store',
    hideBanner: true,
    screen: screen(() => import('@/features/shops/shop-form-screens'), 'EditShopScreen'),
  },
  {
    id: 'add-store',
    path: '/add-store',
    scope: 'org',
    permission: 'store_management_manage',
    title: 'Add store',
    hideBanner: true,
    screen: screen(() => import('@/features/shops/shop-form-screens'), 'AddShopScreen'),
  },
  {
    id: 'sync-shop',
    path: '/sync-shop/:shop_id',
    scope: 'org',
    permission: 'store_management',
    title: 'Channels',
    screen: screen(() => import('@/features/channels/sync-shop-screen'), 'SyncShopScreen'),
  },
  {
    id: 'feed-configs',
    path: '/feed-configs',
    scope: 'org',
    permission: 'product_and_promotions_feed',
    title: 'Feed configurations',
    screen: screen(() => import('@/features/feeds/feed-configs-screen'), 'FeedConfigsScreen'),
  },
  {
    id: 'overview',
    path: '/overview/:shop_id',
    scope: 'org',
    permission: 'store_management',
    title: 'Overview',
    screen: screen(() => import('@/features/shops/overview-screen'), 'OverviewScreen'),
  },

  // ── Channel and integration callbacks ───────────────────────────────────────
  {
    id: 'google-callback',
    path: '/google-callback',
    scope: 'org',
    permission: 'store_management_manage',
    title: 'Connecting Google',
    screen: screen(() => import('@/features/channels/google-callback-screen'), 'GoogleCallbackScreen'),
  },
  {
    id: 'microsoft-callback',
    path: '/microsoft-callback',
    scope: 'org',
    permission: 'store_management_manage',
    title: 'Connecting Microsoft',
    screen: screen(() => import('@/features/channels/bing-screens'), 'BingCallbackScreen'),
  },
  {
    id: 'facebook-callback',
    path: '/facebook-callback',
    scope: 'org',
    permission: 'store_management_manage',
    title: 'Connecting Meta',
    screen: screen(() => import('@/features/channels/facebook-screens'), 'FacebookCallbackScreen'),
  },
  {
    id: 'order-tracking-callback',
    path: '/order-tracking-callback',
    scope: 'org',
    permission: 'store_management_manage',
    title: 'Connecting order tracking',
    screen: comingSoon('Connecting the order-tracking integration will finish here.'),
  },

  // ── Verification steps ──────────────────────────────────────────────────────
  {
    id: 'destination-validation',
    path: '/destination-validation/:shop_id',
    scope: 'org',
    permission: 'store_management_manage',
    title: 'Destination validation',
    screen: screen(
      () => import('@/features/channels/destination-validation-screen'),
      'DestinationValidationScreen',
    ),
  },
  {
    id: 'domain-verification',
    path: '/domain-verification/:shop_id',
    scope: 'org',
    permission: 'store_management_manage',
    title: 'Domain verification',
    screen: screen(
      () => import('@/features/channels/domain-verification-screen'),
      'DomainVerificationScreen',
    ),
  },
  {
    id: 'domain-verification-bing',
    path: '/domain-verification/:shop_id/bing',
    scope: 'org',
    permission: 'store_management_manage',
    title: 'Domain verification',
    screen: screen(() => import('@/features/channels/bing-screens'), 'BingDomainVerificationScreen'),
  },
  {
    id: 'verification-method',
    path: '/verification-method/:shop_id',
    scope: 'org',
    permission: 'store_management_manage',
    title: 'Verification method',
    screen: screen(
      () => import('@/features/channels/domain-verification-screen'),
      'VerificationMethodScreen',
    ),
  },
  {
    id: 'shipping-validation',
    path: '/shipping-validation/:shop_id',
    scope: 'org',
    permission: 'store_management_manage',
    title: 'Shipping validation',
    screen: screen(
      () => import('@/features/channels/shipping-validation-screen'),
      'ShippingValidationScreen',
    ),
  },

  // ── Automated rules ─────────────────────────────────────────────────────────
  {
    id: 'automated-rules',
    path: '/automated-rules',
    scope: 'org',
    permission: 'product_and_promotions_feed',
    title: 'Automated rules',
    screen: comingSoon('Rules that change your products automatically will be listed here.'),
  },
  {
    id: 'automated-rules-create',
    path: '/automated-rules/create',
    scope: 'org',
    permission: 'product_and_promotions_feed_manage',
    title: 'Create rule',
    screen: comingSoon('You will be able to create an automated feed rule here.'),
  },
  {
    id: 'automated-rules-create-field',
    path: '/automated-rules/create/:field_name',
    scope: 'org',
    permission: 'product_and_promotions_feed_manage',
    title: 'Create rule',
    screen: comingSoon('You will be able to create an automated rule for this field here.'),
  },

  // ── Promotions ──────────────────────────────────────────────────────────────
  {
    id: 'promotions',
    path: '/promotions',
    scope: 'org',
    permission: 'product_and_promotions_feed',
    title: 'Promotions',
    screen: comingSoon('Your promotions and discounts will be listed here.'),
  },
  {
    id: 'promotions-create',
    path: '/promotions/create',
    scope: 'org',
    permission: 'product_and_promotions_feed_manage',
    title: 'Create promotion',
    screen: comingSoon('You will be able to create a promotion here.'),
  },
  {
    id: 'promotions-edit',
    path: '/promotions/edit/:id',
    scope: 'org',
    permission: 'product_and_promotions_feed_manage',
    title: 'Edit promotion',
    screen: comingSoon('You will be able to edit this promotion here.'),
  },

  // ── Products ────────────────────────────────────────────────────────────────
  {
    id: 'manage-products',
    path: '/manage-products',
    scope: 'org',
    permission: 'product_and_promotions_feed',
    title: 'Products',
    screen: screen(() => import('@/features/products/products-screen'), 'ProductsScreen'),
  },
  {
    id: 'product-detail',
    path: '/manage-products/detail/:product_id',
    scope: 'org',
    permission: 'product_and_promotions_feed',
    title: 'Product details',
    hideBanner: true,
    screen: screen(() => import('@/features/products/product-detail-screen'), 'ProductDetailScreen'),
  },

  // ── Data ────────────────────────────────────────────────────────────────────
  {
    id: 'data-source',
    path: '/data-source/:shop_id',
    scope: 'org',
    permission: 'data_source_management',
    title: 'Data source',
    screen: screen(() => import('@/features/data-sources/data-sources-screen'), 'ShopDataSourcesScreen'),
  },
  {
    id: 'data-sources',
    path: '/data-sources',
    scope: 'org',
    permission: 'data_source_management',
    title: 'Data sources',
    screen: screen(() => import('@/features/data-sources/data-sources-screen'), 'DataSourcesScreen'),
  },
  {
    // API credentials give programmatic write access to the organisation's shops.
    id: 'app-creds',
    path: '/app-creds',
    scope: 'org',
    permission: 'store_management_manage',
    title: 'API credentials',
    screen: comingSoon('Your API applications and their client secrets will be managed here.'),
  },

  // ── Other ───────────────────────────────────────────────────────────────────
  {
    id: 'notifications',
    path: '/notifications',
    scope: 'org',
    title: 'Notifications',
    hideBanner: true,
    screen: screen(() => import('@/features/notifications/notifications-screen'), 'NotificationsScreen'),
  },
  {
    id: 'dashboard',
    path: '/dashboard',
    scope: 'org',
    permission: 'product_and_promotions_feed',
    title: 'Dashboard',
    screen: screen(() => import('@/features/dashboard/dashboard-screen'), 'DashboardScreen'),
  },

  // ── Users and roles ─────────────────────────────────────────────────────────
  {
    id: 'users-list',
    path: '/users-list',
    scope: 'org',
    permission: 'user_management',
    title: 'Users',
    hideBanner: true,
    screen: screen(() => import('@/features/staff/users-list-screen'), 'UsersListScreen'),
  },
  {
    id: 'users-invite',
    path: '/users-list/invite',
    scope: 'org',
    permission: 'user_management_manage',
    title: 'Invite user',
    hideBanner: true,
    screen: screen(() => import('@/features/staff/invite-screens'), 'InviteUserScreen'),
  },
  {
    id: 'users-edit-invite',
    path: '/users-list/edit-invite/:staffId',
    scope: 'org',
    permission: 'user_management_manage',
    title: 'Edit invitation',
    hideBanner: true,
    screen: screen(() => import('@/features/staff/invite-screens'), 'EditInviteScreen'),
  },
  {
    id: 'roles-list',
    path: '/roles-list',
    scope: 'org',
    permission: 'user_management',
    title: 'Roles',
    hideBanner: true,
    screen: screen(() => import('@/features/roles/roles-list-screen'), 'RolesListScreen'),
  },

  // ── Per-channel routes (google, bing, facebook) ─────────────────────────────
  {
    id: 'link-account',
    path: '/link-account/:channel/:shop_id',
    scope: 'org',
    permission: 'store_management_manage',
    paramValues: channelParams,
    title: 'Link account',
    screen: screen(() => import('@/features/channels/link-account-screen'), 'LinkAccountScreen'),
  },
  {
    id: 'link-account-edit',
    path: '/link-account/:channel/edit/:shop_id',
    scope: 'org',
    permission: 'store_management_manage',
    paramValues: channelParams,
    title: 'Edit linked account',
    screen: screen(() => import('@/features/channels/link-account-screen'), 'LinkAccountScreen'),
  },
  {
    id: 'sync-shop-channel',
    path: '/sync-shop/:channel/:shop_id',
    scope: 'org',
    permission: 'store_management',
    paramValues: channelParams,
    title: 'Channel syncs',
    screen: screen(() => import('@/features/feeds/channel-sync-screen'), 'ChannelSyncScreen'),
  },
  {
    id: 'target-market',
    path: '/target-market/:shop_id/:channel',
    scope: 'org',
    permission: 'store_management_manage',
    paramValues: channelParams,
    title: 'Target market',
    screen: TargetMarketScreen,
  },
  {
    id: 'target-market-edit',
    path: '/target-market/edit/:shop_id/:channel',
    scope: 'org',
    permission: 'store_management_manage',
    paramValues: channelParams,
    title: 'Edit target market',
    screen: TargetMarketScreen,
  },
  {
    id: 'channel-feed-config',
    path: '/:channel/feed-config/:shop_id',
    scope: 'org',
    permission: 'store_management_manage',
    paramValues: channelParams,
    title: 'Feed configuration',
    // One screen for every channel: it reads the channel from the address.
    screen: screen(() => import('@/features/feeds/feed-config-screen'), 'FeedConfigScreen'),
  },
];
