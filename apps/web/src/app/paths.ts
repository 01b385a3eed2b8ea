import type { TChannelKey } from '@feedloom/validation';

/**
 * Every path as the screens link to it: a constant for a fixed path, a builder for one with
 * parameters (encoded here, once). It imports nothing of the routes or the features, so any screen may use it
 * without an import circle through routes.tsx; paths.test.ts checks that each one is a route of the table.
 */
const seg = encodeURIComponent;

export const paths = {
  // Logged out
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  invitationSignup: (orgId: string, staffId: string) => `/invitation-signup/${seg(orgId)}/${seg(staffId)}`,
  confirmOtp: (email: string, userId: string) => `/confirm-otp/${seg(email)}/${seg(userId)}`,
  createPassword: (email: string, userId: string, token: string) =>
    `/create-password/${seg(email)}/${seg(userId)}/${seg(token)}`,
  resetPassword: (token: string) => `/reset-password/${seg(token)}`,
  // Always
  notFound: '/page-not-found',
  oauthCallback: '/oauth/callback',
  invitation: (orgId: string, staffId: string) => `/invitation/${seg(orgId)}/${seg(staffId)}`,
  // Account
  completeProfile: '/complete-profile',
  manageProfile: '/manage-profile',
  createOrg: '/create-org',
  updateOrg: '/update-org',
  processOrg: '/process-org',
  // Shops
  storeList: '/store-list',
  shopDetail: (shopId: string) => `/store-list/${seg(shopId)}`,
  shopEdit: (shopId: string) => `/store-list/edit/${seg(shopId)}`,
  addStore: '/add-store',
  syncShop: (shopId: string) => `/sync-shop/${seg(shopId)}`,
  feedConfigs: '/feed-configs',
  overview: (shopId: string) => `/overview/${seg(shopId)}`,
  // Channel and integration callbacks
  googleCallback: '/google-callback',
  microsoftCallback: '/microsoft-callback',
  facebookCallback: '/facebook-callback',
  orderTrackingCallback: '/order-tracking-callback',
  // Verification steps
  destinationValidation: (shopId: string) => `/destination-validation/${seg(shopId)}`,
  domainVerification: (shopId: string) => `/domain-verification/${seg(shopId)}`,
  domainVerificationBing: (shopId: string) => `/domain-verification/${seg(shopId)}/bing`,
  verificationMethod: (shopId: string) => `/verification-method/${seg(shopId)}`,
  shippingValidation: (shopId: string) => `/shipping-validation/${seg(shopId)}`,
  // Rules, promotions, products, data
  automatedRules: '/automated-rules',
  automatedRulesCreate: '/automated-rules/create',
  automatedRulesCreateField: (fieldName: string) => `/automated-rules/create/${seg(fieldName)}`,
  promotions: '/promotions',
  promotionsCreate: '/promotions/create',
  promotionsEdit: (id: string) => `/promotions/edit/${seg(id)}`,
  manageProducts: '/manage-products',
  productDetail: (productId: string) => `/manage-products/detail/${seg(productId)}`,
  dataSource: (shopId: string) => `/data-source/${seg(shopId)}`,
  dataSources: '/data-sources',
  appCreds: '/app-creds',
  // Other
  notifications: '/notifications',
  dashboard: '/dashboard',
  usersList: '/users-list',
  usersInvite: '/users-list/invite',
  usersEditInvite: (staffId: string) => `/users-list/edit-invite/${seg(staffId)}`,
  rolesList: '/roles-list',
  // Per channel
  linkAccount: (channel: TChannelKey, shopId: string) => `/link-account/${channel}/${seg(shopId)}`,
  linkAccountEdit: (channel: TChannelKey, shopId: string) => `/link-account/${channel}/edit/${seg(shopId)}`,
  syncShopChannel: (channel: TChannelKey, shopId: string) => `/sync-shop/${channel}/${seg(shopId)}`,
  targetMarket: (shopId: string, channel: TChannelKey) => `/target-market/${seg(shopId)}/${channel}`,
  targetMarketEdit: (shopId: string, channel: TChannelKey) => `/target-market/edit/${seg(shopId)}/${channel}`,
  channelFeedConfig: (channel: TChannelKey, shopId: string) => `/${channel}/feed-config/${seg(shopId)}`,
} as const;
