import { BUSINESS_TYPES, DEFAULT_PHONE_CODE, ZProfileSchema, type TProfileInput } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ReadOnlyField } from '@/components/form-fields/read-only-field';
import { SelectField } from '@/components/form-fields/select-field';
import { TextField } from '@/components/form-fields/text-field';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { initialsOf } from '@/components/layout/initials';
import { PhoneCodeField } from '@/features/reference/phone-code-select';
import { TimezoneField } from '@/features/reference/timezone-field';
import { NameFields } from './name-fields';
import { PhoneNumberField } from './phone-input';
import { PictureField, type PictureChange } from './picture-field';
import { useSaveProfile, type ProfileFormData, type ProfileSaveResult } from './use-profile';

const DEFAULT_LANGUAGE_ID = 'en';
const BUSINESS_TYPE_OPTIONS = BUSINESS_TYPES.map((type) => ({ value: type, label: type }));

/** The browser's own zone, when the list knows it: a sensible default for a new profile. */
function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The form's starting values: the saved profile, else defaults (+91, the browser's zone, English). */
export function initialProfileValues({ profile, timezones, languages }: ProfileFormData): TProfileInput {
  const zone =
    timezones.find((z) => z.name === profile.timezone) ??
    (profile.timezone ? undefined : timezones.find((z) => z.name === browserTimezone()));
  const language =
    languages.find((l) => l.id === profile.preferred_language_id) ??
    (profile.preferred_language_id ? undefined : languages.find((l) => l.id === DEFAULT_LANGUAGE_ID));
  return {
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    phone_code: profile.phone_code || DEFAULT_PHONE_CODE,
    phone_number: profile.phone_number ?? '',
    timezone: zone?.name ?? '',
    utc_offset: zone?.utc_offset ?? '',
    preferred_language: language?.name ?? '',
    preferred_language_id: language?.id ?? '',
    business_type: profile.business_type ?? '',
    other_business_type: profile.other_business_type ?? '',
  };
}

/**
 * The profile fields, shared by /complete-profile and the Basic Details tab of
 * /manage-profile. `variant` 'manage' adds the read-only email and the Login Services card slot.
 */
export function ProfileForm({
  data,
  variant,
  loginServices,
  onSaved,
}: {
  data: ProfileFormData;
  variant: 'complete' | 'manage';
  loginServices?: ReactNode;
  onSaved?: (result: ProfileSaveResult) => void;
}) {
  const { profile, timezones, languages } = data;
  const form = useForm({
    resolver: zodResolver(ZProfileSchema),
    defaultValues: initialProfileValues(data),
    // Save is disabled while the form is invalid, so say what is wrong as it is typed.
    mode: 'all',
  });
  const [picture, setPicture] = useState<PictureChange>({ kind: 'keep' });
  const [isUploading, setIsUploading] = useState(false);
  const save = useSaveProfile(form, (result) => {
    form.reset(initialProfileValues({ ...data, profile: result.profile }));
    setPicture({ kind: 'keep' });
    onSaved?.(result);
  });

  const languageOptions = useMemo(() => languages.map((l) => ({ value: l.id, label: l.name })), [languages]);
  const businessType = form.watch('business_type');
  const onSubmit = form.handleSubmit(({ profile_picture: _notAFormField, ...values }) => {
    const profilePicture = picture.kind === 'new' ? picture.file : picture.kind === 'remove' ? '' : undefined;
    save.mutate({ ...values, ...(profilePicture === undefined ? {} : { profile_picture: profilePicture }) });
  });
  const initials = initialsOf({
    first_name: form.watch('first_name') || profile.first_name,
    last_name: form.watch('last_name') || profile.last_name,
    email: profile.email,
  });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-6" onSubmit={(event) => void onSubmit(event)}>
        <PictureField
          currentUrl={profile.profile_picture_path}
          initials={initials}
          change={picture}
          onChange={setPicture}
          isUploading={isUploading}
          onUploadingChange={setIsUploading}
        />

        <NameFields control={form.control} />

        {variant === 'manage' ? <ReadOnlyField label="Email Address" value={profile.email} /> : null}

        <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <PhoneCodeField control={form.control} />
          <PhoneNumberField control={form.control} />
        </div>

        {loginServices}

        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="preferred_language_id"
            label="Preferred Language"
            placeholder="Select a language"
            options={languageOptions}
            onValueChange={(id) =>
              form.setValue('preferred_language', languages.find((l) => l.id === id)?.name ?? '')
            }
          />
          <TimezoneField
            control={form.control}
            name="timezone"
            offsetName="utc_offset"
            timezones={timezones}
          />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="business_type"
            label="Business Type"
            placeholder="Select a business type"
            options={BUSINESS_TYPE_OPTIONS}
            onValueChange={() => void form.trigger('other_business_type')}
          />
          {businessType === 'Other' ? (
            <TextField control={form.control} name="other_business_type" label="Other Business Type" />
          ) : null}
        </div>

        <div className="flex justify-end">
          <Button
            type="submit"
            isLoading={save.isPending}
            // Save is disabled while invalid or while a picture is being read.
            disabled={!form.formState.isValid || isUploading}
          >
            Save Profile
          </Button>
        </div>
      </form>
    </Form>
  );
}
