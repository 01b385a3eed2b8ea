import { describe, expect, it } from 'vitest';
import { CONTEXT, product, resolved, validSource } from '../../test/fixtures';
import { feedToString } from '../feeds/stream';
import { rssFormat } from '../feeds/formats';
import { ChannelItem, resetToSource, setLayerValues } from '../model/product';
import { fromTable } from './common';
import {
  defineChannel,
  hasErrors,
  validateItem,
  validateProduct,
  validateProductForChannels,
} from './engine';
import { GOOGLE, GOOGLE_ROWS } from './google';
import { META } from './meta';
import { MICROSOFT } from './microsoft';
import type { TLayerValues } from '../model/fields';
import type { TAttributeRow, TValidationContext } from './types';

describe('validator engine', () => {
  it('an unverified (U) rule never produces an error, whatever the row asks', () => {
    const channel = defineChannel({
      channel: 'google',
      name: 'Test',
      rows: [{ attribute: 'title', type: 'text', required: true, maxLength: 3, basis: 'U', feed: 'title' }],
    });
    const issues = validateProduct(channel, product({ title: 'Longer' }), CONTEXT)[0]?.issues ?? [];
    expect(issues).toHaveLength(1);
    expect(issues[0]?.severity).toBe('warning');
    const missing = validateProduct(channel, product({}), CONTEXT)[0]?.issues ?? [];
    expect(missing[0]).toMatchObject({ code: 'missing_required', severity: 'warning' });
  });

  it('names the layer that produced the offending value', () => {
    let p = product({ ...validSource(), title: 'Fine title' });
    p = setLayerValues(p, 'overrides', { title: 'x'.repeat(151) });
    expect(validateProduct(GOOGLE, p, CONTEXT)[0]?.issues[0]).toMatchObject({
      attribute: 'title',
      layer: 'override',
    });

    p = setLayerValues(p, 'rules', { title: 'y'.repeat(151) });
    expect(validateProduct(GOOGLE, p, CONTEXT)[0]?.issues[0]).toMatchObject({
      attribute: 'title',
      layer: 'rule',
    });

    p = resetToSource(p, ['title']);
    expect(validateProduct(GOOGLE, p, CONTEXT)[0]?.issues).toEqual([]);

    // An override that empties a required field is blamed on the override.
    p = setLayerValues(p, 'overrides', { description: null });
    expect(validateProduct(GOOGLE, p, CONTEXT)[0]?.issues[0]).toMatchObject({
      code: 'missing_required',
      attribute: 'description',
      layer: 'override',
    });

    // A value missing from the data source is blamed on the source.
    const q = product({ ...validSource(), price: undefined });
    expect(validateProduct(GOOGLE, q, CONTEXT)[0]?.issues[0]).toMatchObject({
      attribute: 'price',
      layer: 'source',
    });
  });

  it('adding an attribute is one row: validated, written to feeds', async () => {
    const row: TAttributeRow = {
      attribute: 'material',
      type: 'text',
      maxLength: 5,
      basis: 'P',
      feed: 'material',
      api: 'material',
    };
    const channel = defineChannel({
      channel: 'google',
      name: 'Google',
      rows: [...GOOGLE_ROWS.filter((r) => r.attribute !== 'material'), row],
    });
    const p = product({ ...validSource(), material: 'Stainless' });
    expect(validateProduct(channel, p, CONTEXT)[0]?.issues.map((i) => i.code)).toEqual(['too_long']);
    const ok = product({ ...validSource(), material: 'Steel' });
    const xml = await feedToString({
      format: rssFormat('google_xml', channel),
      products: [ok],
      context: CONTEXT,
    });
    expect(xml).toContain('<g:material>Steel</g:material>');
  });

  it('refuses a table with an attribute twice, an enum without values or a record without children', () => {
    expect(() =>
      defineChannel({
        channel: 'meta',
        name: 'X',
        rows: [GOOGLE_ROWS[0] as TAttributeRow, GOOGLE_ROWS[0] as TAttributeRow],
      }),
    ).toThrow(/twice/);
    expect(() =>
      defineChannel({ channel: 'meta', name: 'X', rows: [{ attribute: 'a', type: 'enum', basis: 'P' }] }),
    ).toThrow(/no values/);
    expect(() =>
      defineChannel({ channel: 'meta', name: 'X', rows: [{ attribute: 'a', type: 'record', basis: 'P' }] }),
    ).toThrow(/no children/);
  });

  it("states a row as another table's row plus changes; undefined drops a rule", () => {
    const fromGoogle = fromTable(GOOGLE_ROWS, { api: undefined });
    const row = fromGoogle('title', { maxLength: 200, required: undefined });
    expect(row).toEqual({ attribute: 'title', type: 'text', maxLength: 200, basis: 'S', feed: 'title' });
    expect('required' in row).toBe(false);
    expect(fromGoogle('shipping.postal_code', { basis: 'U' })).toEqual({
      attribute: 'postal_code',
      label: 'postal code',
      type: 'text',
      basis: 'U',
      feed: 'postal_code',
    });
    expect(GOOGLE_ROWS.find((r) => r.attribute === 'title')).toMatchObject({ required: true, api: 'title' });
    expect(() => fromGoogle('no_such_attribute')).toThrow('no row no_such_attribute');
    expect(() => fromGoogle('shipping.no_such_child')).toThrow('no row shipping.no_such_child');
  });

  it('validates each variant as its own item, inheriting the product values', () => {
    const p = product(validSource(), {
      item_group_id: 'G1',
      variants: [
        { id: 'v1', offer_id: 'SKU-1-A', source: { color: 'Red' }, overrides: {}, rules: {} },
        { id: 'v2', offer_id: 'SKU-1-B', source: { color: '#FF0000' }, overrides: {}, rules: {} },
      ],
    });
    const results = validateProduct(GOOGLE, p, CONTEXT);
    expect(results.map((r) => r.item.offerId)).toEqual(['SKU-1-A', 'SKU-1-B']);
    expect(results.map((r) => r.item.itemGroupId)).toEqual(['G1', 'G1']);
    expect(results[0]?.issues).toEqual([]);
    expect(results[1]?.issues.map((i) => i.code)).toEqual(['color_invalid']);
  });

  it('variants sharing a faulty value each report it, with their own layer', () => {
    const p = product(
      { ...validSource(), title: 'x'.repeat(151) },
      {
        variants: [
          { id: 'a', offer_id: 'A', source: { color: '#FF0000' }, overrides: {}, rules: {} },
          { id: 'b', offer_id: 'B', source: {}, overrides: { color: '#FF0000' }, rules: {} },
          { id: 'c', offer_id: 'C', source: {}, overrides: {}, rules: {} },
        ],
      },
    );
    const results = validateProduct(GOOGLE, p, CONTEXT);
    expect(results.map((r) => r.issues.map((i) => `${i.attribute}:${i.layer}`))).toEqual([
      ['title:source', 'color:source'],
      ['title:source', 'color:override'],
      ['title:source'],
    ]);
  });

  it('hands the values it read to the caller for the writer', () => {
    const item = new ChannelItem(product(validSource()));
    const values: unknown[] = [];
    const issues = validateItem(GOOGLE, item, resolved(), values);
    expect(hasErrors(issues)).toBe(false);
    const titleIndex = GOOGLE.rows.findIndex((r) => r.attribute === 'title');
    expect(values[titleIndex]).toBe('Acme Kettle 1.7 L');
  });

  it('reads no taxonomy file itself: a category without a taxonomy in the context is a clear error', () => {
    const { google_product_category: _category, ...uncategorised } = validSource();
    const noTaxonomy = { ...CONTEXT, taxonomy: undefined };
    expect(validateProduct(GOOGLE, product(uncategorised), noTaxonomy)[0]?.issues).toEqual([]);
    expect(() => validateProduct(GOOGLE, product(validSource()), noTaxonomy)).toThrow(
      /pass `taxonomy` in the validation context/,
    );
  });
});

describe("the shop's default condition", () => {
  const { condition: _condition, ...bare } = validSource();
  const withDefault: TValidationContext = { ...CONTEXT, defaults: { condition: 'used' } };
  const judged = (source: TLayerValues, ctx = withDefault) =>
    validateProductForChannels([GOOGLE, MICROSOFT, META], product(source), ctx).map(
      (results) =>
        results.map((r) => ({ condition: r.item.values.condition, issues: r.issues.map((i) => i.code) }))[0],
    );

  it('judges a product without condition with the default on every channel: Meta no longer misses it', () => {
    expect(judged(bare)).toEqual([
      { condition: 'used', issues: [] },
      { condition: 'used', issues: [] },
      { condition: 'used', issues: [] },
    ]);
    // Without a default Meta requires one.
    expect(judged(bare, CONTEXT)[2]).toEqual({ condition: undefined, issues: ['missing_required'] });
  });

  it('a product with its own condition keeps it', () => {
    expect(judged({ ...bare, condition: 'refurbished' }).map((j) => j?.condition)).toEqual([
      'refurbished',
      'refurbished',
      'refurbished',
    ]);
  });

  it("an issue about the default's value names the shop's default as its layer", () => {
    const newOnly = defineChannel({
      channel: 'meta',
      name: 'Test',
      rows: [
        {
          attribute: 'condition',
          type: 'enum',
          values: ['new'],
          required: true,
          basis: 'P',
          feed: 'condition',
        },
      ],
    });
    expect(validateProduct(newOnly, product({}), withDefault)[0]?.issues).toMatchObject([
      { code: 'invalid_value', attribute: 'condition', layer: 'shop_default' },
    ]);
  });
});
