import { accountContract } from './account';
import { authContract } from './auth';
import { healthContract } from './health';
import { invitationsContract, staffContract } from './invitations';
import { organizationsContract } from './organizations';
import { shopsContract } from './shops';
import { referenceContract } from './reference';

export * from './account';
export * from './auth';
export * from './endpoint';
export * from './envelope';
export * from './health';
export * from './invitations';
export * from './organizations';
export * from './shops';
export * from './reference';

/** Every endpoint of the private API v1, by area. The api registers exactly these; the gateway calls them. */
export const contract = {
  account: accountContract,
  auth: authContract,
  health: healthContract,
  organizations: organizationsContract,
  shops: shopsContract,
  invitations: invitationsContract,
  staff: staffContract,
  reference: referenceContract,
} as const;

export const API_PREFIX = '/api/v1';
