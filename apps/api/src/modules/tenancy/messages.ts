/** Refusals of the grant rules: what the caller tried and why they may not. */
export const TENANCY_MSG = {
  storeNotFound: 'Store not found.',
  adminRoleNeedsAdmin: 'Only the organisation owner or an admin can grant the Admin role.',
  entireOrganizationNeedsAdmin:
    'Only the organisation owner or an admin can give access to the entire organisation. Select the stores instead.',
  permissionsBeyondOwn: 'You can only grant permissions you hold yourself.',
  shopsBeyondOwn: 'You can only grant access to stores you can access yourself.',
  memberBeyondOwn:
    'This member has access beyond your own. Only the organisation owner or an admin can change or remove them.',
  ownerUntouchable: 'The organisation owner cannot be changed or removed.',
  roleBeyondOwn:
    'Only the organisation owner, or someone who manages users for the entire organisation and holds every permission of this role, can change or delete it.',
} as const;
