import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { contract } from '@feedloom/contracts';
import { ping, type TDatabase } from '../../db/client';
import type { TJobs } from '../../jobs/boss';
import { API_ROOT } from '../../lib/paths';

type THealth = z.output<typeof contract.health.health.response>;

const VERSION: string = (() => {
  try {
    return (
      JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    return '0.0.0';
  }
})();

export const createHealthService = (deps: { database: TDatabase; jobs: TJobs | null }) => ({
  check: async (): Promise<THealth> => {
    const database = { ok: false, driver: deps.database.driver, latency_ms: 0 };
    try {
      database.latency_ms = await ping(deps.database.db);
      database.ok = true;
    } catch {
      /* reported as not ok */
    }
    const queue: THealth['queue'] = { ok: false, queued: null };
    if (deps.jobs) {
      try {
        queue.queued = await deps.jobs.queued();
        queue.ok = true;
      } catch {
        /* reported as not ok */
      }
    }
    return { status: database.ok && queue.ok ? 'ok' : 'degraded', database, queue, version: VERSION };
  },
});
