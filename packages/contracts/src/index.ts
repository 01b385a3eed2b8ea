import { accountContract } from './account';
import { authContract } from './auth';
import { channelsContract } from './channels';
import { dataSourcesContract } from './data-sources';
import { healthContract } from './health';
import { invitationsContract } from './invitations';
import { organizationsContract } from './organizations';
import { profileContract } from './profile';
import { shopsContract } from './shops';
import { referenceContract } from './reference';
import { staffContract } from './staff';

export * from './account';
export * from './auth';
export * from './channels';
export * from './data-sources';
export * from './endpoint';
export * from './envelope';
export * from './health';
export * from './invitations';
export * from './organizations';
export * from './profile';
export * from './shops';
export * from './reference';
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
  reference: referenceContract,
  dataSources: dataSourcesContract,
  channels: channelsContract,
} as const;

export const API_PREFIX = '/api/v1';
