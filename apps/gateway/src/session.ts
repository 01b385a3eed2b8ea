import {
  ZSessionInfoSchema,
  ZTokensSchema,
  type TLoginResponse,
  type TSessionInfo,
  type TTokens,
} from '@feedloom/contracts';
import { ZSocialProviderSchema } from '@feedloom/validation';
import { z } from 'zod';

/** The Auth session as kept in the encrypted cookie: both tokens and the session fields. */
export const ZStoredAuthSchema = ZTokensSchema.extend({ info: ZSessionInfoSchema });
export type TStoredAuth = z.infer<typeof ZStoredAuthSchema>;

/**
 * A social sign-up waiting for its e-mail code, kept in the browser that signed in: the api lets only the
 * holder of `signup_token` enter the code, and the token never reaches the browser's script.
 */
export const ZSocialSignupSchema = z.object({
  signup_id: z.string(),
  signup_token: z.string(),
  provider: ZSocialProviderSchema,
});
export type TSocialSignup = z.infer<typeof ZSocialSignupSchema>;

/** What the session needs from its storage: the subset of @fastify/secure-session's `Session` it uses. */
export interface TSessionBackend {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(): void;
  deleted: boolean;
}

const AUTH_KEY = 'auth';
const SOCIAL_SIGNUP_KEY = 'social_signup';

/** Typed accessors over the cookie session. Tokens stay in here: nothing returns them to the browser. */
export class AuthSession {
  readonly #backend: TSessionBackend;
  #auth: TStoredAuth | null | undefined;

  constructor(backend: TSessionBackend) {
    this.#backend = backend;
  }

  #read(): TStoredAuth | null {
    if (this.#auth !== undefined) return this.#auth;
    const stored = this.#backend.deleted ? undefined : this.#backend.get(AUTH_KEY);
    if (stored === undefined || stored === null) return (this.#auth = null);
    const parsed = ZStoredAuthSchema.safeParse(stored);
    if (!parsed.success) {
      // A persisted session missing either token is logged out.
      this.clear();
      return null;
    }
    return (this.#auth = parsed.data);
  }

  #write(auth: TStoredAuth): void {
    // A cleared session that is filled again in the same request must be written, not deleted.
    this.#backend.deleted = false;
    this.#backend.set(AUTH_KEY, auth);
    this.#auth = auth;
  }

  get isAuthenticated(): boolean {
    return this.#read() !== null;
  }

  get tokens(): TTokens | null {
    const auth = this.#read();
    return auth ? { access_token: auth.access_token, refresh_token: auth.refresh_token } : null;
  }

  get accessToken(): string | null {
    return this.#read()?.access_token ?? null;
  }

  get refreshToken(): string | null {
    return this.#read()?.refresh_token ?? null;
  }

  get info(): TSessionInfo | null {
    return this.#read()?.info ?? null;
  }

  /** Fills the session from a sign-in reply and returns what the web may see. */
  signIn(response: TLoginResponse): TSessionInfo {
    // Parsing with the info schema drops the tokens (and anything else the web must not see).
    const info = ZSessionInfoSchema.parse(response);
    this.#write({ access_token: response.access_token, refresh_token: response.refresh_token, info });
    return info;
  }

  setTokens(tokens: TTokens): void {
    const auth = this.#read();
    if (!auth) return;
    if (auth.access_token === tokens.access_token && auth.refresh_token === tokens.refresh_token) return;
    this.#write({ ...auth, access_token: tokens.access_token, refresh_token: tokens.refresh_token });
  }

  setInfo(info: TSessionInfo): void {
    const auth = this.#read();
    if (!auth) return;
    // Re-encrypting the cookie costs more than comparing: only write when something changed.
    if (JSON.stringify(auth.info) === JSON.stringify(info)) return;
    this.#write({ ...auth, info });
  }

  /** The social sign-up this browser is finishing, if any. */
  get socialSignup(): TSocialSignup | null {
    if (this.#backend.deleted) return null;
    const parsed = ZSocialSignupSchema.safeParse(this.#backend.get(SOCIAL_SIGNUP_KEY));
    return parsed.success ? parsed.data : null;
  }

  /** Remembers a social sign-up (replacing any earlier one), or forgets it with null. */
  setSocialSignup(signup: TSocialSignup | null): void {
    if (signup) this.#backend.deleted = false;
    this.#backend.set(SOCIAL_SIGNUP_KEY, signup ?? undefined);
  }

  clear(): void {
    this.#auth = null;
    this.#backend.set(AUTH_KEY, undefined);
    this.#backend.delete();
  }
}

/** A session kept in memory, for `createCaller` and tests. */
export const memorySessionBackend = (
  initial?: Record<string, unknown>,
): TSessionBackend & {
  data: Record<string, unknown>;
} => {
  const data: Record<string, unknown> = { ...initial };
  return {
    data,
    deleted: false,
    get: (key) => data[key],
    set(key, value) {
      if (value === undefined) delete data[key];
      else data[key] = value;
    },
    delete() {
      this.deleted = true;
    },
  };
};
