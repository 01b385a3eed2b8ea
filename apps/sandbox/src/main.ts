import { loadEnv } from './env';
import { parseOidcClients } from './oidc/clients';
import { startSandbox } from './server';

const env = loadEnv();
const sandbox = await startSandbox({
  dataDir: env.DATA_DIR,
  host: env.SANDBOX_HOST,
  port: env.SANDBOX_PORT,
  smtpPort: env.SANDBOX_SMTP_PORT,
  publicUrl: env.SANDBOX_PUBLIC_URL,
  oidcClients: parseOidcClients(env.SANDBOX_OIDC_CLIENTS),
  google: { reviewDelayMs: env.SANDBOX_GOOGLE_REVIEW_DELAY_MS },
  logLevel: env.LOG_LEVEL,
});
sandbox.app.log.info(
  { url: sandbox.url, smtp: `smtp://${env.SANDBOX_HOST}:${sandbox.smtpPort}`, mail: `${sandbox.url}/mail` },
  'sandbox ready',
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  sandbox.app.log.info({ signal }, 'sandbox stopping');
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
