// `npm test`: install what is missing (pnpm, dependencies, Debian's chromium), then every check.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { bootstrap, log, ROOT, run } from './lib.mjs';

const ensureChromium = () => {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  log('installing Debian chromium');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => {
    const res = spawnSync(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (res.status !== 0) {
      log(`apt-get ${args.join(' ')} failed`);
      process.exit(1);
    }
  };
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', 'chromium']);
};

bootstrap();
ensureChromium();
log(process.env.DATABASE_URL ? 'integration tests: PGlite and PostgreSQL' : 'integration tests: PGlite');
run('pnpm', [
  'turbo',
  'run',
  'typecheck',
  'lint',
  'test',
  'build',
  '--output-logs=errors-only',
  '--concurrency=2',
]);

log('end-to-end suite');
const report = path.join(ROOT, 'e2e', 'test-results', 'results.json');
run('pnpm', ['--filter', '@feedloom/e2e', 'test:e2e']);
const results = JSON.parse(readFileSync(report, 'utf8'));
const ran = (results.stats?.expected ?? 0) + (results.stats?.unexpected ?? 0) + (results.stats?.flaky ?? 0);
if (ran === 0) {
  log('the e2e suite ran no test');
  process.exit(1);
}
log(`all checks passed (${ran} e2e tests)`);
