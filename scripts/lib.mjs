// Shared helpers for the root commands: find or install pnpm, run commands, generate embedded secrets.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = JSON.parse(
  readFileSync(path.join(ROOT, 'package.json'), 'utf8'),
).packageManager.split('@')[1];
const LOCAL_BIN = path.join(ROOT, '.tools', 'node_modules', '.bin');

export const log = (msg) => console.log(`\x1b[36m[feedloom]\x1b[0m ${msg}`);

const has = (cmd, env = process.env) =>
  spawnSync('sh', ['-c', `command -v ${cmd}`], { env, stdio: 'ignore' }).status === 0;

/** Environment with pnpm and the workspace's binaries on PATH. */
export const toolEnv = (extra = {}) => ({
  ...process.env,
  PATH: [LOCAL_BIN, path.join(ROOT, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter),
  ...extra,
});

export const run = (cmd, args, opts = {}) => {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, env: toolEnv(), ...opts });
  if (res.status !== 0) {
    log(`failed: ${cmd} ${args.join(' ')} (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
};

/** Installs pnpm when missing (globally, else into .tools/), then the workspace dependencies. */
export const bootstrap = () => {
  if (!has('pnpm', toolEnv())) {
    log(`installing pnpm@${PNPM_VERSION}`);
    const global = spawnSync('npm', ['install', '-g', `pnpm@${PNPM_VERSION}`], { stdio: 'inherit' });
    if (global.status !== 0 || !has('pnpm', toolEnv())) {
      run('npm', ['install', '--no-save', '--prefix', path.join(ROOT, '.tools'), `pnpm@${PNPM_VERSION}`]);
    }
  }
  log('installing dependencies');
  run('pnpm', ['install', ...(process.env.CI ? ['--frozen-lockfile'] : [])]);
};

/** Secrets of the embedded default: generated once and kept in the data directory. */
export const embeddedSecrets = (dataDir) => {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  if (!existsSync(file)) {
    const secrets = {
      SESSION_KEY: randomBytes(32).toString('hex'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8'));
};

export const spawnChild = (name, cmd, args, env) => {
  const child = spawn(cmd, args, { cwd: ROOT, env: toolEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `\x1b[90m${name.padEnd(8)}|\x1b[0m `;
  const pipe = (stream, out) => {
    let buf = '';
    stream.on('data', (chunk) => {
      buf += chunk;
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const line of lines) out.write(prefix + line + '\n');
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  return child;
};
