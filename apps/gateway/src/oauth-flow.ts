import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Binds a social sign-in (or a login-service connect) to the browser that started it (login CSRF).
 *
 * The api checks the OIDC `state` (known, unused, same provider, within 10 minutes), but a state is not tied to
 * a browser: a link carrying an attacker's own code and state would sign a victim in as the attacker. So when
 * the gateway hands out an authorization URL it also sets a short-lived HttpOnly cookie holding a hash of that
 * URL's state, and /oauth/callback is only passed on to the api when the cookie is present and matches. A
 * browser that did not start the flow has no such cookie, and a cross-site page cannot set one.
 */

/** The api keeps a state for 10 minutes; the cookie lives as long. */
export const OAUTH_FLOW_MAX_AGE_SECONDS = 600;

export const SOCIAL_FLOW_NOT_STARTED_MESSAGE =
  'This sign-in was not started in this browser. For your security it was not completed; please sign in again.';

/** Said when a channel's consent (Google) comes back to a browser that did not start it. */
export const CHANNEL_FLOW_NOT_STARTED_MESSAGE =
  'This connection was not started in this browser. For your security it was not completed; please connect again.';

/**
 * Over https the `__Host-` prefix makes the browser refuse the cookie from a sibling subdomain or with a Domain
 * attribute, so another site under the same parent domain cannot plant its own flow's hash (cookie tossing).
 * Plain http (development and tests) cannot use the prefix: it requires Secure.
 */
export const oauthFlowCookieName = (secure: boolean): string =>
  secure ? '__Host-feedloom_oauth' : 'feedloom_oauth';

/** The cookies one request sees and sets: Fastify's in the server, an in-memory one in tests. */
export interface TCookieJar {
  /** Whether cookies are set with the Secure flag (COOKIE_SECURE). */
  readonly secure: boolean;
  get(name: string): string | undefined;
  set(name: string, value: string, maxAgeSeconds: number): void;
  clear(name: string): void;
}

const stateHash = (state: string): Buffer => createHash('sha256').update(state, 'utf8').digest();

/**
 * Remembers, in this browser, the state of the authorization URL the api just issued. An URL without a state
 * cannot be bound, so it is refused rather than handed out.
 */
export const startOAuthFlow = (jar: TCookieJar, authUrl: string): void => {
  const state = URL.canParse(authUrl) ? new URL(authUrl).searchParams.get('state') : null;
  if (!state) throw new Error('the authorization URL carries no state');
  jar.set(
    oauthFlowCookieName(jar.secure),
    stateHash(state).toString('base64url'),
    OAUTH_FLOW_MAX_AGE_SECONDS,
  );
};

/**
 * True when this browser started the flow `state` belongs to; the cookie is then cleared (one use). A missing
 * or different cookie is left alone: a forged callback must not cancel the flow the user really started.
 */
export const consumeOAuthFlow = (jar: TCookieJar, state: string): boolean => {
  const name = oauthFlowCookieName(jar.secure);
  const stored = jar.get(name);
  if (!stored) return false;
  const expected = stateHash(state);
  const actual = Buffer.from(stored, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return false;
  jar.clear(name);
  return true;
};
