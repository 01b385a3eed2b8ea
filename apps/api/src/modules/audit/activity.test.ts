// The activity log covers every change, not only people and settings: product edits and resets, data-source
// settings and deletion, bulk customisation … with who, when, from which address and before → after; the owner
// filters it by person, area and days and exports it as CSV; it is kept per organisation and never edited.
import type { TAuditEntry, TAuditPage, TDataSource, TProductDetail } from '@feedloom/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importCsv } from '../../test/import';
import { memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';

const CSV = [
  'id,title,description,link,image_link,price,availability,brand,gtin,condition',
  'SKU-1,Linen shirt,A linen shirt,https://shop.example.com/p/1,https://shop.example.com/i/1.jpg,20.00 USD,in_stock,Acme,,new',
  'SKU-2,Wool scarf,A wool scarf,https://shop.example.com/p/2,https://shop.example.com/i/2.jpg,15.00 USD,in_stock,Acme,,new',
].join('\n');

const brief = (e: TAuditEntry) => `${e.action} ${e.entity} ${e.summary}`;

describe.each(DRIVERS)('activity log of every change on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const setup = async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
    const shop = owner.shops[0]!;
    const run = await importCsv(t, { user_id: owner.user.id, org_id: owner.org.id, shop_id: shop.id }, CSV);
    const products = await t.call<{ data: { id: number; offer_id: string }[] }>(
      'GET',
      `/products-data/${shop.id}`,
      { token: owner.token },
    );
    return { owner, shop, run, products: products.body.data.data };
  };
  const log = async (token: string, query = '') => {
    const res = await t.call<TAuditPage>('GET', `/audit-log${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('records a product edit with before → after, who and the address it came from', async () => {
    const { owner, shop, products } = await setup();
    const product = products.find((p) => p.offer_id === 'SKU-1')!;
    const edited = await t.call<TProductDetail>('PUT', '/product-update', {
      token: owner.token,
      headers: { 'x-forwarded-for': '203.0.113.9' },
      body: { shop_id: shop.id, product_id: product.id, data: { brand: 'Northwind' } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const reset = await t.call('PUT', '/product-update', {
      token: owner.token,
      body: { shop_id: shop.id, product_id: product.id, data: { reset_to_source: ['brand'] } },
    });
    expect(reset.status).toBe(200);

    const { data } = await log(owner.token, '?area=products');
    expect(data.map(brief)).toEqual(['reset product Linen shirt', 'updated product Linen shirt']);
    const edit = data[1]!;
    expect(edit).toMatchObject({ entity_id: String(product.id), shop_id: shop.id, ip: '203.0.113.9' });
    expect(edit.actor?.email).toBe('owner@example.com');
    const brandKey = Object.keys(edit.after ?? {}).find((k) => k.startsWith('fields.brand.value'));
    expect(brandKey, JSON.stringify(edit.after)).toBeDefined();
    expect(edit.before?.[brandKey!]).toBe('Acme');
    expect(edit.after?.[brandKey!]).toBe('Northwind');
  });

  it('records data-source settings before → after and deletion; filters by area and by days', async () => {
    const { owner, shop, run } = await setup();
    const sourceId = run.data_source_id;
    const saved = await t.call<TDataSource>('PUT', `/data-source-settings/${shop.id}/${sourceId}`, {
      token: owner.token,
      body: { product_id_format: 'id', inventory_quantity: 7 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const removed = await t.call('DELETE', `/delete-data-source/${shop.id}/${sourceId}`, { token: owner.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    const { data } = await log(owner.token, '?area=data_sources');
    expect(data.map((e) => `${e.action} ${e.entity}`)).toEqual(['deleted data_source', 'updated data_source']);
    const settings = data[1]!;
    expect(Object.values(settings.after ?? {})).toContain('7');
    expect(settings.entity_id).toBe(sourceId);

    // No people or store changes were made: that area is empty.
    expect((await log(owner.token, '?area=people')).data).toEqual([]);
    // The day filter is inclusive and in UTC (the entries carry the database's time).
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const byDay = await log(owner.token, `?area=data_sources&from=${today}&to=${today}`);
    expect(byDay.data.map((e) => e.action)).toEqual(['deleted', 'updated']);
    expect((await log(owner.token, `?from=${tomorrow}`)).data).toEqual([]);
    const refused = await t.call('GET', `/audit-log?from=${today}&to=2000-01-01`, { token: owner.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The end date must not be before the start date.');
  });

  it('exports the filtered log as CSV, readable only by the owner of that organisation', async () => {
    const { owner, shop, products } = await setup();
    await t.call('PUT', '/product-update', {
      token: owner.token,
      body: { shop_id: shop.id, product_id: products[0]!.id, data: { brand: '=HYPERLINK("x")' } },
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit-log/export?area=products',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('activity-log-');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,E-mail,From address,Action,Kind,Id,Summary,Store id,Before,After');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('owner@example.com');
    // A value a spreadsheet would run as a formula is written as text.
    expect(lines[1]).not.toMatch(/(^|,)"?=HYPERLINK/);

    const admin = await memberOf(t, owner.org.id, 'admin@example.com', ['user_management', 'user_management_manage']);
    const notOwner = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit-log/export',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(notOwner.statusCode).toBe(403);
    const other = await ownerWithOrg(t, 'other@example.com', 'Other', 1);
    expect((await log(other.token)).data).toEqual([]);
  });

  it('cannot be edited or deleted, even by the database user of the api', async () => {
    const { owner, shop, products } = await setup();
    await t.call('PUT', '/product-update', {
      token: owner.token,
      body: { shop_id: shop.id, product_id: products[0]!.id, data: { brand: 'Zeta' } },
    });
    await expect(t.database.db.execute(sql`update audit_log set summary = 'nothing happened'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await log(owner.token)).data.map(brief)).toEqual(['updated product Linen shirt']);
  });
});
