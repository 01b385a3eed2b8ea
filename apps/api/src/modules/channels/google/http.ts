// One HTTP call to Google (OAuth token endpoint or Merchant API) through undici, retried with exponential
// backoff and jitter on 429, 5xx, timeouts and network failures.
import type { FastifyBaseLogger } from 'fastify';
import { request, type Dispatcher } from 'undici';
import type { TClock } from '../../../lib/clock';
import { backoffDelay, isRetryableStatus, parseRetryAfter, type TBackoffSettings } from '../backoff';

export interface TGoogleHttpSettings extends TBackoffSettings {
  timeoutMs: number;
}

export interface TGoogleHttpDeps {
  settings: TGoogleHttpSettings;
  clock: TClock;
  log: FastifyBaseLogger;
  /** Waits between attempts; tests may pass one that records the waits. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  dispatcher?: Dispatcher;
  /** Told of every call once it is answered or given up (dashboard api-health: modules/dashboard/api-calls.ts). */
  record?: (call: { ok: boolean; attempts: number; status: number; duration_ms: number }) => Promise<void>;
}

/** Google answered with a failure that another attempt will not change, or the attempts ran out. */
export class GoogleHttpError extends Error {
  override name = 'GoogleHttpError';
  constructor(
    /** The HTTP status, or 0 when Google could not be reached at all. */
    readonly status: number,
    /** Google's error body, parsed when it was JSON. */
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }

  /** `error.status` of the Merchant API (PERMISSION_DENIED, NOT_FOUND…) or `error` of OAuth (invalid_grant). */
  get reason(): string | undefined {
    const b = this.body as { error?: unknown } | null;
    if (typeof b?.error === 'string') return b.error;
    const status = (b?.error as { status?: unknown } | undefined)?.status;
    return typeof status === 'string' ? status : undefined;
  }
}

export interface TGoogleRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** JSON (an object) or a form body (URLSearchParams). */
  body?: unknown;
  /** What the log line calls this request (never the URL's query: it may hold a code). */
  what: string;
}

export interface TGoogleResponse {
  status: number;
  body: unknown;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const readBody = async (body: Dispatcher.ResponseData['body']): Promise<unknown> => {
  const text = await body.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 500);
  }
};

/**
 * Sends the request; answers 2xx and non-retryable 4xx as they are (the caller decides what a 401 or 404
 * means), and retries the rest until `maxAttempts`, then throws GoogleHttpError.
 */
export const googleRequest = async (deps: TGoogleHttpDeps, req: TGoogleRequest): Promise<TGoogleResponse> => {
  if (!deps.record) return send(deps, req, { attempts: 0 });
  const started = performance.now();
  const tally = { attempts: 0 };
  try {
    const res = await send(deps, req, tally);
    const ok = res.status >= 200 && res.status < 300;
    await deps.record({ ok, attempts: tally.attempts, status: res.status, duration_ms: performance.now() - started });
    return res;
  } catch (err) {
    const status = err instanceof GoogleHttpError ? err.status : 0;
    await deps.record({ ok: false, attempts: tally.attempts, status, duration_ms: performance.now() - started });
    throw err;
  }
};

const send = async (
  deps: TGoogleHttpDeps,
  req: TGoogleRequest,
  tally: { attempts: number },
): Promise<TGoogleResponse> => {
  const { settings } = deps;
  const sleep = deps.sleep ?? defaultSleep;
  const isForm = req.body instanceof URLSearchParams;
  const payload = req.body === undefined ? undefined : isForm ? String(req.body) : JSON.stringify(req.body);
  const headers = {
    accept: 'application/json',
    ...(payload === undefined ? {} : { 'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json' }),
    ...req.headers,
  };
  let last: { status: number; body: unknown; error?: unknown } = { status: 0, body: null };
  for (let attempt = 1; attempt <= settings.maxAttempts; attempt++) {
    let retryAfterMs: number | undefined;
    tally.attempts = attempt;
    try {
      const res = await request(req.url, {
        method: req.method,
        headers,
        body: payload,
        headersTimeout: settings.timeoutMs,
        bodyTimeout: settings.timeoutMs,
        signal: AbortSignal.timeout(settings.timeoutMs),
        ...(deps.dispatcher ? { dispatcher: deps.dispatcher } : {}),
      });
      const body = await readBody(res.body);
      if (!isRetryableStatus(res.statusCode)) return { status: res.statusCode, body };
      last = { status: res.statusCode, body };
      retryAfterMs = parseRetryAfter(res.headers['retry-after'], deps.clock.now());
    } catch (error) {
      // Refused, reset, timed out: nothing was answered, so another attempt is as safe as the first.
      last = { status: 0, body: null, error };
    }
    if (attempt === settings.maxAttempts) break;
    const wait = backoffDelay(attempt, settings, { retryAfterMs, random: deps.random });
    deps.log.warn(
      { google: req.what, attempt, status: last.status, wait_ms: wait, err: last.error },
      'google call failed; retrying',
    );
    await sleep(wait);
  }
  throw new GoogleHttpError(
    last.status,
    last.body,
    `${req.what}: ${last.status ? `HTTP ${last.status}` : 'unreachable'} after ${settings.maxAttempts} attempts`,
  );
};
