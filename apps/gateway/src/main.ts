import { loadEnv, type TEnv } from './env';
import { buildServer } from './server';

let env: TEnv;
try {
  env = loadEnv();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const app = await buildServer({ env });
try {
  await app.listen({ host: env.HOST, port: env.PORT });
} catch (err) {
  app.log.fatal({ err }, 'gateway failed to start');
  process.exit(1);
}

let isClosing = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (isClosing) return;
  isClosing = true;
  app.log.info({ signal }, 'gateway stopping');
  // Give in-flight requests a moment, but never hang the process manager.
  setTimeout(() => process.exit(1), 10_000).unref();
  void app.close().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
