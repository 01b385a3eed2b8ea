import type { TOrganization } from '@feedloom/validation';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useSnackbar } from '@/components/ui/snackbar';
import { useRequiredSession } from '@/features/auth/use-session';
import { useServerErrors } from '@/lib/use-server-errors';
import { trpc } from '@/lib/trpc';
import {
  OrganizationForm,
  OrganizationFormSkeleton,
  type OrganizationEntity,
  type OrganizationFormHandle,
} from './organization-form';
import { useOrganizationList, useSwitchOrganization } from './use-organizations';

/** /update-org: the owner edits the active organisation; anyone else creates a new one. */
export function UpdateOrgScreen() {
  return <OrganizationSettings route="update" />;
}

/** /create-org: a new organisation, owned by the user. */
export function CreateOrgScreen() {
  return <OrganizationSettings route="create" />;
}

function OrganizationSettings({ route }: { route: 'create' | 'update' }) {
  const session = useRequiredSession();
  const orgs = useOrganizationList({ enabled: session.is_part_of_any_org });
  const activeOrgId = session.active_org_id;
  const activeEntry = orgs.data?.find((o) => o.organization_object_id === activeOrgId);
  const isOwner = route === 'update' && Boolean(activeEntry?.is_owner);
  const organization = trpc.organizations.get.useQuery(
    { id: activeOrgId ?? '' },
    { enabled: isOwner && !!activeOrgId },
  );

  const isLoading = (session.is_part_of_any_org && orgs.isPending) || (isOwner && organization.isPending);
  const loadFailed = orgs.isError || (isOwner && organization.isError);
  const title = isOwner ? 'Organisation Settings' : 'Create a New Organisation';

  return (
    <section className="mx-auto w-full max-w-content">
      <h1 className="text-2xl font-semibold tracking-tight">{isLoading ? 'Organisation Settings' : title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {isOwner
          ? 'Your business details and address, as channels and invoices show them.'
          : 'You will own this organisation and can invite your team to it.'}
      </p>
      <Card className="mt-6">
        <CardContent className="pt-6">
          {isLoading ? (
            <OrganizationFormSkeleton />
          ) : loadFailed ? (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <p className="text-destructive">Your organisation could not be loaded.</p>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void Promise.all([orgs.refetch(), isOwner ? organization.refetch() : null])}
              >
                Try again
              </Button>
            </div>
          ) : (
            <OrganizationFormContainer
              // A different organisation (after a switch) starts a fresh form.
              key={isOwner ? `edit-${activeOrgId}` : 'create'}
              isOwner={isOwner}
              organization={isOwner ? organization.data : null}
              hadOwnedOrg={Boolean(orgs.data?.some((o) => o.is_owner))}
            />
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function OrganizationFormContainer({
  isOwner,
  organization,
  hadOwnedOrg,
}: {
  isOwner: boolean;
  organization: OrganizationEntity | null | undefined;
  hadOwnedOrg: boolean;
}) {
  const session = useRequiredSession();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const { switchTo, isPending: isSwitching } = useSwitchOrganization();
  const formRef = useRef<OrganizationFormHandle | null>(null);
  const setForm = useCallback((form: OrganizationFormHandle) => {
    formRef.current = form;
  }, []);

  const serverErrors = useServerErrors(useCallback(() => formRef.current, []));

  const update = trpc.organizations.update.useMutation({
    ...serverErrors,
    onSuccess: ({ message, organization: saved }) => {
      snackbar.show(message, 'success');
      // Organisation save: a new name refreshes the organisation list (and the header's name).
      if (saved.business_name !== organization?.business_name || !hadOwnedOrg) {
        void utils.organizations.find.invalidate();
        void utils.auth.session.invalidate();
      }
      utils.organizations.get.setData({ id: saved.organization_object_id }, saved);
    },
  });

  const create = trpc.organizations.create.useMutation({
    ...serverErrors,
    onSuccess: async ({ message, organization: created }) => {
      snackbar.show(message, 'success');
      void utils.organizations.find.invalidate();
      // The creator selects the new organisation without the store list, then adds a store
      // (or completes the profile first).
      const next = await switchTo(created.organization_object_id, { goTo: null });
      const profileCreated = next?.profile_created ?? session.profile_created;
      void navigate(profileCreated ? paths.addStore : paths.completeProfile);
    },
  });

  const onSubmit = (values: TOrganization) => {
    if (isOwner && organization) update.mutate({ id: organization.organization_object_id, data: values });
    else create.mutate(values);
  };

  return (
    <OrganizationForm
      isOwner={isOwner}
      organization={organization}
      defaultEmail={session.email}
      isSaving={update.isPending || create.isPending || isSwitching}
      onSubmit={onSubmit}
      onCancel={() => void navigate(-1)}
      formRef={setForm}
    />
  );
}
