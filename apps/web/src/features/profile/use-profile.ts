import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '@/components/ui/snackbar';
import { endSession, useSessionActions } from '@/features/auth/use-session';
import { classifyApiError, errorCodeOf } from '@/lib/api-errors';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { raiseUnauthorized } from '@/lib/unauthorized';
import { PROFILE_MSG } from './profile-navigation';

export type Profile = RouterOutputs['profile']['get'];
export type ProfileSaveResult = RouterOutputs['profile']['update'];

/** Reference lists change rarely: fetched once per page load. */
const LIST_OPTIONS = { staleTime: Infinity, gcTime: Infinity } as const;

/**
 * Everything the profile form shows: the profile and the lists it chooses from. Spec §8: profile load
 * failures are not surfaced (the form stays in its loading state; a retry happens on the next visit).
 */
export function useProfileFormData() {
  const profile = trpc.profile.get.useQuery(undefined, { meta: { silentError: true } });
  const countryCodes = trpc.profile.countryCodes.useQuery(undefined, LIST_OPTIONS);
  const timezones = trpc.profile.timezones.useQuery(undefined, LIST_OPTIONS);
  const languages = trpc.profile.languages.useQuery(undefined, LIST_OPTIONS);
  if (!profile.data || !countryCodes.data || !timezones.data || !languages.data) return null;
  return {
    profile: profile.data,
    countryCodes: countryCodes.data,
    timezones: timezones.data,
    languages: languages.data,
  };
}
export type ProfileFormData = NonNullable<ReturnType<typeof useProfileFormData>>;

/** Spec §8 profile update failure text: the server message, else 'Failed to update profile'; no answer at all is an exception. */
export function profileErrorMessage(error: unknown): string {
  if (!errorCodeOf(error)) return PROFILE_MSG.exception;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : PROFILE_MSG.failed;
}

/**
 * For calls that show their own failure text (spec §8 profile messages, errors inside a dialog): the
 * global policy for FORBIDDEN and an expired session, `show(message)` for the rest.
 */
export function useOwnErrorHandler() {
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  return (error: unknown, procedurePath: string, show: (message: string) => void) => {
    const action = classifyApiError(error, procedurePath);
    if (action.kind === 'ignore') return;
    if (action.kind === 'forbidden') return raiseUnauthorized(action.message);
    if (action.kind === 'session-gone') {
      endSession(queryClient);
      return snackbar.show(action.message, 'error');
    }
    show(action.message);
  };
}

/**
 * Saves the profile: the session takes the reply's fields (name, picture, profile_created), the snackbar
 * shows the server message or 'Profile updated successfully' (spec §8), then `onSaved`.
 */
export function useSaveProfile(onSaved?: (result: ProfileSaveResult) => void) {
  const snackbar = useSnackbar();
  const handleError = useOwnErrorHandler();
  const { update } = useSessionActions();
  const utils = trpc.useUtils();
  return trpc.profile.update.useMutation({
    // Its failure texts differ from the global ones (spec §8), so this mutation reports its own errors.
    meta: { silentError: true },
    onSuccess: (result) => {
      update(result.session);
      utils.profile.get.setData(undefined, result.profile);
      snackbar.show(result.message || PROFILE_MSG.saved, 'success');
      onSaved?.(result);
    },
    onError: (error) =>
      handleError(error, 'profile.update', () => snackbar.show(profileErrorMessage(error), 'error')),
  });
}
