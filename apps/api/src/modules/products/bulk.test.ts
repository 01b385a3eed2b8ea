import type { TBulkDraft, TBulkRun, TProductDetail, TProductPage } from '@feedloom/contracts';
import type { TBulkDraftInput } from '@feedloom/validation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { importCsv } from '../../test/import';
import { memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';

const CSV = [
  'id,title,description,link,image_link,price,availability,brand,gtin,condition,item_group_id,size',
  ...Array.from(
    { length: 8 },
    (_, i) =>
      `P${i + 1},Shirt ${i + 1},About shirt ${i + 1},https://shop.example.com/p/${i + 1},https://shop.example.com/i/${i + 1}.jpg,${10 + i}.00 USD,in_stock,${i < 3 ? 'Acme' : 'Zeta'},4006381333931,new,,`,
  ),
  ...['S', 'M'].map(
    (size) =>
      `G1-${size},Jacket,About the jacket,https://shop.example.com/p/g1,https://shop.example.com/i/g1.jpg,50.00 USD,in_stock,Orbit,4006381333931,new,G1,${size}`,
  ),
].join('\n');

describe.each(DRIVERS)('bulk customisation on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t.close());
  beforeEach(() => t.reset());

  const setup = async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme Org');
    const shop = owner.shops[0]!;
    await importCsv(t, { user_id: owner.user.id, org_id: owner.org.id, shop_id: shop.id }, CSV + '\n', undefined, {
      holdShare: 0.2,
      batchSize: 4,
    });
    const rows = await queryRows<{ id: number; offer_id: string }>(
      t.database.db,
      sql`select id::int as id, offer_id from products where shop_id = ${shop.id}::uuid order by id`,
    );
    const idOf = (offer: string) => rows.find((r) => r.offer_id === offer)!.id;
    return { owner, shop, token: owner.token, idOf };
  };

  /** Imports the CSV into `shop` of `owner` and returns its product ids. */
  const importedIds = async (
    owner: { user: { id: string }; org: { id: string } },
    shopId: string,
  ): Promise<number[]> => {
    await importCsv(t, { user_id: owner.user.id, org_id: owner.org.id, shop_id: shopId }, CSV + '\n');
    return (
      await queryRows<{ id: number }>(
        t.database.db,
        sql`select id::int as id from products where shop_id = ${shopId}::uuid order by id`,
      )
    ).map((r) => r.id);
  };

  /** The override layer of every product, by offer id. */
  const customs = async (shopId: string) =>
    Object.fromEntries(
      (
        await queryRows<{ offer_id: string; custom: { overrides?: Record<string, unknown> } }>(
          t.database.db,
          sql`select offer_id, custom from products where shop_id = ${shopId}::uuid`,
        )
      ).map((r) => [r.offer_id, r.custom.overrides ?? {}]),
    );

  const label = (value: string, field = 'custom_label0') => ({
    field_name: field,
    isDeleteExistValue: 'add_update_value' as const,
    value,
    type: 'text' as const,
  });

  const saveDraft = async (token: string, body: TBulkDraftInput) => {
    const res = await t.call<TBulkDraft>('POST', '/bulk-drafts', { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const apply = async (token: string, shopId: string, draftId: string) => {
    const res = await t.call<TBulkRun>('POST', `/bulk-apply/${shopId}/${draftId}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('keeps drafts per user and shop: create, list, update, delete and discard', async () => {
    const { owner, shop, token, idOf } = await setup();
    const draft = await saveDraft(token, {
      shop_id: shop.id,
      name: 'Summer labels',
      selection: { kind: 'ids', ids: [idOf('P1')] },
      rules: [label('Summer')],
    });
    expect(draft.name).toBe('Summer labels');
    const second = await saveDraft(token, {
      shop_id: shop.id,
      name: 'Second',
      selection: { kind: 'filter', tab: 'all', filters: '' },
      rules: [],
    });
    t.clock.advance(1000);

    const updated = await t.call<TBulkDraft>('PUT', `/bulk-drafts/${shop.id}/${draft.id}`, {
      token,
      body: {
        shop_id: shop.id,
        name: 'Summer labels 2',
        selection: { kind: 'ids', ids: [idOf('P1'), idOf('P2')] },
        rules: [label('Summer'), { field_name: 'color', isDeleteExistValue: 'delete_entirely' }],
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.message).toBe('Draft saved.');

    // Another member of the organisation sees none of them.
    const member = await memberOf(t, owner.org.id, 'member@example.com', [
      'product_and_promotions_feed',
      'product_and_promotions_feed_manage',
    ]);
    const theirs = await t.call<TBulkDraft[]>('GET', `/bulk-drafts/${shop.id}`, { token: member.token });
    expect(theirs.body.data).toEqual([]);
    expect(
      (await t.call('DELETE', `/bulk-drafts/${shop.id}/${draft.id}`, { token: member.token })).status,
    ).toBe(404);

    const mine = await t.call<TBulkDraft[]>('GET', `/bulk-drafts/${shop.id}`, { token });
    expect(mine.body.data.map((d) => d.name)).toEqual(['Summer labels 2', 'Second']);
    expect(mine.body.data[0]!.rules).toHaveLength(2);

    const deleted = await t.call('DELETE', `/bulk-drafts/${shop.id}/${second.id}`, { token });
    expect(deleted.body.message).toBe('Draft deleted.');
    const discarded = await t.call<{ discarded: number }>('DELETE', `/bulk-drafts/${shop.id}`, { token });
    expect(discarded.body).toMatchObject({ message: 'Drafts discarded.', data: { discarded: 1 } });
    expect((await t.call<TBulkDraft[]>('GET', `/bulk-drafts/${shop.id}`, { token })).body.data).toEqual([]);
  });

  it('refuses bad drafts with the rule messages', async () => {
    const { shop, token, idOf } = await setup();
    const refused = async (body: unknown) => {
      const res = await t.call('POST', '/bulk-drafts', { token, body });
      expect(res.status).toBe(400);
      return res.body.message;
    };
    const base = { shop_id: shop.id, name: 'D', selection: { kind: 'ids', ids: [idOf('P1')] } };
    expect(await refused({ ...base, name: '  ' })).toBe('Draft name is required.');
    expect(await refused({ ...base, rules: [label('x', 'title')] })).toBe(
      'This field cannot be customised in bulk.',
    );
    expect(await refused({ ...base, rules: [label('x'), label('y')] })).toBe(
      'Each field can be chosen once.',
    );
    expect(await refused({ ...base, rules: [{ ...label(''), value: '' }] })).toBe('Value is required.');
    expect(await refused({ ...base, rules: [label('a\u0000b')] })).toBe(
      'Value must not contain control characters.',
    );
    expect(
      await refused({
        ...base,
        rules: [label('x'), { field_name: 'pause', isDeleteExistValue: 'add_update_value', value: 'all' }],
      }),
    ).toBe('This field is applied on its own: clear the other fields first.');
    expect(await refused({ ...base, selection: { kind: 'ids', ids: [] }, rules: [] })).toBe(
      'Select at least one product.',
    );
    // A value the product form refuses is refused when applying, with the form's message.
    const draft = await saveDraft(token, { ...base, rules: [label('x'.repeat(101))] } as TBulkDraftInput);
    const bad = await t.call('POST', `/bulk-apply/${shop.id}/${draft.id}`, { token });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'Custom label cannot exceed 100 characters.' },
    });
  });

  it('applies to the checked products only, records the run and uses the draft up', async () => {
    const { shop, token, idOf } = await setup();
    const before = await customs(shop.id);
    const draft = await saveDraft(token, {
      shop_id: shop.id,
      name: 'Two shirts',
      selection: { kind: 'ids', ids: [idOf('P2'), idOf('P5')] },
      rules: [label('Summer')],
    });
    const run = await apply(token, shop.id, draft.id);
    expect(run).toMatchObject({
      status: 'succeeded',
      total: 2,
      processed: 2,
      changed: 2,
      draft_name: 'Two shirts',
    });
    expect(run.triggered_by_name).toBeTruthy();
    const after = await customs(shop.id);
    for (const offer of Object.keys(after)) {
      if (offer === 'P2' || offer === 'P5') expect(after[offer]).toEqual({ custom_label0: 'Summer' });
      else expect(after[offer]).toEqual(before[offer]);
    }
    // The list's filter sees the change.
    const filters = JSON.stringify([
      { row: [{ field_name: 'custom_label0', operator: 'equals', value: 'Summer', unit: '' }] },
    ]);
    const page = await t.call<TProductPage>(
      'GET',
      `/products-data/${shop.id}?filters=${encodeURIComponent(filters)}`,
      {
        token,
      },
    );
    expect(page.body.data.data.map((p) => p.offer_id).sort()).toEqual(['P2', 'P5']);
    // Recorded, and the draft is gone.
    const runs = await t.call<TBulkRun[]>('GET', `/bulk-runs/${shop.id}`, { token });
    expect(runs.body.data.map((r) => r.id)).toEqual([run.id]);
    expect(
      (await t.call<TBulkRun>('GET', `/bulk-runs/${shop.id}/${run.id}`, { token })).body.data.status,
    ).toBe('succeeded');
    expect((await t.call<TBulkDraft[]>('GET', `/bulk-drafts/${shop.id}`, { token })).body.data).toEqual([]);
    // Applying the same values again changes nothing.
    const again = await saveDraft(token, {
      shop_id: shop.id,
      name: 'Again',
      selection: { kind: 'ids', ids: [idOf('P2')] },
      rules: [label('Summer')],
    });
    expect((await apply(token, shop.id, again.id)).changed).toBe(0);
  });

  it('applies to all products matching the list filter, and only those', async () => {
    const { shop, token } = await setup();
    const filters = JSON.stringify([
      { row: [{ field_name: 'brand', operator: 'equals', value: 'Acme', unit: '' }] },
    ]);
    const draft = await saveDraft(token, {
      shop_id: shop.id,
      name: 'Acme',
      selection: { kind: 'filter', tab: 'all', active_channel: 'free_listings', filters },
      rules: [
        label('acme-sale', 'custom_label1'),
        {
          field_name: 'size_type',
          isDeleteExistValue: 'add_update_value',
          value: 'petite, plus',
          type: 'multi_select',
        },
      ],
    });
    const run = await apply(token, shop.id, draft.id);
    expect(run.total).toBe(3);
    const after = await customs(shop.id);
    const labelled = Object.entries(after)
      .filter(([, o]) => o.custom_label1 === 'acme-sale')
      .map(([k]) => k)
      .sort();
    expect(labelled).toEqual(['P1', 'P2', 'P3']);
    expect(after.P1!.size_type).toEqual(['petite', 'plus']);
    expect(after.P4).toEqual({});
    // Search selects like the list's search box does.
    const bySearch = await saveDraft(token, {
      shop_id: shop.id,
      name: 'Jacket',
      selection: { kind: 'filter', search: 'jacket' },
      rules: [label('outer', 'custom_label2')],
    });
    expect((await apply(token, shop.id, bySearch.id)).total).toBe(1);
    expect((await customs(shop.id)).G1!.custom_label2).toBe('outer');
  });

  it('follows the three modes: add_update_value, delete_entirely, reset_to_source', async () => {
    const { shop, token, idOf } = await setup();
    const id = idOf('P1');
    const detail = async () =>
      (await t.call<TProductDetail>('GET', `/product-detail/${shop.id}/${id}`, { token })).body.data;
    const run = async (rules: TBulkDraftInput['rules']) => {
      const d = await saveDraft(token, {
        shop_id: shop.id,
        name: 'm',
        selection: { kind: 'ids', ids: [id] },
        rules,
      });
      return apply(token, shop.id, d.id);
    };
    await run([
      { field_name: 'brand', isDeleteExistValue: 'add_update_value', value: 'Newco' },
      {
        field_name: 'shipping_weight',
        isDeleteExistValue: 'add_update_value',
        value: '2',
        unit: 'kg',
        type: 'input_list',
      },
      {
        field_name: 'unit_pricing_measure',
        isDeleteExistValue: 'add_update_value',
        value: '750',
        unit: 'ml',
        type: 'input_list',
      },
      {
        field_name: 'unit_pricing_base_measure',
        isDeleteExistValue: 'add_update_value',
        value: '1',
        base_pricing_value: '1',
        unit: 'l',
        type: 'input_list',
      },
      {
        field_name: 'product_submission_control',
        isDeleteExistValue: 'add_update_value',
        value: { control2: true },
        type: 'radio',
      },
    ]);
    let d = await detail();
    expect(d.fields.brand).toMatchObject({ value: 'Newco', layer: 'override', source_value: 'Acme' });
    expect(d.fields.shipping_weight!.value).toEqual({ value: 2, unit: 'kg' });
    expect(d.fields.unit_pricing_base_measure!.value).toEqual({ value: 1, unit: 'l' });
    expect(d.fields.product_submission_control!.value).toEqual({ control2: true });

    // delete_entirely empties the field over the source, and clears both unit pricing measures.
    await run([
      { field_name: 'brand', isDeleteExistValue: 'delete_entirely' },
      { field_name: 'unit_pricing_measure', isDeleteExistValue: 'delete_entirely' },
    ]);
    d = await detail();
    expect(d.fields.brand).toMatchObject({ value: null, layer: 'override', source_value: 'Acme' });
    expect(d.fields.unit_pricing_measure!.value).toBeNull();
    expect(d.fields.unit_pricing_base_measure!.value).toBeNull();

    // reset_to_source gives the source value back and keeps other overrides.
    await run([{ field_name: 'brand', isDeleteExistValue: 'reset_to_source' }]);
    d = await detail();
    expect(d.fields.brand).toMatchObject({ value: 'Acme', layer: 'source' });
    expect(d.fields.shipping_weight!.layer).toBe('override');
  });

  it('updates chosen variants with bulk-variant-update and re-judges the product', async () => {
    const { shop, token, idOf } = await setup();
    const id = idOf('G1');
    const before = (await t.call<TProductDetail>('GET', `/product-detail/${shop.id}/${id}`, { token })).body
      .data;
    const [small, medium] = before.variants;
    const res = await t.call<TProductDetail>('PUT', '/bulk-variant-update', {
      token,
      body: {
        shop_id: shop.id,
        product_id: id,
        variant_ids: [small!.id],
        rules: [{ field_name: 'color', isDeleteExistValue: 'add_update_value', value: 'Navy' }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Variants updated.');
    const variants = Object.fromEntries(res.body.data.variants.map((v) => [v.id, v.fields]));
    expect(variants[small!.id]!.color).toMatchObject({ value: 'Navy', layer: 'override' });
    expect(variants[medium!.id]!.color?.value ?? null).toBeNull();
    const unknown = await t.call('PUT', '/bulk-variant-update', {
      token,
      body: { shop_id: shop.id, product_id: id, variant_ids: ['nope'], rules: [label('x')] },
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Variant not found.' } });
  });

  it("answers not found for another organisation's shop, draft, run and product", async () => {
    const { shop, token, idOf } = await setup();
    const draft = await saveDraft(token, {
      shop_id: shop.id,
      name: 'Mine',
      selection: { kind: 'ids', ids: [idOf('P1')] },
      rules: [label('x')],
    });
    const mineRun = await saveDraft(token, {
      shop_id: shop.id,
      name: 'Run',
      selection: { kind: 'ids', ids: [idOf('P1')] },
      rules: [label('y')],
    });
    const run = await apply(token, shop.id, mineRun.id);
    const other = await ownerWithOrg(t, 'other@example.com', 'Other Org');
    const theirShop = other.shops[0]!;
    const o = other.token;
    expect((await t.call('GET', `/bulk-drafts/${shop.id}`, { token: o })).status).toBe(404);
    expect((await t.call('POST', `/bulk-apply/${shop.id}/${draft.id}`, { token: o })).status).toBe(404);
    expect((await t.call('POST', `/bulk-apply/${theirShop.id}/${draft.id}`, { token: o })).status).toBe(404);
    expect((await t.call('GET', `/bulk-runs/${theirShop.id}/${run.id}`, { token: o })).status).toBe(404);
    // A draft naming our products (alone or among theirs) is refused when saved, and when edited to.
    const [theirId] = await importedIds(other, theirShop.id);
    for (const ids of [[idOf('P1')], [theirId!, idOf('P2')]]) {
      const sneaky = await t.call('POST', '/bulk-drafts', {
        token: o,
        body: {
          shop_id: theirShop.id,
          name: 'Sneaky',
          selection: { kind: 'ids', ids },
          rules: [label('stolen')],
        },
      });
      expect(sneaky).toMatchObject({
        status: 400,
        body: { message: 'Some of the selected products are not in this store.', field: 'selection' },
      });
    }
    const theirs = await saveDraft(o, {
      shop_id: theirShop.id,
      name: 'Theirs',
      selection: { kind: 'ids', ids: [theirId!, theirId!] },
      rules: [label('fine')],
    });
    const edited = await t.call('PUT', `/bulk-drafts/${theirShop.id}/${theirs.id}`, {
      token: o,
      body: {
        shop_id: theirShop.id,
        name: 'Theirs',
        selection: { kind: 'ids', ids: [idOf('P3')] },
        rules: [label('stolen')],
      },
    });
    expect(edited.status).toBe(400);
    const variant = await t.call('PUT', '/bulk-variant-update', {
      token: o,
      body: { shop_id: theirShop.id, product_id: idOf('G1'), variant_ids: ['x'], rules: [label('x')] },
    });
    expect(variant.status).toBe(404);
    expect((await customs(shop.id)).P1).toEqual({ custom_label0: 'y' });
  });
});
