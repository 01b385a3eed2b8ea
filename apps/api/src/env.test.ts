import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

const KEY = 'ab'.repeat(32);

describe('loadEnv', () => {
  it('names every missing variable', () => {
    expect(() => loadEnv({})).toThrow(EnvError);
    expect(() => loadEnv({})).toThrow(/JWT_SECRET is required.*ENCRYPTION_KEY is required/);
  });

  it('treats empty strings as unset', () => {
    expect(() => loadEnv({ JWT_SECRET: '', ENCRYPTION_KEY: KEY })).toThrow(/JWT_SECRET/);
  });

  it('explains a malformed value', () => {
    expect(() => loadEnv({ JWT_SECRET: 'x', ENCRYPTION_KEY: 'short' })).toThrow(
      /ENCRYPTION_KEY must be 64 hex/,
    );
    expect(() => loadEnv({ JWT_SECRET: 'x', ENCRYPTION_KEY: KEY, API_PORT: 'abc' })).toThrow(/API_PORT/);
  });

  it('fills the embedded defaults', () => {
    const env = loadEnv({ JWT_SECRET: 'x', ENCRYPTION_KEY: KEY, DATA_DIR: '/tmp/x' });
    expect(env).toMatchObject({
      API_HOST: '127.0.0.1',
      API_PORT: 4020,
      DATA_DIR: '/tmp/x',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Feedloom <no-reply@feedloom.test>',
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_GRACE_SECONDS: 10,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('lets overrides win over the source', () => {
    expect(loadEnv({ JWT_SECRET: 'x', ENCRYPTION_KEY: KEY }, { API_PORT: 5000 }).API_PORT).toBe(5000);
  });

  it("points the Google channel at Google's own endpoints, off until its client is configured", () => {
    const env = loadEnv({ JWT_SECRET: 'x', ENCRYPTION_KEY: KEY });
    expect(env).toMatchObject({
      GOOGLE_OAUTH_AUTHORIZE_URL: 'https://accounts.google.com/o/oauth2/v2/auth',
      GOOGLE_OAUTH_TOKEN_URL: 'https://oauth2.googleapis.com/token',
      GOOGLE_MERCHANT_API_URL: 'https://merchantapi.googleapis.com',
      GOOGLE_SITE_VERIFICATION_API_URL: 'https://www.googleapis.com',
      GOOGLE_API_MAX_ATTEMPTS: 6,
    });
    expect(env.GOOGLE_MERCHANT_CLIENT_ID).toBeUndefined();
    expect(() => loadEnv({ JWT_SECRET: 'x', ENCRYPTION_KEY: KEY, GOOGLE_MERCHANT_CLIENT_ID: 'id' })).toThrow(
      /GOOGLE_MERCHANT_CLIENT_SECRET is required with GOOGLE_MERCHANT_CLIENT_ID/,
    );
    expect(() => loadEnv({ JWT_SECRET: 'x', ENCRYPTION_KEY: KEY, GOOGLE_MERCHANT_API_URL: 'not a url' })).toThrow(
      /GOOGLE_MERCHANT_API_URL/,
    );
  });

  it('asks for the client of a configured social sign-in provider', () => {
    const base = { JWT_SECRET: 'x', ENCRYPTION_KEY: KEY, GOOGLE_OIDC_ISSUER: 'https://accounts.google.com' };
    expect(() => loadEnv(base)).toThrow(
      /GOOGLE_OIDC_CLIENT_ID is required.*GOOGLE_OIDC_CLIENT_SECRET is required/,
    );
    const env = loadEnv({ ...base, GOOGLE_OIDC_CLIENT_ID: 'id', GOOGLE_OIDC_CLIENT_SECRET: 'secret' });
    expect(env).toMatchObject({ GOOGLE_OIDC_CLIENT_ID: 'id' });
    expect(env.MICROSOFT_OIDC_ISSUER).toBeUndefined();
  });

  it('limits sign-in attempts by default, and trusts only a proxy on this machine', () => {
    const env = loadEnv({ JWT_SECRET: 'x', ENCRYPTION_KEY: KEY });
    expect(env).toMatchObject({
      TRUST_PROXY: 'loopback',
      AUTH_FREE_ATTEMPTS: 5,
      AUTH_DELAY_BASE_SECONDS: 30,
      AUTH_DELAY_MAX_SECONDS: 900,
      AUTH_ATTEMPT_WINDOW_SECONDS: 86_400,
      AUTH_MAILS_PER_HOUR: 5,
      AUTH_IP_MAX_REQUESTS: 20,
      AUTH_IP_WINDOW_SECONDS: 60,
    });
  });

  it('reads TRUST_PROXY as false or a list of addresses, ranges and names, and names a bad entry', () => {
    const base = { JWT_SECRET: 'x', ENCRYPTION_KEY: KEY };
    expect(loadEnv({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ ...base, TRUST_PROXY: '10.0.0.0/8, loopback,::1,fd00::/8' }).TRUST_PROXY).toBe(
      '10.0.0.0/8,loopback,::1,fd00::/8',
    );
    for (const bad of ['true', '10.0.0.0/33', 'gateway.internal', '10.0.0.1/8/2', '*']) {
      expect(() => loadEnv({ ...base, TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
    expect(() => loadEnv({ ...base, AUTH_FREE_ATTEMPTS: '0' })).toThrow(/AUTH_FREE_ATTEMPTS/);
  });

  it('gives an import a 30 s lease renewed every 10 s, and wants the heartbeat within the lease', () => {
    const base = { JWT_SECRET: 'x', ENCRYPTION_KEY: KEY };
    expect(loadEnv(base)).toMatchObject({ IMPORT_LEASE_SECONDS: 30, IMPORT_HEARTBEAT_SECONDS: 10 });
    expect(() => loadEnv({ ...base, IMPORT_LEASE_SECONDS: '10', IMPORT_HEARTBEAT_SECONDS: '10' })).toThrow(
      'IMPORT_HEARTBEAT_SECONDS must be less than IMPORT_LEASE_SECONDS',
    );
  });
});
