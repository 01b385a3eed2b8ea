import { authContract } from './auth';
import { healthContract } from './health';

export * from './auth';
export * from './endpoint';
export * from './envelope';
export * from './health';

/** Every endpoint of the private API v1, by area. The api registers exactly these; the gateway calls them. */
export const contract = {
  auth: authContract,
  health: healthContract,
} as const;

export const API_PREFIX = '/api/v1';
