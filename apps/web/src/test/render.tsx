import { makeSessionInfo } from '@feedloom/contracts/testing';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { buildRouteObjects } from '@/app/router';
import type { TDownloadName, TUploadData, TUploadName } from '@feedloom/gateway';
import { createTrpcClient, type RouterInputs, type RouterOutputs, type SessionInfo } from '@/lib/trpc';

/** A full session as the gateway returns it (the shared fixture); override what a test cares about. */
export function makeSession(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return makeSessionInfo(overrides);
}

/** Someone just signed up: no profile, no organisation, no permissions yet. */
export function makeNewUserSession(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return makeSession({
    profile_created: false,
    is_part_of_any_org: false,
    organizations_count: 0,
    business_name: null,
    active_org_id: null,
    permissions: [],
    ...overrides,
  });
}

export interface TrpcCall {
  path: string;
  input: unknown;
  headers: Headers;
}

type Routers = Extract<keyof RouterOutputs, string>;

/** Every procedure of the gateway as 'router.procedure'. */
export type ProcedurePath = {
  [R in Routers]: `${R}.${keyof RouterOutputs[R] & keyof RouterInputs[R] & string}`;
}[Routers];

type Split<P> = P extends `${infer R extends Routers}.${infer Q}` ? [R, Q] : never;
export type ProcedureInput<P extends ProcedurePath> =
  Split<P> extends [infer R extends Routers, infer Q]
    ? Q extends keyof RouterInputs[R]
      ? RouterInputs[R][Q]
      : never
    : never;
export type ProcedureOutput<P extends ProcedurePath> =
  Split<P> extends [infer R extends Routers, infer Q]
    ? Q extends keyof RouterOutputs[R]
      ? RouterOutputs[R][Q]
      : never
    : never;

type CallPath = ProcedurePath | `upload.${TUploadName}`;
type CallInput<P extends CallPath> = P extends ProcedurePath ? ProcedureInput<P> : Record<string, unknown>;

/** What the first call of a procedure (or upload) sent, typed by the router; undefined when it was not called. */
export function inputOf<P extends CallPath>(calls: readonly TrpcCall[], path: P): CallInput<P> | undefined {
  return calls.find((c) => c.path === path)?.input as CallInput<P> | undefined;
}

/**
 * Stub answers, procedure path → handler, typed by the gateway's router: a handler for a procedure that
 * does not exist, or answering another shape than the procedure's output, fails the typecheck.
 */
export type TrpcHandlers = {
  [P in ProcedurePath]?: (input: ProcedureInput<P>) => ProcedureOutput<P> | Promise<ProcedureOutput<P>>;
} & {
  /** The gateway's upload routes (POST /upload/<name>): the form as an object in, `{ data, message }` out. */
  [U in `upload.${TUploadName}`]?: (
    input: Record<string, unknown>,
  ) => UploadStubReply<U> | Promise<UploadStubReply<U>>;
} & {
  /**
   * The gateway's download routes (/download/<name>, lib/download.ts): the path parameters and the POST body
   * in, the file's text and name out (sent as text/csv with its Content-Disposition).
   */
  [D in `download.${TDownloadName}`]?: (input: DownloadStubInput) => DownloadStubReply | Promise<DownloadStubReply>;
};

export interface DownloadStubInput {
  params: string[];
  body?: unknown;
}
export interface DownloadStubReply {
  text: string;
  fileName: string;
}

type UploadStubReply<U extends string> = U extends `upload.${infer N extends TUploadName}`
  ? TUploadData<N> & { message?: string }
  : never;

type Handler = (input: unknown) => unknown;

/** Thrown by a handler: answered as a tRPC error with this code and message (and `data` as the gateway's). */
export class TrpcTestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus = 400,
    /** More of the gateway's error data: `field`, `fieldErrors`, `session_ended`. */
    readonly data: { field?: string; fieldErrors?: Record<string, string>; session_ended?: true } = {},
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
export function createStubTrpc(handlers: TrpcHandlers) {
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
        const handler = (handlers as Partial<Record<string, Handler>>)[path];
        try {
          if (!handler) throw new TrpcTestError('NOT_FOUND', `No handler for ${path}`, 404);
          return { result: { data: await handler(procedureInput) } };
        } catch (error) {
          const e =
            error instanceof TrpcTestError
              ? error
              : new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal Server Error!', 500);
          return {
            error: {
              message: e.message,
              code: ERROR_NUMBERS[e.code] ?? -32603,
              data: { ...e.data, code: e.code, httpStatus: e.httpStatus, path },
            },
          };
        }
      }),
    );
    return new Response(JSON.stringify(results), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  stubUploads(handlers as Record<string, Handler>, calls);
  return { client: createTrpcClient({ url: 'http://localhost/trpc', fetch: fetchStub }), calls };
}

/**
 * The gateway's upload routes (POST /upload/<name>, lib/upload.ts) on the global fetch: the handler
 * `upload.<name>` gets the form as an object (files as File) and returns `data` plus `message`; a thrown
 * TrpcTestError is answered as the `{code, message, data}` envelope with its status.
 */
function stubUploads(handlers: Record<string, Handler>, calls: TrpcCall[]) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.startsWith('/download/')) return stubDownload(handlers, calls, url, init);
    const path = `upload.${url.pathname.replace(/^\/upload\//, '')}`;
    const form = init?.body instanceof FormData ? init.body : new FormData();
    const fields = Object.fromEntries(form.entries());
    calls.push({ path, input: fields, headers: new Headers(init?.headers) });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    try {
      const handler = handlers[path];
      if (!handler) throw new TrpcTestError('NOT_FOUND', `No handler for ${path}`, 404);
      const { message = '', ...data } = (await handler(fields)) as { message?: string };
      return json(200, { code: 200, message, data });
    } catch (error) {
      const e =
        error instanceof TrpcTestError
          ? error
          : new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal Server Error!', 500);
      return json(e.httpStatus, {
        code: e.httpStatus,
        message: e.message,
        data: null,
        ...(e.data.field ? { field: e.data.field } : {}),
      });
    }
  });
}

/** A download route: `download.<name>` answers the file, or a thrown TrpcTestError the envelope. */
async function stubDownload(
  handlers: Record<string, Handler>,
  calls: TrpcCall[],
  url: URL,
  init?: RequestInit,
): Promise<Response> {
  const [name = '', ...params] = url.pathname.replace(/^\/download\//, '').split('/').map(decodeURIComponent);
  const path = `download.${name}`;
  const input: DownloadStubInput = {
    params,
    ...(typeof init?.body === 'string' ? { body: JSON.parse(init.body) as unknown } : {}),
  };
  calls.push({ path, input, headers: new Headers(init?.headers) });
  try {
    const handler = handlers[path];
    if (!handler) throw new TrpcTestError('NOT_FOUND', `No handler for ${path}`, 404);
    const { text, fileName } = (await handler(input)) as DownloadStubReply;
    return new Response(text, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${fileName}"`,
      },
    });
  } catch (error) {
    const e =
      error instanceof TrpcTestError ? error : new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal Server Error!', 500);
    return new Response(JSON.stringify({ code: e.httpStatus, message: e.message, data: null }), {
      status: e.httpStatus,
      headers: { 'content-type': 'application/json' },
    });
  }
}

/**
 * Renders the whole app (providers, guards, layouts) at `path` with a stubbed gateway; `extra` renders
 * beside the router inside the providers (a probe that makes calls, say).
 */
export function renderApp(path: string, handlers: TrpcHandlers, extra?: ReactNode) {
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

export function renderWithProviders(ui: ReactElement, handlers: TrpcHandlers = {}) {
  const trpc = createStubTrpc(handlers);
  return { ...render(<AppProviders trpcClient={trpc.client}>{ui}</AppProviders>), calls: trpc.calls };
}
