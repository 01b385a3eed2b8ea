import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { useSnackbar } from '@/components/ui/snackbar';
import { PageSpinner } from '@/components/ui/spinner';
import { trpc } from '@/lib/trpc';
import {
  readCallbackParams,
  socialConfirmOtpPath,
  socialLandingPath,
  supportLandingPath,
} from './oauth-callback';
import { recordOtpSent } from './otp-timer';
import { useSession, useSessionActions } from './use-session';

/**
 * /oauth/callback: finishes a Google or Microsoft sign-in (code and state), a
 * login-service connect (signed in already), or a support one-time-token login (token). A new account whose
 * address the provider did not vouch for goes on to /confirm-otp for the mailed code. Failures go to
 * /login, or /manage-profile when signed in; their message shows in the snackbar.
 */
export function OAuthCallbackScreen() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const session = useSession();
  const { signIn, update } = useSessionActions();
  const utils = trpc.useUtils();
  // The code works once: React's development double effects must not send it twice.
  const started = useRef(false);
  const failurePath = session ? paths.manageProfile : paths.login;

  // Failures reach the snackbar through the global handler (lib/api-errors.ts); here they only navigate.
  const social = trpc.auth.socialCallback.useMutation({
    onSuccess: (result) => {
      if (result.mode === 'verify_email') {
        // A new account whose address the provider did not vouch for: the sign-up code was mailed to it.
        recordOtpSent(result.signup_id);
        snackbar.show(result.message, 'info');
        void navigate(socialConfirmOtpPath(result.email, result.signup_id, result.provider), {
          replace: true,
        });
        return;
      }
      if (result.mode === 'connect') {
        snackbar.show(result.message, 'success');
        update(result.session);
        void utils.profile.get.invalidate();
      } else {
        signIn(result.session);
      }
      void navigate(socialLandingPath(result), { replace: true });
    },
    onError: () => void navigate(failurePath, { replace: true }),
  });
  const support = trpc.auth.supportLogin.useMutation({
    onSuccess: (signedIn) => {
      signIn(signedIn);
      void navigate(supportLandingPath(signedIn), { replace: true });
    },
    onError: () => void navigate(paths.login, { replace: true }),
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = readCallbackParams(search);
    if (params.kind === 'token') support.mutate({ token: params.token });
    else if (params.kind === 'code') social.mutate({ code: params.code, state: params.state });
    else {
      snackbar.show(params.message, 'error');
      void navigate(failurePath, { replace: true });
    }
  }, [search, social, support, snackbar, navigate, failurePath]);

  return <PageSpinner fullScreen label="Signing you in" />;
}
