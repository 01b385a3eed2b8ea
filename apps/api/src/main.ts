// The api's command line: `tsx src/main.ts migrate | seed | serve [--with-worker] | worker`.
import { buildApp } from './app';
import { migrate, openDatabase } from './db/client';
import { seed } from './db/seed';
import { seedCatalogue } from './db/seed-catalogue';
import { EnvError, loadEnv, type TEnv } from './env';
import { startJobs, type TJobs } from './jobs/boss';
import { startWorkers } from './jobs/workers';
import { createLogger } from './logger';
import { createServices } from './services';

const USAGE = 'usage: main.ts migrate | seed | serve [--with-worker] | worker';

const run = async (mode: string | undefined, flags: string[], env: TEnv) => {
  const log = createLogger(env);
  const database = await openDatabase(env);
  let jobs: TJobs | null = null;
  const closers: (() => Promise<unknown>)[] = [];
  const shutdown = async () => {
    for (const close of closers.reverse())
      await close().catch((err) => log.error({ err }, 'shutdown step failed'));
    await jobs?.stop().catch((err) => log.error({ err }, 'stopping the queue failed'));
    await database.close();
  };
  const onSignal = (signal: string) => {
    log.info({ signal }, 'stopping');
    void shutdown().then(() => process.exit(0));
  };

  switch (mode) {
    case 'migrate': {
      await migrate(database);
      // The queue's own tables are installed here too, so replicas start on a ready schema.
      jobs = await startJobs(database, { log, supervise: false });
      await shutdown();
      log.info({ driver: database.driver }, 'migrations applied');
      return;
    }
    case 'seed': {
      const ids = await seed(database.db);
      // The import runs inline here (no queue): the seed step finishes with the catalogue in place.
      const catalogue = await seedCatalogue(
        database.db,
        createServices({ env, database, log, jobs: null }).dataSources,
        ids,
      );
      await shutdown();
      log.info({ ...ids, catalogue }, 'demo merchant seeded: demo@feedloom.test / Demo@12345');
      return;
    }
    case 'serve':
    case 'worker': {
      if (database.driver === 'pglite') {
        if (mode === 'worker') {
          await database.close();
          throw new EnvError(
            'worker mode needs DATABASE_URL: PGlite is one process’s database, run `serve --with-worker` instead',
          );
        }
        // Embedded mode applies its migrations at start-up (production runs `migrate` as a step).
        await migrate(database);
      }
      const withWorker = mode === 'worker' || flags.includes('--with-worker');
      jobs = await startJobs(database, { log, schedule: withWorker });
      const deps = { env, database, log, jobs };
      if (withWorker) {
        await startWorkers(createServices(deps), log);
        log.info('job workers started');
      }
      if (mode === 'serve') {
        const app = await buildApp(deps);
        closers.push(() => app.close());
        await app.listen({ host: env.API_HOST, port: env.API_PORT });
      }
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      return;
    }
    default:
      await database.close();
      throw new EnvError(USAGE);
  }
};

const [mode, ...flags] = process.argv.slice(2);
try {
  await run(mode, flags, loadEnv());
} catch (err) {
  if (err instanceof EnvError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
}
