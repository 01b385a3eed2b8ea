import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { TSystemState } from './system';
import { STATE_FILE } from './system';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const groupAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Stops the process group global-setup started (serve.mjs and its children) and removes its data. */
export default async function globalTeardown(): Promise<void> {
  if (!existsSync(STATE_FILE)) return; // an already running system was used, or setup never started one
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as TSystemState;
  if (groupAlive(state.pid)) {
    process.kill(-state.pid, 'SIGTERM');
    // serve.mjs gives its children 5 s before it kills them itself.
    for (let i = 0; i < 40 && groupAlive(state.pid); i++) await sleep(250);
    if (groupAlive(state.pid)) process.kill(-state.pid, 'SIGKILL');
  }
  rmSync(STATE_FILE, { force: true });
  if (process.env.E2E_KEEP_DATA) console.info(`[e2e] data kept in ${state.dataDir}`);
  else rmSync(state.dataDir, { recursive: true, force: true });
}
