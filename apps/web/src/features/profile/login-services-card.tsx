import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { useSnackbar } from '@/components/ui/snackbar';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import {
  GoogleIcon,
  MicrosoftIcon,
  PROVIDER_NAMES,
  type SocialProvider,
} from '@/features/auth/social-sign-in';
import { goToExternalUrl } from '@/lib/browser';
import { trpc } from '@/lib/trpc';
import type { Profile } from './use-profile';

/** Profile page: Disconnect stays disabled, with this tooltip, until the user has a password. */
export const DISCONNECT_NEEDS_PASSWORD = 'Please set your password to disconnect login service';

const PROVIDERS: readonly SocialProvider[] = ['google', 'microsoft'];

function ServiceRow({ provider, profile }: { provider: SocialProvider; profile: Profile }) {
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const name = PROVIDER_NAMES[provider];
  const isConnected = provider === 'google' ? profile.is_google_connected : profile.is_microsoft_connected;
  const email = provider === 'google' ? profile.google_email : profile.microsoft_email;
  const connect = trpc.auth.connectSocialUrl.useMutation({
    onSuccess: ({ auth_url }) => goToExternalUrl(auth_url),
  });
  const disconnect = trpc.auth.disconnectSocial.useMutation({
    // The message is shown on success only; failures go through the global handler.
    onSuccess: ({ message }) => {
      snackbar.show(message, 'success');
      void utils.profile.get.invalidate();
    },
  });
  const icon = provider === 'google' ? <GoogleIcon /> : <MicrosoftIcon />;

  return (
    <li className="flex items-center gap-3 rounded-md border border-border p-3">
      <span className="flex size-9 items-center justify-center rounded-full bg-surface">{icon}</span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{name}</p>
        <p className="truncate text-xs text-muted-foreground">
          {isConnected ? (email ?? 'Connected') : 'Not connected'}
        </p>
      </div>
      {isConnected ? (
        profile.has_password ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Disconnect ${name}`}
            isLoading={disconnect.isPending}
            onClick={() => disconnect.mutate({ provider })}
          >
            Disconnect
          </Button>
        ) : (
          <Tooltip>
            <TooltipTrigger asChild>
              {/* A disabled button gets no pointer or focus events: the wrapper carries the tooltip. */}
              <span
                tabIndex={0}
                className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-describedby={`disconnect-${provider}-why`}
              >
                <Button
                  variant="outline"
                  size="sm"
                  disabled
                  aria-label={`Disconnect ${name}`}
                  className="pointer-events-none"
                >
                  Disconnect
                </Button>
              </span>
            </TooltipTrigger>
            <TooltipContent>{DISCONNECT_NEEDS_PASSWORD}</TooltipContent>
            <span id={`disconnect-${provider}-why`} className="sr-only">
              {DISCONNECT_NEEDS_PASSWORD}
            </span>
          </Tooltip>
        )
      ) : (
        <Button
          variant="secondary"
          size="sm"
          isLoading={connect.isPending || connect.isSuccess}
          aria-label={`Connect ${name}`}
          onClick={() => connect.mutate({ provider })}
        >
          Connect
        </Button>
      )}
    </li>
  );
}

/** Login Services: connect or disconnect Google and Microsoft sign-in. */
export function LoginServicesCard({ profile }: { profile: Profile }) {
  return (
    <Card className="shadow-none">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Login Services</CardTitle>
        <CardDescription>
          Sign in with your Google or Microsoft account as well as your password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {PROVIDERS.map((provider) => (
            <ServiceRow key={provider} provider={provider} profile={profile} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
