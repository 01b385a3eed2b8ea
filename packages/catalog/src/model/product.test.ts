import { describe, expect, it } from 'vitest';
import { product, validSource } from '../../test/fixtures';
import type { TLayerValues } from './fields';
import { FIELD_NAMES, ZLayerValuesSchema } from './fields';
import {
  applyCustomisation,
  ChannelItem,
  channelItems,
  effective,
  fieldOf,
  groupVariants,
  resetToSource,
  setLayerValues,
  ZProductSchema,
  type TProduct,
} from './product';

const layered = () =>
  product(
    { title: 'Source title', brand: 'Acme', color: 'Red', size: 'M' },
    {
      overrides: { title: 'Manual title', size: null },
      rules: { custom_label0: 'rule' },
      variants: [
        {
          id: 'v1',
          offer_id: 'V1',
          source: { color: 'Blue', brand: 'Variant brand' },
          overrides: {},
          rules: {},
        },
        {
          id: 'v2',
          offer_id: 'V2',
          source: { color: 'Green' },
          overrides: { brand: 'Variant override' },
          rules: { title: 'Rule title' },
        },
      ],
    },
  );

describe('product model: three layers', () => {
  it('merges source ⊕ overrides ⊕ rules and says where each value came from', () => {
    const eff = effective(layered());
    expect(eff.values).toEqual({ title: 'Manual title', brand: 'Acme', color: 'Red', custom_label0: 'rule' });
    expect(fieldOf(eff, 'title')).toEqual({ value: 'Manual title', layer: 'override' });
    expect(fieldOf(eff, 'brand')).toEqual({ value: 'Acme', layer: 'source' });
    expect(fieldOf(eff, 'custom_label0')).toEqual({ value: 'rule', layer: 'rule' });
    // null empties a field on purpose; the layer that did it is known
    expect(fieldOf(eff, 'size')).toEqual({ value: undefined, layer: 'override' });
    // a field nobody set
    expect(fieldOf(eff, 'gtin')).toEqual({ value: undefined, layer: 'source' });
  });

  it('variants inherit the product; within a layer kind the variant wins, a higher kind always wins', () => {
    const p = layered();
    const v1 = effective(p, 'v1');
    expect(v1.values).toMatchObject({ title: 'Manual title', brand: 'Variant brand', color: 'Blue' });
    expect(v1.layers.brand).toBe('source');
    const v2 = effective(p, 'v2');
    expect(v2.values).toMatchObject({ title: 'Rule title', brand: 'Variant override', color: 'Green' });
    expect(v2.layers).toMatchObject({ title: 'rule', brand: 'override', color: 'source' });
    expect(() => effective(p, 'nope')).toThrow(/no variant/);
  });

  it('channel items merge exactly like effective() and agree on provenance', () => {
    const p = layered();
    for (const item of channelItems(p)) {
      const eff = effective(p, item.variantId);
      const values = Object.fromEntries(
        Object.entries(item.values).filter(([, v]) => v !== undefined && v !== null),
      );
      expect(values).toEqual(eff.values);
      for (const field of FIELD_NAMES) expect(item.layerOf(field), field).toBe(eff.layers[field] ?? 'source');
    }
    expect(channelItems(p).map((i) => [i.offerId, i.itemGroupId])).toEqual([
      ['V1', 'SKU-1'],
      ['V2', 'SKU-1'],
    ]);
    const single = new ChannelItem(product(validSource()));
    expect([single.offerId, single.itemGroupId]).toEqual(['SKU-1', undefined]);
  });

  it("the shop's default condition fills a product whose layers give none, marked as the shop's default", () => {
    const used = { condition: 'used' } as const;
    const bare = product({ title: 'Kettle' });
    expect(fieldOf(effective(bare, undefined, used), 'condition')).toEqual({
      value: 'used',
      layer: 'shop_default',
    });
    // Its own condition (source or edit) wins; an edit that empties the field empties the default too.
    const own = product({ title: 'Kettle', condition: 'refurbished' });
    expect(fieldOf(effective(own, undefined, used), 'condition')).toEqual({
      value: 'refurbished',
      layer: 'source',
    });
    const edited = { ...bare, overrides: { condition: 'new' } };
    expect(fieldOf(effective(edited, undefined, used), 'condition')).toEqual({
      value: 'new',
      layer: 'override',
    });
    const emptied = { ...bare, overrides: { condition: null } };
    expect(fieldOf(effective(emptied, undefined, used), 'condition')).toEqual({
      value: undefined,
      layer: 'override',
    });
    // Without defaults nothing changes.
    expect(fieldOf(effective(bare), 'condition')).toEqual({ value: undefined, layer: 'source' });

    // Channel items merge the same way, variants included (one variant with its own condition).
    const grouped = product(
      { title: 'Shirt' },
      {
        variants: [
          { id: 'a', offer_id: 'A', source: {}, overrides: {}, rules: {} },
          { id: 'b', offer_id: 'B', source: { condition: 'refurbished' }, overrides: {}, rules: {} },
        ],
      },
    );
    for (const p of [bare, own, edited, emptied, grouped]) {
      for (const item of channelItems(p, used)) {
        const eff = effective(p, item.variantId, used);
        expect(item.values.condition ?? undefined).toBe(eff.values.condition);
        expect(item.layerOf('condition')).toBe(eff.layers.condition ?? 'source');
      }
    }
    expect(channelItems(grouped, used).map((i) => [i.values.condition, i.layerOf('condition')])).toEqual([
      ['used', 'shop_default'],
      ['refurbished', 'source'],
    ]);
  });

  it('resetToSource is exact: the fields equal the sources again, everything else is untouched', () => {
    const p = layered();
    const reset = resetToSource(p, ['title', 'size', 'brand']);
    expect(effective(reset).values).toEqual({
      title: 'Source title',
      brand: 'Acme',
      color: 'Red',
      size: 'M',
      custom_label0: 'rule',
    });
    expect(fieldOf(effective(reset), 'title').layer).toBe('source');
    expect(effective(reset, 'v2').values).toMatchObject({
      title: 'Source title',
      brand: 'Acme',
      color: 'Green',
    });
    // untouched: the other fields' layers and the original object
    expect(fieldOf(effective(reset), 'custom_label0').layer).toBe('rule');
    expect(p.overrides.title).toBe('Manual title');
    // exactness over every field: after a reset of all fields, effective == merge of sources
    const all = resetToSource(p, FIELD_NAMES);
    expect(effective(all).values).toEqual(p.source);
    expect(effective(all, 'v1').values).toEqual({ ...p.source, ...p.variants[0]?.source });
  });

  it('customisation modes: add/update, delete entirely, reset to source', () => {
    let p = product({ title: 'T', color: 'Red' });
    p = applyCustomisation(p, { field: 'color', mode: 'add_update_value', value: 'Blue' });
    expect(fieldOf(effective(p), 'color')).toEqual({ value: 'Blue', layer: 'override' });
    p = applyCustomisation(p, { field: 'color', mode: 'delete_entirely' });
    expect(fieldOf(effective(p), 'color')).toEqual({ value: undefined, layer: 'override' });
    p = applyCustomisation(p, { field: 'color', mode: 'reset_to_source' });
    expect(fieldOf(effective(p), 'color')).toEqual({ value: 'Red', layer: 'source' });
    expect(() =>
      applyCustomisation(p, { field: 'multipack', mode: 'add_update_value', value: 'six' }),
    ).toThrow();
  });

  it('sets overrides on one variant only', () => {
    const p = setLayerValues(layered(), 'overrides', { size: 'XL' }, 'v1');
    expect(effective(p, 'v1').values.size).toBe('XL');
    expect(effective(p, 'v2').values.size).toBeUndefined();
    expect(() => setLayerValues(p, 'overrides', {}, 'missing')).toThrow();
  });

  it('groups imported rows into products with variants by item_group_id, losslessly', () => {
    const rows = [
      {
        offer_id: 'A-S',
        item_group_id: 'A',
        source: { title: 'Shirt', brand: 'Acme', size: 'S', color: 'Red' },
      },
      { offer_id: 'B', source: { title: 'Mug' } },
      {
        offer_id: 'A-M',
        item_group_id: 'A',
        source: { title: 'Shirt', brand: 'Acme', size: 'M', color: 'Red' },
      },
    ] satisfies { offer_id: string; item_group_id?: string; source: TLayerValues }[];
    const products = groupVariants(rows);
    expect(products.map((p) => p.id)).toEqual(['A', 'B']);
    const shirt = products[0];
    expect(shirt?.source).toEqual({ title: 'Shirt', brand: 'Acme', color: 'Red' });
    expect(shirt?.variants.map((v) => v.source)).toEqual([{ size: 'S' }, { size: 'M' }]);
    for (const row of rows.filter((r) => r.item_group_id)) {
      expect(effective(shirt as NonNullable<typeof shirt>, row.offer_id).values).toEqual(row.source);
    }
  });

  it('the schemas refuse unknown fields and wrong types, and fill defaults', () => {
    expect(ZLayerValuesSchema.safeParse({ titel: 'typo' }).success).toBe(false);
    expect(ZLayerValuesSchema.safeParse({ price: '15 USD' }).success).toBe(false);
    const parsed = ZProductSchema.parse({ id: 'p', offer_id: 'o' });
    expect(parsed).toMatchObject({ source: {}, overrides: {}, rules: {}, variants: [] });
  });
});

describe('channelItems of a product with variants', () => {
  it('merges each variant as the layers say, keys outside the field list included', () => {
    const withExtra = {
      id: 'p',
      offer_id: 'p',
      source: { title: 'T', brand: 'B', color: 'red', extra_key: 'x' },
      overrides: { brand: 'O' },
      rules: {},
      variants: [
        { id: 'a', offer_id: 'a', source: { color: 'blue', size: 'M' }, overrides: {}, rules: { size: 'L' } },
        { id: 'b', offer_id: 'b', source: { title: 'V' }, overrides: { color: null }, rules: {} },
      ],
    } as unknown as TProduct;
    const plain = (item: ChannelItem) =>
      Object.fromEntries(Object.entries(item.values).filter(([, v]) => v !== undefined));
    expect(channelItems(withExtra).map(plain)).toEqual([
      { title: 'T', brand: 'O', color: 'blue', size: 'L', extra_key: 'x' },
      { title: 'V', brand: 'O', color: null, extra_key: 'x' },
    ]);
    const { extra_key: _, ...fieldsOnly } = withExtra.source as Record<string, unknown>;
    expect(channelItems({ ...withExtra, source: fieldsOnly }).map(plain)).toEqual([
      { title: 'T', brand: 'O', color: 'blue', size: 'L' },
      { title: 'V', brand: 'O', color: null },
    ]);
  });
});
