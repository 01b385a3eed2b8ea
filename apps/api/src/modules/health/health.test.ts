import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { queryRows } from '../../db/client';
import { testEnv } from '../../env';
import { QUEUES } from '../../jobs/boss';
import { startWorkers } from '../../jobs/workers';
import { createLogger } from '../../logger';
import { createServices } from '../../services';
import { lastOtp } from '../../test/fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';

describe.each(DRIVERS)('health and jobs on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { withQueue: true });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  it('reports the database and the queue', async () => {
    const res = await t.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 200,
      data: {
        status: 'ok',
        database: { ok: true, driver },
        queue: { ok: true, queued: 0 },
        version: expect.any(String),
      },
    });
  });

  it('answers 503 with the report when the queue is not running', async () => {
    const env = testEnv();
    const app = await buildApp({ env, database: t.database, log: createLogger(env), jobs: null });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 503,
        data: { status: 'degraded', database: { ok: true }, queue: { ok: false, queued: null } },
      });
    } finally {
      await app.close();
    }
  });

  it('queues a verification mail that SMTP refused, and the worker delivers it', async () => {
    t.mail.failNext(1);
    const res = await t.call<{ user_id: string }>('POST', '/signup', {
      body: { email: 'q@example.com', isAgree: true },
    });
    expect(res.status).toBe(200);
    expect(t.mail.outbox).toHaveLength(0);
    expect(await t.jobs!.boss.getQueueSize(QUEUES.sendMail)).toBe(1);
    // The queued job holds the mail sealed, not the code in clear.
    const jobs = await queryRows<{ data: unknown }>(
      t.database.db,
      sql`select data from pgboss.job where name = ${QUEUES.sendMail}`,
    );
    expect(jobs).toHaveLength(1);
    expect(JSON.stringify(jobs[0]!.data)).not.toMatch(/q@example\.com|verification/);

    const env = testEnv();
    const log = createLogger(env);
    const services = createServices({ env, database: t.database, log, jobs: t.jobs, mailTransport: t.mail });
    await startWorkers(services, log);
    try {
      await expect.poll(() => t.mail.outbox.length, { timeout: 10_000, interval: 100 }).toBe(1);
      expect(lastOtp(t, 'q@example.com')).toMatch(/^\d{6}$/);
    } finally {
      await t.jobs!.boss.offWork(QUEUES.sendMail);
    }
  });
});
