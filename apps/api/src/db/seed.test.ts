import type { TLoginResponse } from '@feedloom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DRIVERS, type TTestApp } from '../test/test-app';
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
});
