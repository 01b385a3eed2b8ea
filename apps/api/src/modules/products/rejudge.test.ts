// A shop's products judged again after its default condition changed: page by page, each product merged on
// the new default; the channel's word kept for the products that send what they sent, a resend asked for the
// ones whose condition was the old default.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { shops } from '../../db/schema';
import { QUEUES, type TJobs } from '../../jobs/boss';
import { importCsv } from '../../test/import';
import { ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { createShopRejudge, type TShopRejudgeJob } from './rejudge';

const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition';
const row = (id: string, condition: string) =>
  `${id},Kettle ${id},A steel kettle,https://store1.example.com/p/${id},https://store1.example.com/i/${id}.jpg,10.00 USD,in_stock,Acme,4006381333931,${condition}`;

describe.each(DRIVERS)('re-judging a shop on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  it("pages through the shop: what relies on the old default waits for a resend, the rest keeps the channel's word", async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shopId = owner.shops[0]!.id;
    const csv = [HEADER, row('A', ''), row('B', 'new'), row('C', ''), row('D', 'refurbished'), row('E', '')];
    await importCsv(
      t,
      { user_id: owner.user.id, org_id: owner.org.id, shop_id: shopId },
      `${csv.join('\n')}\n`,
    );
    // As if every product had been sent and the channels had approved it.
    await t.database.db.execute(
      sql`update product_channel_statuses set status = 'published' where shop_id = ${shopId}::uuid`,
    );
    await t.database.db.update(shops).set({ default_condition: 'used' }).where(eq(shops.id, shopId));

    const rejudge = createShopRejudge({ db: t.database.db, jobs: null, pageSize: 2 });
    await rejudge.run({ shop_id: shopId, defaults_before: { condition: 'new' } });

    const statuses = await queryRows<{ offer_id: string; channel: string; status: string }>(
      t.database.db,
      sql`select p.offer_id, s.channel, s.status from product_channel_statuses s join products p on p.id = s.product_id
          where s.shop_id = ${shopId}::uuid order by p.offer_id, s.channel`,
    );
    const byOffer = (offer: string) => [
      ...new Set(statuses.filter((s) => s.offer_id === offer).map((s) => s.status)),
    ];
    for (const offer of ['A', 'C', 'E']) expect(byOffer(offer), offer).toEqual(['pending']);
    for (const offer of ['B', 'D']) expect(byOffer(offer), offer).toEqual(['published']);
    expect(statuses).toHaveLength(15);
  });

  it('is queued when the api has a queue', async () => {
    const sent: { name: string; data: object }[] = [];
    const jobs = {
      send: (name: string, data: object) => {
        sent.push({ name, data });
        return Promise.resolve('job-1');
      },
    } as unknown as TJobs;
    const job: TShopRejudgeJob = { shop_id: '00000000-0000-4000-8000-000000000001', defaults_before: {} };
    await createShopRejudge({ db: t.database.db, jobs }).request(job);
    expect(sent).toEqual([{ name: QUEUES.shopRejudge, data: job }]);
  });
});
