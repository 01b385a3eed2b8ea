/** Messages of the shop endpoints (shown to the user as they are). */
export const SHOP_MSG = {
  created: 'Store added successfully.',
  updated: 'Store updated successfully.',
  deleted: 'Store deleted successfully.',
  reactivated: 'Store reactivated successfully.',
  activeChanged: 'Active store changed.',
  notFound: 'Store not found.',
  alreadyDeleted: 'This store is already deleted.',
  alreadyActive: 'This store is already active.',
  deletedNotEditable: 'Reactivate this store before editing it.',
  duplicateUrl: 'A store with this URL already exists in your organisation.',
} as const;
