import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { SnackbarProvider, useSnackbar } from '@/components/ui/snackbar';
import { TooltipProvider } from '@/components/ui/tooltip';
import { endSession } from '@/features/auth/use-session';
import { classifyApiError } from '@/lib/api-errors';
import { createQueryClient } from '@/lib/query-client';
import { createTrpcClient, trpc } from '@/lib/trpc';
import { ApiErrorReporterContext, type ApiErrorReporter } from '@/lib/use-server-errors';
import { onUnauthorized, raiseUnauthorized } from '@/lib/unauthorized';

type TrpcClient = ReturnType<typeof createTrpcClient>;

interface ApiProviderProps {
  children: ReactNode;
  /** Tests pass a client with a stubbed fetch. */
  trpcClient?: TrpcClient;
}

/** tRPC + React Query, with the one error policy (see lib/api-errors.ts, lib/use-server-errors.ts). */
export function ApiProvider({ children, trpcClient: givenClient }: ApiProviderProps) {
  const snackbar = useSnackbar();
  const [{ queryClient, report }] = useState(() => {
    // A failed mutation is about what the user just did on this page (a form): its message leaves with the
    // page. A query's failure, a forbidden call or an ended session is shown until it hides or is replaced.
    const report: ApiErrorReporter = (
      error,
      show = (message) => (kind === 'query' ? snackbar.show(message, 'error') : snackbar.pageError(message)),
      kind = 'mutation',
    ) => {
      const action = classifyApiError(error);
      switch (action.kind) {
        case 'forbidden':
          raiseUnauthorized(action.message);
          break;
        case 'session-ended':
          // The guards see the null session and send the user to /login.
          endSession(client);
          snackbar.show(action.message, 'error');
          break;
        case 'snackbar':
          show(action.message, error);
          break;
        case 'ignore':
          break;
      }
    };
    const client: QueryClient = createQueryClient((error, kind) => report(error, undefined, kind));
    return { queryClient: client, report };
  });
  const [trpcClient] = useState(() => givenClient ?? createTrpcClient());

  // The global unauthorized event is shown in the snackbar, whoever raised it.
  useEffect(() => onUnauthorized(({ message }) => snackbar.show(message, 'error')), [snackbar]);

  return (
    <ApiErrorReporterContext.Provider value={report}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    </ApiErrorReporterContext.Provider>
  );
}

export function AppProviders({ children, trpcClient }: ApiProviderProps) {
  return (
    <SnackbarProvider>
      <TooltipProvider delayDuration={300}>
        <ApiProvider trpcClient={trpcClient}>{children}</ApiProvider>
      </TooltipProvider>
    </SnackbarProvider>
  );
}
