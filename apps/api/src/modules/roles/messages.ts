/** Messages of the roles endpoints (shown to the user as they are). */
export const ROLE_MSG = {
  created: 'Role created successfully.',
  updated: 'Role updated successfully.',
  deleted: 'Role deleted successfully.',
  notFound: 'Role not found.',
  duplicateName: 'A role with this name already exists.',
  predefinedReadOnly: 'Predefined roles cannot be changed or deleted.',
  inUse: (emails: readonly string[]) =>
    `This role is used by ${emails.length === 1 ? emails[0] : `${emails.length} people (${emails.join(', ')})`}. Give ${emails.length === 1 ? 'them' : 'each of them'} another role before deleting it.`,
} as const;
