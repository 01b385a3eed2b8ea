import { useNavigate } from 'react-router-dom';
import { Card, CardContent } from '@/components/ui/card';
import { ProfileForm } from './profile-form';
import { profileSavedPath } from './profile-navigation';
import { ProfileFormSkeleton } from './profile-skeleton';
import { useProfileFormData } from './use-profile';

/**
 * /complete-profile. Where a user without a profile lands; after a save it
 * goes on to /store-list, /add-store or /process-org.
 */
export function CompleteProfileScreen() {
  const navigate = useNavigate();
  const data = useProfileFormData();
  return (
    <section className="mx-auto grid w-full max-w-content gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Complete your profile</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Tell us a little about yourself to finish setting up your account.
        </p>
      </header>
      <Card>
        <CardContent className="pt-6">
          {data ? (
            <ProfileForm
              data={data}
              variant="complete"
              onSaved={({ session }) => void navigate(profileSavedPath(session), { replace: true })}
            />
          ) : (
            <ProfileFormSkeleton />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
