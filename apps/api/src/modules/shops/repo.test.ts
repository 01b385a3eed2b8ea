import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertOrg, insertUser } from '../../test/fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { shopsRepo } from './repo';

describe.each(DRIVERS)('shops repository scoping on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  it("never returns another organisation's shop", async () => {
    const a = await insertOrg(t, (await insertUser(t, 'a@example.com')).id, 'Org A', 1);
    const b = await insertOrg(t, (await insertUser(t, 'b@example.com')).id, 'Org B', 2);
    const repo = shopsRepo(t.database.db);
    const shopB = b.shops[0]!;

    expect(await repo.getForOrg(b.org.id, shopB.id)).toMatchObject({ id: shopB.id });
    expect(await repo.getForOrg(a.org.id, shopB.id)).toBeNull();
    expect((await repo.listForOrg(a.org.id)).map((s) => s.id)).toEqual([a.shops[0]!.id]);
    expect(await repo.countForOrg(a.org.id)).toBe(1);
    expect(await repo.countForOrg(b.org.id)).toBe(2);
    expect(await repo.getForOrg(a.org.id, 'not-a-uuid')).toBeNull();
  });
});
