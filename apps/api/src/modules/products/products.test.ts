import type {
  TElkSearchResult,
  TProductDebugView,
  TProductDetail,
  TProductPage,
  TStatusCounts,
} from '@feedloom/contracts';
import { PAUSE_VALUES, PRODUCT_MSG } from '@feedloom/validation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { importCsv } from '../../test/import';
import { memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';

const HEADER =
  'id,title,description,link,image_link,price,availability,brand,gtin,condition,product_type,item_group_id,size';
const GTIN = '4006381333931';
const OTHER_GTIN = '2001234567893';

interface TRow {
  id: string;
  title: string;
  brand: string;
  price?: string;
  gtin?: string;
  /** False: no description (an error on every channel the import still takes). */
  described?: boolean;
  type?: string;
  group?: string;
  size?: string;
}
const line = (r: TRow) =>
  [
    r.id,
    r.title,
    r.described === false ? '' : `About ${r.title}`,
    `https://shop.example.com/p/${r.id}`,
    `https://shop.example.com/i/${r.id}.jpg`,
    r.price ?? '10.00 USD',
    'in_stock',
    r.brand,
    r.gtin ?? '',
    'new',
    r.type ?? 'Apparel',
    r.group ?? '',
    r.size ?? '',
  ].join(',');

/** 10 single products (P1…P10; P2, P5 and P8 without a description) and one product with 3 variants (G1). */
const ROWS: TRow[] = [
  ...Array.from({ length: 10 }, (_, i) => ({
    id: `P${i + 1}`,
    title: `${i % 2 ? 'Blue' : 'Red'} shirt ${i + 1}`,
    brand: i < 4 ? 'Acme' : 'Zeta',
    price: `${10 + i * 5}.00 USD`,
    gtin: GTIN,
    described: ![1, 4, 7].includes(i),
    type: i % 3 === 0 ? 'Tops' : 'Bottoms',
  })),
  ...['S', 'M', 'L'].map((size) => ({
    id: `G1-${size}`,
    title: 'Grouped jacket',
    brand: 'Orbit',
    group: 'G1',
    size,
    gtin: GTIN,
  })),
];

describe.each(DRIVERS)('products on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t.close());
  beforeEach(() => t.reset());

  const importRows = async (
    ids: { user_id: string; org_id: string; shop_id: string },
    rows: TRow[],
    dataSourceId?: string,
  ) => {
    const csv = [HEADER, ...rows.map(line)].join('\n') + '\n';
    return importCsv(t, ids, csv, dataSourceId, { holdShare: 0.2, batchSize: 4 });
  };

  const setup = async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme Org');
    const shop = owner.shops[0]!;
    const run = await importRows({ user_id: owner.user.id, org_id: owner.org.id, shop_id: shop.id }, ROWS);
    return { owner, shop, token: owner.token, sourceId: run.data_source_id };
  };

  const list = async (token: string, shopId: string, query: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
    ).toString();
    const res = await t.call<TProductPage>('GET', `/products-data/${shopId}?${qs}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const counts = async (token: string, shopId: string, channel = 'free_listings') => {
    const res = await t.call<TStatusCounts>('GET', `/count-statistics/${shopId}?active_channel=${channel}`, {
      token,
    });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const titles = (page: TProductPage) => page.data.map((p) => p.offer_id);

  it('lists every product with tab counts that add up, newest first or oldest first', async () => {
    const { shop, token } = await setup();
    const page = await list(token, shop.id, { sort_col: 'created_at', order: -1 });
    expect(page.total_records).toBe(11);
    expect(page.total_products).toBe(11);
    expect(page.data[0]!.offer_id).toBe('G1');
    const asc = await list(token, shop.id, { limit: 5 });
    expect(titles(asc)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
    expect(asc.has_next).toBe(true);
    const c = await counts(token, shop.id);
    expect(c.all).toBe(11);
    expect(c.error).toBe(3);
    expect(c.error + c.pending + c.warning + c.submitted + c.published + c.excluded).toBe(11);
    const group = page.data.find((p) => p.offer_id === 'G1')!;
    expect(group.variant_count).toBe(3);
  });

  it('normalises bad parameters to their defaults', async () => {
    const { shop, token } = await setup();
    const page = await list(token, shop.id, {
      page: -3,
      limit: 7,
      order: 5,
      tab: 'nope',
      sort_col: 'price',
      active_channel: 'myspace',
      filters: '{not json',
    });
    expect(page.page).toBe(1);
    expect(page.limit).toBe(25);
    expect(page.total_records).toBe(11);
    expect(titles(page).slice(0, 2)).toEqual(['P1', 'P2']);
  });

  it('serves the error tab from the statuses, and counts follow an edit and a reset to source', async () => {
    const { shop, token } = await setup();
    const errors = await list(token, shop.id, { tab: 'error' });
    expect(titles(errors).sort()).toEqual(['P2', 'P5', 'P8']);
    expect(errors.total_records).toBe(3);
    const p2 = errors.data.find((p) => p.offer_id === 'P2')!;
    expect(p2.icon_state).toBe('errors');
    const issue = p2.issues.find((i) => i.attribute === 'description');
    expect(issue?.severity).toBe('error');
    expect(issue?.layer).toBe('source');

    const fixed = await t.call<TProductDetail>('PUT', '/product-update', {
      token,
      body: {
        shop_id: shop.id,
        product_id: p2.id,
        data: { custom_description: 'A fine shirt', gtin: OTHER_GTIN },
      },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.message).toBe('Product updated.');
    expect(fixed.body.data.fields.gtin).toEqual({
      value: OTHER_GTIN,
      layer: 'override',
      source_value: GTIN,
    });
    expect(fixed.body.data.fields.description!.layer).toBe('override');
    expect(fixed.body.data.channels.find((c) => c.channel === 'google')!.status).not.toBe('error');
    expect(titles(await list(token, shop.id, { tab: 'error' })).sort()).toEqual(['P5', 'P8']);
    expect((await counts(token, shop.id)).error).toBe(2);

    const reset = await t.call<TProductDetail>('PUT', '/product-update', {
      token,
      body: { shop_id: shop.id, product_id: p2.id, data: { reset_to_source: ['description'] } },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Fields reset to their source values.');
    expect(reset.body.data.fields.gtin!.layer).toBe('override');
    expect(reset.body.data.fields.description).toBeUndefined();
    expect((await counts(token, shop.id)).error).toBe(3);
  });

  it('filters to one issue on the active channel (the dashboard top-issue links), composed with tab and search', async () => {
    const { shop, token } = await setup();
    const p2 = (await list(token, shop.id, { tab: 'error' })).data.find((p) => p.offer_id === 'P2')!;
    const code = p2.issues.find((i) => i.attribute === 'description')!.code;
    const byIssue = await list(token, shop.id, { issue_code: code, issue_attribute: 'description' });
    expect(titles(byIssue).sort()).toEqual(['P2', 'P5', 'P8']);
    expect(byIssue.total_records).toBe(3);
    // Microsoft requires a description too; the code alone matches at least the same products.
    const bing = await list(token, shop.id, { active_channel: 'bing_ads', issue_code: code, issue_attribute: 'description' });
    expect(titles(bing).sort()).toEqual(['P2', 'P5', 'P8']);
    expect(titles(await list(token, shop.id, { issue_code: code })).length).toBeGreaterThanOrEqual(3);
    expect(titles(await list(token, shop.id, { issue_code: code, issue_attribute: 'description', search: 'Blue' })).sort()).toEqual(['P2', 'P8']);
    expect((await list(token, shop.id, { issue_code: code, issue_attribute: 'description', tab: 'pending' })).total_records).toBe(0);
    expect((await list(token, shop.id, { issue_code: 'no_such_issue' })).total_records).toBe(0);
    // An empty parameter is no filter; a bad one is refused, never a 5xx.
    expect((await list(token, shop.id, { issue_code: '' })).total_records).toBe(11);
    for (const bad of ['missing\u0007required', 'x'.repeat(101)]) {
      const res = await t.call('GET', `/products-data/${shop.id}?${new URLSearchParams({ issue_code: bad })}`, { token });
      expect(res.status).toBe(400);
    }
    const res = await t.call('GET', `/products-data/${shop.id}?${new URLSearchParams({ issue_attribute: 'a\u0000b' })}`, { token });
    expect(res.status).toBe(400);
  });

  it('keeps each product’s per-channel status current whoever writes the statuses', async () => {
    const { shop, token } = await setup();
    const db = t.database.db;
    const drift = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from products p
              left join product_channel_statuses g on g.product_id = p.id and g.channel = 'google'
              left join product_channel_statuses m on m.product_id = p.id and m.channel = 'microsoft'
              left join product_channel_statuses f on f.product_id = p.id and f.channel = 'meta'
              where p.shop_id = ${shop.id}::uuid and ((p.google_status, p.microsoft_status, p.meta_status)
                is distinct from (g.status, m.status, f.status))`,
        )
      )[0]!.n;
    expect(await drift()).toBe(0);
    const p1 = (await list(token, shop.id, { search: 'Red shirt 1' })).data.find((p) => p.offer_id === 'P1')!;
    // The sync engine writes statuses with its own UPDATEs (a channel's verdict): the list follows.
    await db.execute(sql`update product_channel_statuses set status = 'disapproved'
                         where product_id = ${p1.id} and channel = 'google'`);
    expect(titles(await list(token, shop.id, { tab: 'disapproved' }))).toEqual(['P1']);
    expect((await list(token, shop.id, { tab: 'disapproved', active_channel: 'meta_ads' })).data).toEqual([]);
    expect((await counts(token, shop.id)).disapproved).toBe(1);
    // An issues-only update leaves the product alone; a deleted status takes it out of every tab of its channel.
    await db.execute(sql`update product_channel_statuses set issues = '[]'::jsonb where product_id = ${p1.id}`);
    expect(await drift()).toBe(0);
    await db.execute(sql`delete from product_channel_statuses where product_id = ${p1.id} and channel = 'google'`);
    expect((await list(token, shop.id, { tab: 'disapproved' })).data).toEqual([]);
    expect(await drift()).toBe(0);
  });

  it('keeps counts right after a re-import that removes and changes products', async () => {
    const { owner, shop, token, sourceId } = await setup();
    const before = await counts(token, shop.id);
    // P10 goes (1 of 11 is under the hold share), P1 loses its description.
    const next = ROWS.filter((r) => r.id !== 'P10').map((r) =>
      r.id === 'P1' ? { ...r, described: false } : r,
    );
    const run = await importRows(
      { user_id: owner.user.id, org_id: owner.org.id, shop_id: shop.id },
      next,
      sourceId,
    );
    expect(run.rows_removed).toBe(1);
    const after = await counts(token, shop.id);
    expect(after.all).toBe(10);
    expect(after.error).toBe(before.error + 1);
    const page = await list(token, shop.id, { tab: 'error' });
    expect(page.total_records).toBe(after.error);
  });

  it('keeps the kept counts consistent when a data source or a whole shop goes', async () => {
    const { shop, sourceId } = await setup();
    const db = t.database.db;
    const countRows = () =>
      queryRows<{ channel: string; status: string; n: number }>(
        db,
        sql`select channel, status, n from product_status_counts where shop_id = ${shop.id}::uuid and n <> 0 order by 1, 2`,
      );
    const recount = () =>
      queryRows<{ channel: string; status: string; n: number }>(
        db,
        sql`select channel, status, count(*)::int as n from product_channel_statuses
            where shop_id = ${shop.id}::uuid group by 1, 2
            union all select '*', 'all', count(*)::int from products where shop_id = ${shop.id}::uuid having count(*) > 0
            order by 1, 2`,
      );
    expect(await countRows()).toEqual(await recount());
    await db.execute(
      sql`delete from products where data_source_id = ${sourceId}::uuid and product_key in ('P1', 'P2')`,
    );
    // A product's statuses go with it (migration 0019's trigger, in place of a foreign key), a shop's too.
    const orphans = () =>
      queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from product_channel_statuses s
            where s.shop_id = ${shop.id}::uuid and not exists (select 1 from products p where p.id = s.product_id)`,
      );
    expect(await orphans()).toEqual([{ n: 0 }]);
    expect(await countRows()).toEqual(await recount());
    await db.execute(sql`delete from shops where id = ${shop.id}::uuid`);
    expect(await countRows()).toEqual([]);
    expect(await recount()).toEqual([]);
  });

  it('searches title, SKU, brand and GTIN, and variant fields exactly', async () => {
    const { shop, token } = await setup();
    expect(titles(await list(token, shop.id, { search: 'blue shirt' }))).toEqual([
      'P2',
      'P4',
      'P6',
      'P8',
      'P10',
    ]);
    expect((await list(token, shop.id, { search: 'orbit' })).total_records).toBe(1);
    expect(titles(await list(token, shop.id, { search: 'G1-M' }))).toEqual(['G1']);
    expect((await list(token, shop.id, { search: 'G1-' })).total_records).toBe(0);
    expect((await list(token, shop.id, { search: '100%_' })).total_records).toBe(0);
  });

  it('applies advanced filter rows (all conditions of a row, any row) composed with tab and search', async () => {
    const { shop, token } = await setup();
    const filters = (rows: unknown) => JSON.stringify(rows);
    const acme = filters([{ row: [{ field_name: 'brand', operator: 'equals', value: 'acme', unit: null }] }]);
    expect(titles(await list(token, shop.id, { filters: acme }))).toEqual(['P1', 'P2', 'P3', 'P4']);
    const twoRows = filters([
      {
        row: [
          { field_name: 'brand', operator: 'equals', value: 'Zeta', unit: null },
          { field_name: 'price', operator: 'greater_than', value: '45', unit: null },
        ],
      },
      { row: [{ field_name: 'title', operator: 'starts_with', value: 'Grouped', unit: null }] },
    ]);
    const page = await list(token, shop.id, { filters: twoRows });
    expect(titles(page)).toEqual(['P9', 'P10', 'G1']);
    expect(page.total_records).toBe(3);
    expect(titles(await list(token, shop.id, { filters: twoRows, tab: 'error' }))).toEqual([]);
    expect(titles(await list(token, shop.id, { filters: acme, search: 'red' }))).toEqual(['P1', 'P3']);

    const bad = await t.call(
      'GET',
      `/products-data/${shop.id}?filters=${encodeURIComponent(
        filters([{ row: [{ field_name: 'price', operator: 'contains', value: '1', unit: null }] }]),
      )}`,
      { token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Filter: This operator cannot be used with this field.');
  });

  it('pages by keyset in both directions with the same rows as page numbers, for every sort', async () => {
    const { shop, token } = await setup();
    for (const [sort_col, order] of [
      ['created_at', 1],
      ['created_at', -1],
      ['brand', 1],
      ['brand', -1],
      ['product_type', 1],
    ] as const) {
      const base = { sort_col, order, limit: 5 };
      const p1 = await list(token, shop.id, { ...base, page: 1 });
      const p2 = await list(token, shop.id, { ...base, page: 2 });
      const p3 = await list(token, shop.id, { ...base, page: 3 });
      const next = await list(token, shop.id, {
        ...base,
        page: 2,
        last_internal_product_id: p1.data.at(-1)!.id,
      });
      expect(titles(next)).toEqual(titles(p2));
      const last = await list(token, shop.id, {
        ...base,
        page: 3,
        last_internal_product_id: next.data.at(-1)!.id,
      });
      expect(titles(last)).toEqual(titles(p3));
      expect(last.has_next).toBe(false);
      const back = await list(token, shop.id, {
        ...base,
        page: 2,
        first_internal_product_id: last.data[0]!.id,
      });
      expect(titles(back)).toEqual(titles(p2));
      const first = await list(token, shop.id, {
        ...base,
        page: 1,
        first_internal_product_id: back.data[0]!.id,
      });
      expect(titles(first)).toEqual(titles(p1));
      expect(first.has_previous).toBe(false);
      expect(next.total_records).toBe(11);
    }
    const brands = await list(token, shop.id, { sort_col: 'brand', order: -1 });
    expect(brands.data.map((p) => p.brand).slice(0, 7)).toEqual(Array(6).fill('Zeta').concat('Orbit'));
  });

  it('pages a narrowed view (search, filter, status tab) by keyset like by page number, with its own total', async () => {
    const { shop, token } = await setup();
    const filters = JSON.stringify([{ row: [{ field_name: 'brand', operator: 'equals', value: 'Zeta', unit: null }] }]);
    const views: Record<string, string | number>[] = [
      { search: 'shirt', sort_col: 'brand', order: 1 },
      { filters, sort_col: 'created_at', order: -1 },
      { tab: 'pending', sort_col: 'product_type', order: -1 },
      { tab: 'pending', search: 'shirt', sort_col: 'created_at', order: 1 },
    ];
    for (const view of views) {
      const base = { ...view, limit: 5 };
      const p1 = await list(token, shop.id, { ...base, page: 1 });
      const p2 = await list(token, shop.id, { ...base, page: 2 });
      expect(p1.total_records).toBeGreaterThan(5);
      const byOffset = [...titles(p1), ...titles(p2)];
      const next = await list(token, shop.id, { ...base, page: 2, last_internal_product_id: p1.data.at(-1)!.id });
      expect(titles(next)).toEqual(titles(p2));
      expect(next.total_records).toBe(p1.total_records);
      const back = await list(token, shop.id, { ...base, page: 1, first_internal_product_id: next.data[0]!.id });
      expect(titles(back)).toEqual(titles(p1));
      expect(back.total_records).toBe(p1.total_records);
      expect(new Set(byOffset).size).toBe(Math.min(10, p1.total_records));
    }
  });

  it('gives the neighbour for detail navigation (use_case=product_detail, limit 1)', async () => {
    const { shop, token } = await setup();
    const all = await list(token, shop.id, { tab: 'error' });
    const middle = all.data[1]!;
    const next = await list(token, shop.id, {
      tab: 'error',
      use_case: 'product_detail',
      limit: 25,
      last_internal_product_id: middle.id,
    });
    expect(titles(next)).toEqual([all.data[2]!.offer_id]);
    const prev = await list(token, shop.id, {
      tab: 'error',
      use_case: 'product_detail',
      first_internal_product_id: middle.id,
    });
    expect(titles(prev)).toEqual([all.data[0]!.offer_id]);
  });

  it('shows the detail with layers, variants and per-channel issues; refuses a bad edit with the spec message', async () => {
    const { shop, token } = await setup();
    const g1 = (await list(token, shop.id, { search: 'Grouped' })).data[0]!;
    const detail = await t.call<TProductDetail>('GET', `/product-detail/${shop.id}/${g1.id}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.variants.map((v) => v.offer_id)).toEqual(['G1-S', 'G1-M', 'G1-L']);
    expect(detail.body.data.fields.title).toEqual({
      value: 'Grouped jacket',
      layer: 'source',
      source_value: 'Grouped jacket',
    });
    expect(detail.body.data.channels.map((c) => c.channel).sort()).toEqual(['google', 'meta', 'microsoft']);

    const variants = await t.call<{ data: { offer_id: string }[]; total_records: number }>(
      'GET',
      `/variants-data/${shop.id}/${g1.id}?search=G1-L`,
      { token },
    );
    expect(variants.status, JSON.stringify(variants.body)).toBe(200);
    expect(variants.body.data.data.map((v) => v.offer_id)).toEqual(['G1-L']);

    const empty = await t.call('PUT', '/product-update', {
      token,
      body: { shop_id: shop.id, product_id: g1.id, data: { custom_title: '  ' } },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Title is required.');

    // A key no attribute has (a misspelt field) is refused, naming it, instead of "Product updated." with
    // nothing changed; so is one beside `data`.
    const misspelt = await t.call('PUT', '/product-update', {
      token,
      body: { shop_id: shop.id, product_id: g1.id, data: { custom_title: 'Winter jacket', colour: 'Red' } },
    });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.message).toBe(
      'Unknown field: colour. It is not a product attribute, so nothing was changed.',
    );
    const beside = await t.call('PUT', '/product-update', {
      token,
      body: { shop_id: shop.id, product_id: g1.id, title: 'Winter jacket', data: {} },
    });
    expect(beside.status).toBe(400);
    expect(beside.body.message).toBe(
      'Unknown field: title. It is not a product attribute, so nothing was changed.',
    );
    const unchanged = await t.call<TProductDetail>('GET', `/product-detail/${shop.id}/${g1.id}`, { token });
    expect(unchanged.body.data.fields.title!.layer).toBe('source');

    const edited = await t.call<TProductDetail>('PUT', '/product-update', {
      token,
      body: { shop_id: shop.id, product_id: g1.id, data: { custom_title: 'Winter jacket', brand: 'Polar' } },
    });
    expect(edited.body.data.fields.title!.layer).toBe('override');
    expect((await list(token, shop.id, { search: 'winter' })).total_records).toBe(1);
    expect(titles(await list(token, shop.id, { sort_col: 'brand', order: 1 }))[4]).toBe('G1');

    const whole = await t.call<TProductDetail>('PUT', '/product-update', {
      token,
      body: { shop_id: shop.id, product_id: g1.id, data: { reset: true } },
    });
    expect(whole.body.message).toBe('Product reset to its source values.');
    expect(whole.body.data.fields.title!.value).toBe('Grouped jacket');
    expect(whole.body.data.fields.brand!.layer).toBe('source');
  });

  it("does not show another organisation's products or shops, and checks the module permission", async () => {
    const { owner, shop, token } = await setup();
    const p = (await list(token, shop.id)).data[0]!;
    const other = await ownerWithOrg(t, 'other@example.com', 'Other Org');
    const otherShop = other.shops[0]!;
    expect((await t.call('GET', `/products-data/${shop.id}`, { token: other.token })).status).toBe(404);
    expect(
      (await t.call('GET', `/product-detail/${otherShop.id}/${p.id}`, { token: other.token })).status,
    ).toBe(404);
    const put = await t.call('PUT', '/product-update', {
      token: other.token,
      body: { shop_id: otherShop.id, product_id: p.id, data: { brand: 'Stolen' } },
    });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe('Product not found.');

    const reader = await memberOf(t, owner.org.id, 'reader@example.com', ['product_and_promotions_feed']);
    expect((await t.call('GET', `/products-data/${shop.id}`, { token: reader.token })).status).toBe(200);
    const denied = await t.call('PUT', '/product-update', {
      token: reader.token,
      body: { shop_id: shop.id, product_id: p.id, data: { brand: 'Nope' } },
    });
    expect(denied.status).toBe(403);
    const outsider = await memberOf(t, owner.org.id, 'ds@example.com', ['data_source_management']);
    expect((await t.call('GET', `/products-data/${shop.id}`, { token: outsider.token })).status).toBe(403);
  });

  it('offers filter fields and the values in use', async () => {
    const { shop, token } = await setup();
    const fields = await t.call<{
      fields: { field_name: string; operators: string[]; units: string[] | null }[];
    }>('GET', `/filter-option-data/${shop.id}`, { token });
    const price = fields.body.data.fields.find((f) => f.field_name === 'price')!;
    expect(price.operators).toContain('greater_than');
    expect(fields.body.data.fields.find((f) => f.field_name === 'product_weight')!.units).toContain('kg');
    const brands = await t.call<{ options: { value: string; count: number }[] }>(
      'GET',
      `/get-available-options/${shop.id}?field=brand`,
      { token },
    );
    expect(brands.body.data.options).toEqual([
      { value: 'Zeta', count: 6 },
      { value: 'Acme', count: 4 },
      { value: 'Orbit', count: 1 },
    ]);
  });

  it('edits every field group with the messages, per field and per variant', async () => {
    const { shop, token } = await setup();
    const p1 = (await list(token, shop.id, { search: 'shirt 1' })).data.find((p) => p.offer_id === 'P1')!;
    const put = (data: Record<string, unknown>, variant_id?: string) =>
      t.call<TProductDetail>('PUT', '/product-update', {
        token,
        body: { shop_id: shop.id, product_id: p1.id, data, ...(variant_id ? { variant_id } : {}) },
      });
    const refused = async (data: Record<string, unknown>, message: string) => {
      const res = await put(data);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await refused({ highlights: ['Only one'] }, 'At least 2 highlights are required (combined).');
    await refused({ highlights: ['x'.repeat(151), 'Fine'] }, PRODUCT_MSG.highlightMax);
    await refused(
      { detail: [{ section_name: 'Fabric', attribute_name: 'Cotton', attribute_value: '' }] },
      PRODUCT_MSG.attributeValueRequired,
    );
    await refused({ certifications: [{ certification_code: 'A1' }] }, PRODUCT_MSG.certificationNameRequired);
    await refused(
      { product_weight: { value: 1500, unit: 'kg' } },
      PRODUCT_MSG.range('Product weight', 0, 1000, 'kg'),
    );
    await refused({ shipping_length: { value: 12 } }, PRODUCT_MSG.valueAndUnit);
    await refused({ custom_description: ' ' }, 'Description is required.');
    await refused({ custom_label0: ' padded' }, PRODUCT_MSG.labelSpaces);
    await refused({ pause: 'sometimes' }, PRODUCT_MSG.enumValue('Pause', PAUSE_VALUES));

    const edited = await put({
      custom_title: 'Red shirt deluxe',
      custom_description: 'A deluxe red shirt.',
      highlights: ['Soft cotton', 'Machine washable'],
      detail: [{ section_name: 'Fabric', attribute_name: 'Material', attribute_value: 'Cotton' }],
      certifications: [
        {
          certification_authority: 'European_Commission',
          certification_name: 'EPREL',
          certification_code: '123456',
        },
      ],
      product_length: { value: 30, unit: 'cm' },
      product_weight: { value: 0.4, unit: 'kg' },
      shipping_weight: { value: 1, unit: 'lb' },
      product_submission_control: { control5: true },
      pause: 'ads',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const f = edited.body.data.fields;
    expect(f.highlights).toEqual({
      value: ['Soft cotton', 'Machine washable'],
      layer: 'override',
      source_value: null,
    });
    expect(f.detail!.value).toEqual([
      { section_name: 'Fabric', attribute_name: 'Material', attribute_value: 'Cotton' },
    ]);
    expect(f.certifications!.layer).toBe('override');
    expect(f.product_weight!.value).toEqual({ value: 0.4, unit: 'kg' });
    expect(f.pause!.value).toBe('ads');
    // control5 (Meta ads) excludes the product from Meta only.
    const byChannel = Object.fromEntries(edited.body.data.channels.map((c) => [c.channel, c.status]));
    expect(byChannel.meta).toBe('excluded');
    expect(byChannel.google).not.toBe('excluded');
    expect((await counts(token, shop.id, 'meta_ads')).excluded).toBe(1);

    const resubmitted = await put({ resubmit: ['title', 'highlights'] });
    expect(resubmitted.body.message).toBe('Resubmission requested.');
    expect(resubmitted.body.data.resubmission?.fields).toEqual(['title', 'highlights']);

    const oneReset = await put({ reset_to_source: ['highlights'] });
    expect(oneReset.body.message).toBe('Fields reset to their source values.');
    expect(oneReset.body.data.fields.highlights).toBeUndefined();
    expect(oneReset.body.data.fields.title!.layer).toBe('override');

    // A variant is edited on its own layer; the product's other variants keep the source value.
    const g1 = (await list(token, shop.id, { search: 'Grouped' })).data[0]!;
    const detail = await t.call<TProductDetail>('GET', `/product-detail/${shop.id}/${g1.id}`, { token });
    const variant = detail.body.data.variants[1]!;
    const v = await t.call<TProductDetail>('PUT', '/product-update', {
      token,
      body: {
        shop_id: shop.id,
        product_id: g1.id,
        variant_id: variant.id,
        data: { color: 'Navy', size: 'XL' },
      },
    });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    const [s, m] = v.body.data.variants;
    expect(m!.fields.size).toEqual({ value: 'XL', layer: 'override', source_value: 'M' });
    expect(s!.fields.size!.layer).toBe('source');
    const missing = await t.call('PUT', '/product-update', {
      token,
      body: { shop_id: shop.id, product_id: g1.id, variant_id: 'nope', data: { color: 'Navy' } },
    });
    expect(missing.status).toBe(404);
  });

  it('edits the links, images and identifiers channel issues name, with their layers, per product and variant', async () => {
    const { shop, token } = await setup();
    const p1 = (await list(token, shop.id, { search: 'shirt 1' })).data.find((p) => p.offer_id === 'P1')!;
    const put = (data: Record<string, unknown>, product_id = p1.id, variant_id?: string) =>
      t.call<TProductDetail>('PUT', '/product-update', {
        token,
        body: { shop_id: shop.id, product_id, data, ...(variant_id ? { variant_id } : {}) },
      });
    const bad = await put({ image_link: 'cdn.example.com/a.jpg' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(PRODUCT_MSG.urlInvalid('Image link'));
    expect(JSON.stringify(bad.body)).toContain('image_link');
    const tooMany = await put({
      additional_image_links: Array.from({ length: 21 }, (_, i) => `https://cdn.example.com/${i}.jpg`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(PRODUCT_MSG.additionalImagesMax);

    // Emptying the image link is an override the channels then report as missing, naming that layer.
    const emptied = await put({ image_link: '' });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    const google = emptied.body.data.channels.find((c) => c.channel === 'google')!;
    expect(google.status).toBe('error');
    expect(google.issues).toContainEqual(
      expect.objectContaining({ code: 'missing_required', attribute: 'image_link', layer: 'override' }),
    );

    const edited = await put({
      image_link: 'https://cdn.example.com/p1-new.jpg',
      additional_image_links: ['https://cdn.example.com/p1-b.jpg'],
      link: 'https://shop.example.com/p/P1?ref=feed',
      mpn: 'MPN-1',
      identifier_exists: true,
      upi_management_status: 2,
      availability_date: '2027-03-01',
      sale_price_effective_date: '2027-02-24/2027-02-28',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const f = edited.body.data.fields;
    expect(f.image_link).toEqual({
      value: 'https://cdn.example.com/p1-new.jpg',
      layer: 'override',
      source_value: 'https://shop.example.com/i/P1.jpg',
    });
    expect(f.additional_image_links!.value).toEqual(['https://cdn.example.com/p1-b.jpg']);
    expect(f.link!.layer).toBe('override');
    expect(f.mpn!.value).toBe('MPN-1');
    expect(f.identifier_exists!.value).toBe(true);
    expect(f.upi_management_status!.value).toBe(2);
    expect(edited.body.data.channels.find((c) => c.channel === 'google')!.issues).not.toContainEqual(
      expect.objectContaining({ attribute: 'image_link' }),
    );
    // Shipping rules: prices in the product's currency, the country upper-cased.
    const shipped = await put({
      shipping: [{ country: 'us', service: 'Ground', price: 4.5, min_transit_time: 1, max_transit_time: 3 }],
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.data.fields.shipping!.value).toEqual([
      {
        country: 'US',
        service: 'Ground',
        price: { value: 4.5, currency: 'USD' },
        min_transit_time: 1,
        max_transit_time: 3,
      },
    ]);
    const badShipping = await put({ shipping: [{ country: 'USA' }] });
    expect(badShipping.status).toBe(400);
    expect(badShipping.body.message).toBe(PRODUCT_MSG.shippingCountry);

    const reset = await put({ reset_to_source: ['image_link'] });
    expect(reset.body.data.fields.image_link).toEqual({
      value: 'https://shop.example.com/i/P1.jpg',
      layer: 'source',
      source_value: 'https://shop.example.com/i/P1.jpg',
    });

    // A product whose pictures are on its variants shows its first variant's in the list; a variant's
    // image link is its own.
    const g1 = (await list(token, shop.id, { search: 'Grouped' })).data[0]!;
    expect(g1.image_link).toBe('https://shop.example.com/i/G1-S.jpg');
    const detail = await t.call<TProductDetail>('GET', `/product-detail/${shop.id}/${g1.id}`, { token });
    const variant = detail.body.data.variants[2]!;
    const v = await put({ image_link: 'https://cdn.example.com/g1-l.jpg', mpn: 'G1-L' }, g1.id, variant.id);
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    expect(v.body.data.variants[2]!.fields.image_link).toEqual({
      value: 'https://cdn.example.com/g1-l.jpg',
      layer: 'override',
      source_value: 'https://shop.example.com/i/G1-L.jpg',
    });
    expect(v.body.data.variants[0]!.fields.image_link!.layer).toBe('source');
  }, 60_000);

  it('shows the debug view per channel: each attribute with its value, layer and issues', async () => {
    const { shop, token, owner } = await setup();
    const p2 = (await list(token, shop.id, { search: 'shirt 2' })).data.find((p) => p.offer_id === 'P2')!;
    await t.call('PUT', '/product-update', {
      token,
      body: { shop_id: shop.id, product_id: p2.id, data: { brand: 'Polar' } },
    });
    const view = await t.call<TProductDebugView>(
      'GET',
      `/product-debug-view/${shop.id}/${p2.id}?channel=microsoft`,
      {
        token,
      },
    );
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.data.channel).toBe('microsoft');
    expect(view.body.data.status).toBe('error');
    const [item] = view.body.data.items;
    const attr = (name: string) => item!.attributes.find((a) => a.attribute === name);
    expect(attr('brand')).toMatchObject({ value: 'Polar', layer: 'override', issues: [] });
    expect(attr('title')).toMatchObject({ value: 'Blue shirt 2', layer: 'source' });
    // P2 has no description: Microsoft requires one.
    expect(attr('description')!.issues.map((i) => i.severity)).toContain('error');
    expect(attr('description')!.value).toBeNull();

    const g1 = (await list(token, shop.id, { search: 'Grouped' })).data[0]!;
    const detail = await t.call<TProductDetail>('GET', `/product-detail/${shop.id}/${g1.id}`, { token });
    const one = await t.call<TProductDebugView>(
      'GET',
      `/product-debug-view/${shop.id}/${g1.id}?channel=google&variant_id=${detail.body.data.variants[2]!.id}`,
      { token },
    );
    expect(one.body.data.items.map((i) => i.offer_id)).toEqual(['G1-L']);
    expect(
      (await t.call('GET', `/product-debug-view/${shop.id}/${g1.id}?variant_id=nope`, { token })).status,
    ).toBe(404);

    const other = await ownerWithOrg(t, 'other@example.com', 'Other Org');
    expect(
      (await t.call('GET', `/product-debug-view/${other.shops[0]!.id}/${p2.id}`, { token: other.token }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/product-debug-view/${shop.id}/${p2.id}`, { token: other.token })).status,
    ).toBe(404);
    expect(owner.org.id).toBeTruthy();
  });

  it('serves search/elk-search over title, SKU, brand and GTIN, variants exactly, in the shop only', async () => {
    const { shop, token } = await setup();
    const search = (q: string) =>
      t.call<TElkSearchResult>('GET', `/search/elk-search?shop_id=${shop.id}&${q}`, { token });
    const shirts = await search('search_value=shirt');
    expect(shirts.status, JSON.stringify(shirts.body)).toBe(200);
    expect(shirts.body.data.data).toHaveLength(10);
    expect((await search('search_value=zeta')).body.data.data).toHaveLength(6);
    expect((await search('search_value=G1-M')).body.data.data.map((p) => p.offer_id)).toEqual(['G1']);
    expect((await search('search_value=G1-')).body.data.data.map((p) => p.offer_id)).toEqual([]);
    const blank = await search('search_value=');
    expect(blank.status).toBe(400);
    expect((await search(`search_value=a%00b`)).status).toBe(400);
    const other = await ownerWithOrg(t, 'other@example.com', 'Other Org');
    expect(
      (
        await t.call('GET', `/search/elk-search?shop_id=${shop.id}&search_value=shirt`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);
  });
});
