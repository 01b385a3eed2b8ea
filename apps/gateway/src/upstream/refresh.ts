import {
  contract,
  NO_REFRESH_TOKEN_MESSAGE,
  TOKEN_EXPIRED_MESSAGE,
  type TEndpoint,
  type TResponseOf,
  type TTokens,
} from '@feedloom/contracts';
import type { AuthSession } from '../session';
import {
  UpstreamError,
  type TCallArgs,
  type TUpstreamClient,
  type TUpstreamReply,
} from './client';

/**
 * Single-flight token refresh. Concurrent requests of one session arrive with the same cookie, so
 * the session's refresh token is the key: the first 401 starts the refresh, the others await the same promise.
 * A settled refresh stays for a grace period, so a call whose 401 comes back just after it finished reuses
 * the new pair instead of presenting the rotated token again (which the api would treat as reuse).
 */
export interface TRefresher {
  refresh(refreshToken: string, requestId?: string): Promise<TTokens>;
  /** Refreshes started so far (for tests and metrics). */
  readonly started: number;
}

export const createRefresher = (
  client: TUpstreamClient,
  { graceMs = 15_000 }: { graceMs?: number } = {},
): TRefresher => {
  const flights = new Map<string, Promise<TTokens>>();
  let started = 0;
  return {
    refresh(refreshToken, requestId) {
      const inFlight = flights.get(refreshToken);
      if (inFlight) return inFlight;
      started += 1;
      const flight = client.call(
        contract.auth.refresh,
        { body: { refresh_token: refreshToken } },
        { requestId },
      );
      flights.set(refreshToken, flight);
      flight.then(
        () => setTimeout(() => flights.delete(refreshToken), graceMs).unref(),
        // A failed refresh is not remembered: the next request may try again (e.g. after an api restart).
        () => flights.delete(refreshToken),
      );
      return flight;
    },
    get started() {
      return started;
    },
  };
};

/** The upstream as one request sees it: its session's token, its request id, refresh on 401. */
export interface TSessionUpstream {
  call<E extends TEndpoint>(endpoint: E, ...args: TCallArgs<E>): Promise<TResponseOf<E>>;
  /** `call` with the server's success message (for screens that show it). */
  send<E extends TEndpoint>(endpoint: E, ...args: TCallArgs<E>): Promise<TUpstreamReply<TResponseOf<E>>>;
}

/**
 * Replaces the session's tokens with fresh ones, or clears the session and throws a 401 UpstreamError with the
 * server message (or 'Token Expired!'), marked `sessionEnded` so the web learns it from the error itself.
 * Any failed refresh ends the session: the user signs in again rather than keep a session the
 * api could not renew.
 */
export const refreshSession = async (
  session: AuthSession,
  refresher: TRefresher,
  requestId?: string,
): Promise<TTokens> => {
  const refreshToken = session.refreshToken;
  if (!refreshToken) {
    session.clear();
    throw new UpstreamError(401, NO_REFRESH_TOKEN_MESSAGE, undefined, { sessionEnded: true });
  }
  let tokens: TTokens;
  try {
    tokens = await refresher.refresh(refreshToken, requestId);
  } catch (err) {
    session.clear();
    const message = err instanceof UpstreamError ? err.serverMessage : undefined;
    throw new UpstreamError(401, message ?? TOKEN_EXPIRED_MESSAGE, undefined, { cause: err, sessionEnded: true });
  }
  session.setTokens(tokens);
  return tokens;
};

/**
 * True when a JWT access token expires within `marginMs` (its `exp` claim, read without verifying: the api
 * verifies). A token that is not a JWT or has no `exp` is not known to expire: callers use it and see.
 */
export const expiresWithin = (accessToken: string, marginMs: number, now = Date.now()): boolean => {
  const payload = accessToken.split('.')[1];
  if (!payload) return false;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' && exp * 1000 - now < marginMs;
  } catch {
    return false;
  }
};

export const createSessionUpstream = ({
  client,
  refresher,
  session,
  requestId,
  clientIp,
}: {
  client: TUpstreamClient;
  refresher: TRefresher;
  session: AuthSession;
  requestId?: string;
  /** The browser's address (request.ip), passed on to the api. */
  clientIp?: string;
}): TSessionUpstream => {
  const send = async <E extends TEndpoint>(
    endpoint: E,
    ...args: TCallArgs<E>
  ): Promise<TUpstreamReply<TResponseOf<E>>> => {
    const input = args[0];
    const accessToken = session.accessToken ?? undefined;
    if (endpoint.access.kind === 'public') {
      return client.send(endpoint, input, { accessToken, requestId, clientIp });
    }
    try {
      return await client.send(endpoint, input, { accessToken, requestId, clientIp });
    } catch (err) {
      if (!(err instanceof UpstreamError) || err.code !== 401) throw err;
    }
    const tokens = await refreshSession(session, refresher, requestId);
    // Retried once: a second 401 goes back to the caller as it is.
    return client.send(endpoint, input, { accessToken: tokens.access_token, requestId, clientIp });
  };
  return {
    send,
    call: async <E extends TEndpoint>(endpoint: E, ...args: TCallArgs<E>) =>
      (await send(endpoint, ...args)).data,
  };
};
