// The per-channel sync page's lists: a connection's sync history page by page with the run going on now, and
// the products the channel's sync holds back with their reasons, page by page; scoped to the caller's shops.
import type { THeldItemPage, TSyncHistory } from '@feedloom/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channel_connections, channel_sync_runs } from '../../db/schema';
import { importCsv } from '../../test/import';
import { memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { SYNC_MSG } from './messages';

const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition';
const row = (id: string, description = `A fine shirt ${id}`) =>
  `${id},Shirt ${id},${description},https://store1.example.com/p/${id},https://store1.example.com/i/${id}.jpg,10.00 USD,in_stock,Acme,,new`;

describe.each(DRIVERS)('the channel sync page lists on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  /** A shop connected to Google with `runs` finished syncs (a minute apart) and one running now. */
  const connectedShop = async (runs: number) => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const shop = owner.shops[0]!;
    const [connection] = await t.database.db
      .insert(channel_connections)
      .values({
        organization_id: owner.org.id,
        shop_id: shop.id,
        channel: 'google',
        state: 'connected',
        account_id: '5550001001',
      })
      .returning();
    const base = t.clock.now().getTime() - 60 * 60_000;
    const at = (i: number) => new Date(base + i * 60_000);
    await t.database.db.insert(channel_sync_runs).values([
      ...Array.from({ length: runs }, (_, i) => ({
        connection_id: connection!.id,
        organization_id: owner.org.id,
        shop_id: shop.id,
        channel: 'google' as const,
        trigger: 'schedule' as const,
        status: 'succeeded' as const,
        started_at: at(i),
        finished_at: at(i),
        considered: 10,
        sent: i,
      })),
      {
        connection_id: connection!.id,
        organization_id: owner.org.id,
        shop_id: shop.id,
        channel: 'google' as const,
        trigger: 'manual' as const,
        status: 'running' as const,
        started_at: at(runs),
        considered: 40,
        sent: 12,
      },
    ]);
    return { owner, shop, other: owner.shops[1]! };
  };

  it('pages through the sync history, newest first, with the run going on now', async () => {
    const { owner, shop, other } = await connectedShop(6);
    const page = (n: number) =>
      t.call<TSyncHistory>('GET', `/sync-history/${shop.id}?channel=google&page=${n}&limit=5`, { token: owner.token });
    const first = await page(1);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.total_records).toBe(7);
    expect(first.body.data.running).toMatchObject({ status: 'running', trigger: 'manual', considered: 40, sent: 12 });
    expect(first.body.data.data.map((r) => [r.status, r.sent])).toEqual([
      ['running', 12],
      ['succeeded', 5],
      ['succeeded', 4],
      ['succeeded', 3],
      ['succeeded', 2],
    ]);
    expect((await page(2)).body.data.data.map((r) => r.sent)).toEqual([1, 0]);
    // A channel never connected has no history.
    const none = await t.call<TSyncHistory>('GET', `/sync-history/${other.id}?channel=bing`, { token: owner.token });
    expect(none.body.data).toEqual({ data: [], total_records: 0, running: null });
    const bad = await t.call('GET', `/sync-history/${shop.id}?channel=amazon`, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Channel must be one of google, bing, facebook');
  });

  it('lists the products the sync holds back with their reasons, page by page', async () => {
    const { owner, shop } = await connectedShop(0);
    const ids = { user_id: owner.user.id, org_id: owner.org.id, shop_id: shop.id };
    // Seven products without a description (Google refuses them), two fine ones.
    const csv = [HEADER, row('OK-1'), ...Array.from({ length: 7 }, (_, i) => row(`BAD-${i + 1}`, '')), row('OK-2')];
    await importCsv(t, ids, csv.join('\n') + '\n');
    const page = (n: number) =>
      t.call<THeldItemPage>('GET', `/held-items/${shop.id}?channel=google&page=${n}&limit=5`, { token: owner.token });
    const first = await page(1);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.total_records).toBe(7);
    expect(first.body.data.data.map((i) => i.offer_id)).toEqual(['BAD-1', 'BAD-2', 'BAD-3', 'BAD-4', 'BAD-5']);
    expect(first.body.data.data[0]).toMatchObject({ title: 'Shirt BAD-1' });
    expect(first.body.data.data[0]!.issues).toContainEqual(
      expect.objectContaining({ attribute: 'description', message: expect.stringMatching(/description/i) }),
    );
    expect((await page(2)).body.data.data.map((i) => i.offer_id)).toEqual(['BAD-6', 'BAD-7']);
  });

  it("answers another organisation's store, and a store outside a member's, as not found", async () => {
    const { owner, other } = await connectedShop(1);
    const stranger = await ownerWithOrg(t, 'stranger@example.com', 'Other');
    const member = await memberOf(t, owner.org.id, 'one@example.com', ['store_management'], [owner.shops[0]!.id]);
    for (const token of [stranger.token, member.token]) {
      for (const path of [`/sync-history/${other.id}?channel=google`, `/held-items/${other.id}?channel=google`]) {
        const res = await t.call('GET', path, { token });
        expect(res.status, path).toBe(404);
        expect(res.body.message, path).toBe(SYNC_MSG.storeNotFound);
      }
    }
  });
});
