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

  it('asks for the client of a configured social sign-in provider', () => {
    const base = { JWT_SECRET: 'x', ENCRYPTION_KEY: KEY, GOOGLE_OIDC_ISSUER: 'https://accounts.google.com' };
    expect(() => loadEnv(base)).toThrow(/GOOGLE_OIDC_CLIENT_ID is required.*GOOGLE_OIDC_CLIENT_SECRET is required/);
    const env = loadEnv({ ...base, GOOGLE_OIDC_CLIENT_ID: 'id', GOOGLE_OIDC_CLIENT_SECRET: 'secret' });
    expect(env).toMatchObject({ GOOGLE_OIDC_CLIENT_ID: 'id' });
    expect(env.MICROSOFT_OIDC_ISSUER).toBeUndefined();
  });
});
