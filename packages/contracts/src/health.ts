import { z } from 'zod';
import { endpoint, PUBLIC } from './endpoint';

export const healthContract = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: PUBLIC,
    response: z.object({
      status: z.enum(['ok', 'degraded']),
      database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latency_ms: z.number() }),
      queue: z.object({ ok: z.boolean(), queued: z.number().int().nullable() }),
      version: z.string(),
    }),
  }),
} as const;
