import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { buildRouteObjects } from '@/app/router';
import { createTrpcClient, type SessionInfo } from '@/lib/trpc';

/** A full session as the gateway returns it; override what a test cares about. */
export function makeSession(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    user_id: 'u1',
    email: 'merchant@example.com',
    first_name: 'Mira',
    last_name: 'Shah',
    phone_number: null,
    profile_picture_path: null,
    profile_created: true,
    pending_invitation_count: 0,
    organizations_count: 1,
    is_part_of_any_org: true,
    business_name: 'Acme Outdoor',
    active_org_id: 'o1',
    active_shop_id: null,
    shops_count: 0,
    is_admin: false,
    has_password: true,
    permissions: [
      'store_management_manage',
      'data_source_management_manage',
      'product_and_promotions_feed_manage',
      'user_management_manage',
    ],
    ...overrides,
  };
}

export interface TrpcCall {
  path: string;
  input: unknown;
  headers: Headers;
}

type Handler = (input: unknown) => unknown;

/** Thrown by a handler: answered as a tRPC error with this code and message. */
export class TrpcTestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

const ERROR_NUMBERS: Record<string, number> = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  CONFLICT: -32009,
  INTERNAL_SERVER_ERROR: -32603,
};

/**
 * A tRPC client whose fetch answers from `handlers` (procedure path → handler), speaking the
 * httpBatchLink wire format without a transformer, as the gateway does. Records every call.
 */
export function createStubTrpc(handlers: Record<string, Handler>) {
  const calls: TrpcCall[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const paths = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
    const inputs: Record<string, unknown> =
      init?.method === 'POST'
        ? (JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>)
        : (JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, unknown>);
    const headers = new Headers(init?.headers);
    const results = await Promise.all(
      paths.map(async (path, index) => {
        const procedureInput = inputs[String(index)];
        calls.push({ path, input: procedureInput, headers });
        const handler = handlers[path];
        try {
          if (!handler) throw new TrpcTestError('NOT_FOUND', `No handler for ${path}`, 404);
          return { result: { data: await handler(procedureInput) } };
        } catch (error) {
          const e = error instanceof TrpcTestError ? error : new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal Server Error!', 500);
          return {
            error: {
              message: e.message,
              code: ERROR_NUMBERS[e.code] ?? -32603,
              data: { code: e.code, httpStatus: e.httpStatus, path },
            },
          };
        }
      }),
    );
    return new Response(JSON.stringify(results), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { client: createTrpcClient({ url: 'http://localhost/trpc', fetch: fetchStub }), calls };
}

/**
 * Renders the whole app (providers, guards, layouts) at `path` with a stubbed gateway; `extra` renders
 * beside the router inside the providers (a probe that makes calls, say).
 */
export function renderApp(path: string, handlers: Record<string, Handler>, extra?: ReactNode) {
  const trpc = createStubTrpc(handlers);
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  const view = render(
    <AppProviders trpcClient={trpc.client}>
      <RouterProvider router={router} />
      {extra}
    </AppProviders>,
  );
  return { ...view, router, calls: trpc.calls };
}

export function renderWithProviders(ui: ReactElement, handlers: Record<string, Handler> = {}) {
  const trpc = createStubTrpc(handlers);
  return { ...render(<AppProviders trpcClient={trpc.client}>{ui}</AppProviders>), calls: trpc.calls };
}
