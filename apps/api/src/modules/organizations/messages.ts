/** Messages of the organisation endpoints (shown to the user as they are). */
export const ORGANIZATION_MSG = {
  created: 'Organisation created successfully.',
  updated: 'Organisation updated successfully.',
  switched: 'Organisation switched successfully.',
  notFound: 'Organisation not found.',
  ownerOnly: 'Only the organisation owner can view or change its settings.',
} as const;
