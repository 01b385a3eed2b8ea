// `npm start`: install what is missing, build, migrate, seed and serve everything at one URL.
import { bootstrap, log, run } from './lib.mjs';

bootstrap();
log('building');
run('pnpm', ['turbo', 'run', 'build', '--output-logs=errors-only']);
await import('./serve.mjs');
