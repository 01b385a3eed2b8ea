import { accountContract } from './account';
import { auditContract } from './audit';
import { authContract } from './auth';
import { catalogChannelsContract } from './catalog-channels';
import { channelWizardContract } from './channel-wizard';
import { channelsContract } from './channels';
import { dashboardContract } from './dashboard';
import { dataSourcesContract } from './data-sources';
import { feedsContract } from './feeds';
import { healthContract } from './health';
import { invitationsContract } from './invitations';
import { notificationsContract } from './notifications';
import { organizationsContract } from './organizations';
import { productsContract } from './products';
import { productsBulkContract } from './products-bulk';
import { profileContract } from './profile';
import { shopsContract } from './shops';
import { referenceContract } from './reference';
import { rolesContract } from './roles';
import { staffContract } from './staff';

export * from './account';
export * from './audit';
export * from './auth';
export * from './catalog-channels';
export * from './channel-wizard';
export * from './channels';
export * from './dashboard';
export * from './data-sources';
export * from './endpoint';
export * from './feeds';
export * from './envelope';
export * from './health';
export * from './invitations';
export * from './notifications';
export * from './organizations';
export * from './products';
export * from './products-bulk';
export * from './profile';
export * from './shops';
export * from './reference';
export * from './roles';
export * from './staff';

/** Every endpoint of the private API v1, by area. The api registers exactly these; the gateway calls them. */
export const contract = {
  account: accountContract,
  profile: profileContract,
  auth: authContract,
  health: healthContract,
  organizations: organizationsContract,
  shops: shopsContract,
  invitations: invitationsContract,
  staff: staffContract,
  roles: rolesContract,
  audit: auditContract,
  reference: referenceContract,
  dataSources: dataSourcesContract,
  products: productsContract,
  channels: { ...channelsContract, ...catalogChannelsContract },
  notifications: notificationsContract,
  dashboard: dashboardContract,
  productsBulk: productsBulkContract,
  channelWizard: channelWizardContract,
  feeds: feedsContract,
} as const;

export const API_PREFIX = '/api/v1';
