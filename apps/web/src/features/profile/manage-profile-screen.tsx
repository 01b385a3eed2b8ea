import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Skeleton } from '@/components/ui/skeleton';
import { LoginServicesCard } from './login-services-card';
import { ProfileForm } from './profile-form';
import { ProfileFormSkeleton } from './profile-skeleton';
import { SecuritySettings } from './security-settings';
import { useProfileFormData } from './use-profile';

/** /manage-profile: Basic Details and Security Settings tabs. */
export function ManageProfileScreen() {
  const data = useProfileFormData();
  return (
    <section className="mx-auto grid w-full max-w-content gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Manage Profile</h1>
      <Tabs defaultValue="basic">
        <TabsList>
          <TabsTrigger value="basic">Basic Details</TabsTrigger>
          <TabsTrigger value="security">Security Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="basic">
          <Card>
            <CardContent className="pt-6">
              {data ? (
                <ProfileForm
                  // A saved profile from elsewhere (a connect, a password) must not reset what is being typed.
                  key={data.profile.user_id}
                  data={data}
                  variant="manage"
                  loginServices={<LoginServicesCard profile={data.profile} />}
                />
              ) : (
                <ProfileFormSkeleton />
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="security">
          {data ? <SecuritySettings profile={data.profile} /> : <Skeleton className="h-28" />}
        </TabsContent>
      </Tabs>
    </section>
  );
}
