import type { TProfileInput } from '@feedloom/validation';
import { useMutation } from '@tanstack/react-query';
import { snackbar, useSnackbar } from '@/components/ui/snackbar';
import { useSessionActions } from '@/features/auth/use-session';
import { errorCodeOf } from '@/lib/api-errors';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { uploadForm, type UploadReply } from '@/lib/upload';
import { useServerErrors, type ServerErrorForm } from '@/lib/use-server-errors';
import { PROFILE_MSG } from './profile-navigation';

export type Profile = RouterOutputs['profile']['get'];
export type ProfileSaveResult = UploadReply<'profile'>['data'] & { message: string };

/** The form as POST /upload/profile takes it: a picture File, '' to remove it, absent to keep it. */
export type ProfileSaveInput = Omit<TProfileInput, 'profile_picture'> & { profile_picture?: File | '' };

/** The profile form as multipart parts: text fields, and the picture as a file part. */
export function profileFormData(input: ProfileSaveInput): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    if (value instanceof File) form.append(key, value, value.name);
    else form.append(key, String(value));
  }
  return form;
}

/** Reference lists change rarely: fetched once per page load. */
const LIST_OPTIONS = { staleTime: Infinity, gcTime: Infinity } as const;

/**
 * Everything the profile form shows: the profile and the lists it chooses from. profile load
 * failures are not surfaced (the form stays in its loading state; a retry happens on the next visit).
 */
export function useProfileFormData() {
  const profile = trpc.profile.get.useQuery(undefined, { meta: { silentError: true } });
  const countryCodes = trpc.reference.countryCodes.useQuery(undefined, LIST_OPTIONS);
  const timezones = trpc.reference.timezones.useQuery(undefined, LIST_OPTIONS);
  const languages = trpc.reference.languages.useQuery(undefined, LIST_OPTIONS);
  if (!profile.data || !countryCodes.data || !timezones.data || !languages.data) return null;
  return {
    profile: profile.data,
    countryCodes: countryCodes.data,
    timezones: timezones.data,
    languages: languages.data,
  };
}
export type ProfileFormData = NonNullable<ReturnType<typeof useProfileFormData>>;

/** Profile update failure text: the server message, else 'Failed to update profile'; no answer at all is an exception. */
export function profileErrorMessage(error: unknown): string {
  if (!errorCodeOf(error)) return PROFILE_MSG.exception;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : PROFILE_MSG.failed;
}

const showProfileError = (_message: string, error: unknown) =>
  snackbar.show(profileErrorMessage(error), 'error');

/**
 * Saves the profile: the session takes the reply's fields (name, picture, profile_created), the snackbar
 * shows the server message or 'Profile updated successfully', then `onSaved`.
 */
export function useSaveProfile(
  form: ServerErrorForm<TProfileInput>,
  onSaved?: (result: ProfileSaveResult) => void,
) {
  const snackbar = useSnackbar();
  // Field errors go under their inputs; the rest with the profile's own texts.
  const serverErrors = useServerErrors(form, { show: showProfileError });
  const { update } = useSessionActions();
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: async (input: ProfileSaveInput): Promise<ProfileSaveResult> => {
      const { data, message } = await uploadForm('profile', profileFormData(input));
      return { ...data, message };
    },
    ...serverErrors,
    onSuccess: (result) => {
      update(result.session);
      utils.profile.get.setData(undefined, result.profile);
      snackbar.show(result.message || PROFILE_MSG.saved, 'success');
      onSaved?.(result);
    },
  });
}
