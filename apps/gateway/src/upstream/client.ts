import {
  buildPath,
  INTERNAL_ERROR_MESSAGE,
  REQUEST_ID_HEADER,
  type TBodyOf,
  type TEndpoint,
  type TParamsOf,
  type TQueryOf,
  type TResponseOf,
} from '@feedloom/contracts';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { FormData, Pool, type Dispatcher } from 'undici';

/** A non-200 answer of the api (or no usable answer at all), carrying the server's code and message. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    /** The envelope's `code` (an HTTP status); 503 when the api did not answer, 502 when its answer was unusable. */
    readonly code: number,
    /** The server's message, when it gave one; `message` falls back to 'Internal Server Error!'. */
    readonly serverMessage?: string,
    /** The envelope's `data`, passed on to the web (login failures pass the server data on). */
    readonly data?: unknown,
    options: TUpstreamErrorOptions = {},
  ) {
    super(serverMessage ?? INTERNAL_ERROR_MESSAGE, options);
    this.field = options.field;
    this.sessionEnded = options.sessionEnded === true;
  }

  /** The request field the api named (the envelope's `field`): the web shows the message under that input. */
  readonly field: string | undefined;
  /** True when the gateway cleared the session over this failure (a refresh that failed): the web signs out. */
  readonly sessionEnded: boolean;
}

export interface TUpstreamErrorOptions extends ErrorOptions {
  field?: string | undefined;
  sessionEnded?: boolean;
}

/** An answer from the api that is not usable: not JSON, not an envelope, or `data` not as the contract says. */
export const BAD_GATEWAY = 502;
/** No answer from the api at all: refused, reset, timed out. */
export const SERVICE_UNAVAILABLE = 503;

type TOptionalKey<K extends string, V> = [V] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: V };

/** `{ params, query, body }` of an endpoint, each required exactly when the contract declares it. */
export type TCallInput<E> = TOptionalKey<'params', TParamsOf<E>> &
  TOptionalKey<'query', TQueryOf<E>> &
  TOptionalKey<'body', TBodyOf<E>>;

/** True when an endpoint takes no params, query or body, so its input may be left out. */
type TNoInput<E> = [TParamsOf<E> & TQueryOf<E> & TBodyOf<E>] extends [undefined] ? true : false;

/** The optional-when-empty input argument of `call`. */
export type TCallArgs<E> = TNoInput<E> extends true ? [input?: TCallInput<E>] : [input: TCallInput<E>];

export interface TCallOptions {
  accessToken?: string;
  requestId?: string;
  /**
   * The browser's address, sent as X-Forwarded-For: the api limits sign-in attempts per client address
   * and trusts the header only from its proxies (TRUST_PROXY).
   */
  clientIp?: string;
  signal?: AbortSignal;
}

/** A successful answer with the envelope's message (some screens show it). */
export interface TUpstreamReply<T> {
  data: T;
  message: string;
}

export interface TUpstreamClient {
  call<E extends TEndpoint>(
    endpoint: E,
    input: TCallInput<E> | undefined,
    opts?: TCallOptions,
  ): Promise<TResponseOf<E>>;
  /** `call`, keeping the server's success message next to the data. */
  send<E extends TEndpoint>(
    endpoint: E,
    input: TCallInput<E> | undefined,
    opts?: TCallOptions,
  ): Promise<TUpstreamReply<TResponseOf<E>>>;
  /**
   * The api's answer unread, for bodies that must not be held in memory (transfer.ts): `body` is sent as it
   * arrives, and the answer's body is the caller's to pipe or to read with `readEnvelope`.
   */
  stream(endpoint: TEndpoint, input: TStreamInput, opts?: TCallOptions): Promise<TStreamAnswer>;
  close(): Promise<void>;
}

export interface TStreamInput {
  params?: Record<string, unknown>;
  query?: unknown;
  /** A request body passed through as it arrives (a browser's multipart upload). */
  body?: Readable;
  /** Its content-type (with the multipart boundary) and, when the browser said it, its length. */
  contentType?: string;
  contentLength?: string;
}

export interface TStreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Readable & { text(): Promise<string> };
}

export interface TUpstreamClientOptions {
  /** Base of the api, prefix included: http://127.0.0.1:4020/api/v1. */
  apiUrl: string;
  /** Injected in tests (undici MockAgent); by default a keep-alive Pool to the api's origin. */
  dispatcher?: Dispatcher;
  /** Timeout for the api's headers and body, in ms. */
  timeoutMs?: number;
}

const toQueryString = (query: unknown): string => {
  if (query === undefined || query === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else {
      search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  const qs = search.toString();
  return qs ? `?${qs}` : '';
};

/** A multipart body: Blob (File) values become file parts, everything else text parts; absent values are left out. */
export const toFormData = (body: Record<string, unknown>): FormData => {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
};

const headersOf = (opts: TCallOptions): Record<string, string> => {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.accessToken) headers.authorization = `Bearer ${opts.accessToken}`;
  if (opts.requestId) headers[REQUEST_ID_HEADER] = opts.requestId;
  // Built here from the connection, never copied from the browser's own X-Forwarded-For.
  if (opts.clientIp) headers['x-forwarded-for'] = opts.clientIp;
  return headers;
};

const isEnvelope = (v: unknown): v is { code: number; message?: unknown; data?: unknown; field?: unknown } =>
  typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';

/** `data` and message of a 200 envelope as the contract says, else the UpstreamError the answer means. */
export const envelopeOf = <E extends TEndpoint>(
  endpoint: E,
  path: string,
  statusCode: number,
  text: string,
): TUpstreamReply<TResponseOf<E>> => {
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = undefined;
  }
  if (!isEnvelope(envelope)) {
    throw new UpstreamError(statusCode >= 400 ? statusCode : BAD_GATEWAY, undefined, undefined, {
      cause: new Error(`${endpoint.method} ${path}: HTTP ${statusCode} without an envelope`),
    });
  }
  if (envelope.code !== 200) {
    const message =
      typeof envelope.message === 'string' && envelope.message.length > 0 ? envelope.message : undefined;
    const field = typeof envelope.field === 'string' && envelope.field !== '' ? envelope.field : undefined;
    throw new UpstreamError(envelope.code, message, envelope.data ?? undefined, { field });
  }
  const parsed = endpoint.response.safeParse(envelope.data);
  if (!parsed.success) {
    throw new UpstreamError(BAD_GATEWAY, undefined, undefined, {
      cause: new Error(`${endpoint.method} ${path}: data does not match the contract`, {
        cause: parsed.error,
      }),
    });
  }
  return {
    data: parsed.data as TResponseOf<E>,
    message: typeof envelope.message === 'string' ? envelope.message : '',
  };
};

export const createUpstreamClient = ({
  apiUrl,
  dispatcher,
  timeoutMs = 60_000,
}: TUpstreamClientOptions): TUpstreamClient => {
  const url = new URL(apiUrl);
  const origin = url.origin;
  const basePath = url.pathname.replace(/\/+$/, '');
  const owned = dispatcher === undefined;
  // Keep-alive connections are what keeps the gateway's cost per call small.
  const agent: Dispatcher =
    dispatcher ??
    new Pool(origin, { connections: 128, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000 });

  const pathOf = (endpoint: TEndpoint, params: unknown, query: unknown) =>
    basePath + buildPath(endpoint.path, params as Record<string, unknown> | undefined) + toQueryString(query);

  const send = async <E extends TEndpoint>(
    endpoint: E,
    input: TCallInput<E> | undefined,
    opts: TCallOptions = {},
  ): Promise<TUpstreamReply<TResponseOf<E>>> => {
    const { params, query, body } = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
    const path = pathOf(endpoint, params, query);
    const headers = headersOf(opts);
    // Multipart endpoints (uploads) get form-data; undici sets its content-type with the boundary.
    const isMultipart = endpoint.multipart === true && body !== undefined;
    if (body !== undefined && !isMultipart) headers['content-type'] = 'application/json';
    let statusCode: number;
    let text: string;
    try {
      const res = await agent.request({
        origin,
        path,
        method: endpoint.method,
        headers,
        body:
          body === undefined
            ? undefined
            : isMultipart
              ? toFormData(body as Record<string, unknown>)
              : JSON.stringify(body),
        signal: opts.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      statusCode = res.statusCode;
      text = await res.body.text();
    } catch (err) {
      throw new UpstreamError(SERVICE_UNAVAILABLE, undefined, undefined, {
        cause: new Error(`${endpoint.method} ${path}: api unreachable`, { cause: err }),
      });
    }

    return envelopeOf(endpoint, path, statusCode, text);
  };

  const stream = async (
    endpoint: TEndpoint,
    { params, query, body, contentType, contentLength }: TStreamInput,
    opts: TCallOptions = {},
  ): Promise<TStreamAnswer> => {
    const path = pathOf(endpoint, params, query);
    const headers = headersOf(opts);
    // A download may be any type; errors still come back as the JSON envelope.
    headers.accept = '*/*';
    if (contentType) headers['content-type'] = contentType;
    if (contentLength) headers['content-length'] = contentLength;
    try {
      const res = await agent.request({
        origin,
        path,
        method: endpoint.method,
        headers,
        body,
        signal: opts.signal,
        headersTimeout: timeoutMs,
        // Between two chunks, not for the whole transfer: a large export may take longer than this.
        bodyTimeout: timeoutMs,
      });
      return { statusCode: res.statusCode, headers: res.headers, body: res.body };
    } catch (err) {
      throw new UpstreamError(SERVICE_UNAVAILABLE, undefined, undefined, {
        cause: new Error(`${endpoint.method} ${path}: api unreachable`, { cause: err }),
      });
    }
  };

  return {
    call: async (endpoint, input, opts) => (await send(endpoint, input, opts)).data,
    send,
    stream,
    close: async () => {
      if (owned) await agent.close();
    },
  };
};
