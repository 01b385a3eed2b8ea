// Where the e2e harness keeps its bookkeeping; shared by global setup and teardown.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(E2E_DIR, '..');
export const RESULTS_DIR = path.join(E2E_DIR, 'test-results');
/** Output of `node scripts/serve.mjs` (migrate, seed, sandbox, api, gateway). */
export const SYSTEM_LOG = path.join(RESULTS_DIR, 'system.log');
/** pid of the serve.mjs process group and the temporary data directory, for the teardown. */
export const STATE_FILE = path.join(RESULTS_DIR, 'system.json');

export interface TSystemState {
  pid: number;
  dataDir: string;
}
