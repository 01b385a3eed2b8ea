// `pnpm bench`: runs every package's benchmark; each appends its figures to bench-results.json.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { log, ROOT, run } from './lib.mjs';

rmSync(path.join(ROOT, 'bench-results.json'), { force: true });
run('pnpm', ['turbo', 'run', 'bench', '--concurrency=1', ...process.argv.slice(2)]);
log('results in bench-results.json');
