import type { TLoginResponse } from '@feedloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVERS, type TTestApp } from '../test/test-app';
import { sql } from 'drizzle-orm';
import { testEnv } from '../env';
import { createLogger } from '../logger';
import { memoryTransport } from '../mail/mailer';
import { createServices } from '../services';
import { queryRows } from './client';
import { seedCatalogue } from './seed-catalogue';
import { DEMO, seed } from './seed';

describe.each(DRIVERS)('seed on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('creates the demo merchant once, and the demo can sign in to its shop', async () => {
    const first = await seed(t.database.db);
    expect(await seed(t.database.db)).toEqual(first);

    const res = await t.call<TLoginResponse>('POST', '/login', {
      body: { email: DEMO.email, password: DEMO.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      user_id: first.user_id,
      first_name: 'Dana',
      last_name: 'Demo',
      profile_created: true,
      organizations_count: 1,
      business_name: 'Demo Outfitters',
      active_org_id: first.organization_id,
      active_shop_id: first.shop_id,
      shops_count: 2,
    });
  });

  it('gives the demo shop a catalogue through the import pipeline, once', async () => {
    const ids = await seed(t.database.db);
    const env = testEnv();
    const services = createServices({
      env,
      database: t.database,
      log: createLogger(env),
      jobs: null,
      mailTransport: memoryTransport(),
    });
    // A smaller catalogue than npm start's 2,000 keeps the test quick; the pipeline is the same.
    const first = await seedCatalogue(t.database.db, services.dataSources, ids, 200);
    expect(first).toEqual({ imported: 200, rejected: 0 });
    expect(await seedCatalogue(t.database.db, services.dataSources, ids, 200)).toBeNull();
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from products where shop_id = ${ids.shop_id}`,
    );
    expect(count!.n).toBe(200);
    const [statuses] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from product_channel_statuses`,
    );
    expect(statuses!.n).toBeGreaterThan(0);
  });
});
