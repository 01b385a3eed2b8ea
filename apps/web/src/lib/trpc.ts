import type { AppRouter, RouterInputs, RouterOutputs } from '@feedloom/gateway';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@feedloom/validation';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';

export type { AppRouter, RouterInputs, RouterOutputs };

/** The session fields the gateway exposes; null when signed out. */
export type SessionInfo = NonNullable<RouterOutputs['auth']['session']>;

export const trpc = createTRPCReact<AppRouter>();

export const TRPC_URL = '/trpc';

type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export function createTrpcClient({
  url = TRPC_URL,
  fetch: fetchImpl,
}: { url?: string; fetch?: FetchLike } = {}) {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url,
        // The gateway refuses a batch of more than 20 calls (its TRPC_MAX_BATCH_SIZE): send at most 10.
        maxItems: 10,
        // The gateway refuses mutations without it (CSRF); every request sends it.
        headers: () => ({ [CSRF_HEADER]: CSRF_HEADER_VALUE }),
        // Same origin: the session cookie rides along; never to a third party.
        fetch: (input, init) =>
          (fetchImpl ?? globalThis.fetch)(input, { ...init, credentials: 'same-origin' }),
      }),
    ],
  });
}
