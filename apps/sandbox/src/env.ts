import path from 'node:path';
import { z } from 'zod';

const ZPortSchema = z.coerce.number().int().min(0).max(65535);

const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SANDBOX_HOST: z.string().default('127.0.0.1'),
  SANDBOX_PORT: ZPortSchema.default(4010),
  SANDBOX_SMTP_PORT: ZPortSchema.default(2525),
  /** Base URL the sandbox is reached at from outside (issuers, links); http://127.0.0.1:SANDBOX_PORT otherwise. */
  SANDBOX_PUBLIC_URL: z.url().optional(),
  /**
   * Extra OIDC clients, on top of the defaults (feedloom-google / feedloom-microsoft, secret sandbox-secret):
   * either `id:secret,id:secret` (accepted by both providers, any redirect URI) or JSON
   * `[{"client_id","client_secret","provider"?: "google"|"microsoft","redirect_uris"?: [..]}]`.
   */
  SANDBOX_OIDC_CLIENTS: z.string().optional(),
  /** How long a product submitted to the Google stand-in stays pending before it is approved or disapproved. */
  SANDBOX_GOOGLE_REVIEW_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type TEnv = z.infer<typeof ZEnvSchema>;

/** Thrown when the environment is unusable; the message names every bad variable. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** Reads the environment once, at start-up. Empty strings count as unset. */
export const loadEnv = (source: Record<string, string | undefined> = process.env): TEnv => {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ZEnvSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const parsed = ZEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
    });
    throw new EnvError(`Invalid environment: ${problems.join('; ')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
};
