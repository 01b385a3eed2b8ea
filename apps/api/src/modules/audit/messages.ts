/** Messages of the activity log. */
export const AUDIT_MSG = {
  ownerOnly: 'Only the organisation owner can see the activity log.',
} as const;
