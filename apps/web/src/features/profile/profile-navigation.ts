import { paths } from '@/app/paths';
import type { SessionInfo } from '@/lib/trpc';

/**
 * Profile completion, after a successful save: /store-list in an organisation with at least one
 * shop, /add-store in an organisation without shops, /process-org when not part of any organisation.
 */
export function profileSavedPath(session: Pick<SessionInfo, 'is_part_of_any_org' | 'shops_count'>): string {
  if (!session.is_part_of_any_org) return paths.processOrg;
  return session.shops_count > 0 ? paths.storeList : paths.addStore;
}

/** Profile update messages. */
export const PROFILE_MSG = {
  saved: 'Profile updated successfully',
  failed: 'Failed to update profile',
  exception: 'An error occurred while updating the profile',
} as const;
