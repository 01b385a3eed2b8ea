import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorCodeOf } from './api-errors';

/** `meta: { silentError: true }` on a query or mutation: it handles its own failure; skip the global handler. */
export interface ApiCallMeta extends Record<string, unknown> {
  silentError?: boolean;
}

/** A failed call, and whether it was a query (a page's data) or a mutation (something the user did). */
export type ApiErrorHandler = (error: unknown, kind: 'query' | 'mutation') => void;

const NO_RETRY_CODES = new Set([
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE_CONTENT',
  'TOO_MANY_REQUESTS',
]);

/** The query client; every failed query or mutation reaches `onError` once. */
export function createQueryClient(onError: ApiErrorHandler): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silentError) return;
        onError(error, 'query');
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (mutation.meta?.silentError) return;
        onError(error, 'mutation');
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A client error will not change on retry; a network blip might.
        retry: (failureCount, error) => !NO_RETRY_CODES.has(errorCodeOf(error) ?? '') && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}
