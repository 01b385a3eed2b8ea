import { Building2, ChevronDown, Plus, Settings } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import type { SessionInfo } from '@/lib/trpc';
import { useOrganizationList, useSwitchOrganization } from './use-organizations';

/**
 * Header organisation switcher: the user's organisations; choosing another switches to it (new tokens,
 * its last active shop) and opens /store-list. Without an organisation it shows nothing.
 */
export function OrganizationSwitcher({ session }: { session: SessionInfo }) {
  const navigate = useNavigate();
  // A failing list must not interrupt every page: the switcher falls back to the session's name.
  const orgs = useOrganizationList({ enabled: session.is_part_of_any_org, silent: true });
  const { switchTo, isPending } = useSwitchOrganization();
  if (!session.is_part_of_any_org) return null;

  const name = session.business_name ?? 'Organisation';
  const active = orgs.data?.find((o) => o.organization_object_id === session.active_org_id);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="max-w-64 min-w-0 gap-2 px-2"
          disabled={isPending}
          aria-label={`Organisation: ${name}`}
        >
          {isPending ? (
            <Spinner size="sm" decorative />
          ) : (
            <Building2 aria-hidden="true" className="text-muted-foreground" />
          )}
          <span className="truncate font-medium" data-testid="active-organization">
            {name}
          </span>
          <ChevronDown aria-hidden="true" className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-72">
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
          Your organisations
        </DropdownMenuLabel>
        {orgs.isPending ? (
          <div className="flex justify-center py-2">
            <Spinner size="sm" label="Loading organisations" />
          </div>
        ) : (
          <DropdownMenuRadioGroup
            value={session.active_org_id ?? ''}
            onValueChange={(orgId) => {
              if (orgId !== session.active_org_id) void switchTo(orgId);
            }}
          >
            {orgs.data?.map((org) => (
              <DropdownMenuRadioItem key={org.organization_object_id} value={org.organization_object_id}>
                <span className="truncate">{org.business_name}</span>
                {org.is_owner ? <span className="ml-auto text-xs text-muted-foreground">Owner</span> : null}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        )}
        <DropdownMenuSeparator />
        {active?.is_owner && !session.is_admin ? (
          <DropdownMenuItem onSelect={() => void navigate('/update-org')}>
            <Settings aria-hidden="true" />
            Organisation Settings
          </DropdownMenuItem>
        ) : null}
        {session.is_admin ? null : (
          <DropdownMenuItem onSelect={() => void navigate('/create-org')}>
            <Plus aria-hidden="true" />
            Create a New Organisation
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
