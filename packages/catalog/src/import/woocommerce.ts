import { PRODUCT_MSG } from '@feedloom/validation';
import type { AssemblerContext, RowRecord, TAssembler, TImportedProduct, TItem } from './core';
import { buildProduct, customValue, dict, excludedEverywhere, MSG, ownString, SourceValues } from './core';
import { WOO_ATTRIBUTE_SLOTS } from './roles';

// WooCommerce's product export: one row per product of type simple, external, variable, variation or
// grouped. A variable product's row carries what its variations share (name, description, images,
// categories); each variation row names it in Parent (`id:123` or the parent's SKU) and carries its own SKU,
// price, stock and attribute values. A product's variations may follow it or come anywhere after it (the
// exporter often lists every parent first and all variations after them): one variable product is held at a
// time, with the variations right after it; a variable product whose rows end without a variation is emitted
// on its own (its values, no variants) and the variations that turn up later are added to it (append), so
// memory holds one product whatever the order. One that never gets a variation is taken back at the end of the
// file (an error with `withdraws`).

/** Attribute names that are product values channels know; other attributes become custom attributes. */
const ATTRIBUTE_FIELDS: Readonly<Record<string, string>> = {
  color: 'color',
  colour: 'color',
  size: 'size',
  material: 'material',
  pattern: 'pattern',
  gender: 'gender',
  'age group': 'age_group',
  brand: 'brand',
};

/** Values a variation never takes from its parent: they identify one item. */
const NOT_INHERITED = new Set(['sku', 'gtin', 'mpn']);

const IN_STOCK: Readonly<Record<string, string>> = {
  '1': 'in_stock',
  instock: 'in_stock',
  yes: 'in_stock',
  '0': 'out_of_stock',
  outofstock: 'out_of_stock',
  no: 'out_of_stock',
  onbackorder: 'backorder',
  backorder: 'backorder',
};

/** Published: 1 published, 0 private, -1 draft. */
const UNPUBLISHED: ReadonlyMap<string | undefined, string> = new Map([
  ['0', 'private'],
  ['-1', 'a draft'],
]);

/** WooCommerce writes dates as `2027-01-31 00:00:00`; channels want ISO 8601. */
const isoDate = (text: string): string => text.trim().replace(' ', 'T');

/** A variable product already emitted (or rejected): what its later variations need of it. */
interface TEmittedParent {
  productId: string;
  ok: boolean;
  row: number;
  /** Its title: a variation added later may leave its own name out. */
  title: string | undefined;
  /** Emitted without variations, none added yet: taken back at the end of the file if none comes. */
  waiting: boolean;
  /** Variations of it left out because they are private or drafts. */
  unpublished: number;
}

interface TParent {
  productId: string;
  keys: string[];
  row: number;
  failed: boolean;
  values: Record<string, unknown>;
  custom: Record<string, string>;
  items: TItem[];
  rows: number[];
  append: boolean;
  /** Variations left out because they are private or drafts. */
  unpublished: number;
}

export const createWooAssembler = (
  ctx: AssemblerContext,
  roleIndex: (target: string) => number,
): TAssembler => {
  const ID = roleIndex('woo.id');
  const TYPE = roleIndex('woo.type');
  const PARENT = roleIndex('woo.parent');
  const IMAGES = roleIndex('woo.images');
  const SHORT = roleIndex('woo.short_description');
  const IN_STOCK_ROLE = roleIndex('woo.in_stock');
  const BACKORDERS = roleIndex('woo.backorders');
  const SALE_START = roleIndex('woo.sale_start');
  const SALE_END = roleIndex('woo.sale_end');
  const ATTRS = Array.from({ length: WOO_ATTRIBUTE_SLOTS }, (_, i) => [
    roleIndex(`woo.attribute_name.${i + 1}`),
    roleIndex(`woo.attribute_value.${i + 1}`),
  ]).filter(([n, v]) => (n as number) >= 0 && (v as number) >= 0) as [number, number][];
  const role = (rec: RowRecord, i: number): unknown => (i < 0 ? undefined : rec.roles[i]);
  const text = (rec: RowRecord, i: number): string | undefined => {
    const v = role(rec, i);
    return typeof v === 'string' ? v : undefined;
  };

  let open: TParent | undefined;
  /** Variable products already emitted, by `id:N` and SKU. */
  const parents = new Map<string, TEmittedParent>();

  const linkOf = (id: string | undefined): string | undefined =>
    ctx.shop.url && id
      ? `${ctx.shop.url.replace(/\/+$/, '')}/?post_type=product&p=${encodeURIComponent(id)}`
      : undefined;

  /** Values every row type derives the same way from its Woo columns. */
  const derive = (rec: RowRecord, isParent: boolean, isVariation: boolean): string[] => {
    const v = rec.source;
    // A draft (-1) or private (0) product is not for sale: imported, held back from every channel.
    if (!isVariation && v.product_submission_control === undefined) {
      const published = customValue(rec.custom, 'published');
      if (UNPUBLISHED.has(published)) v.product_submission_control = excludedEverywhere();
    }
    if (v.description === undefined) {
      const short = text(rec, SHORT);
      if (short !== undefined) v.description = short;
    }
    const images = role(rec, IMAGES);
    if (Array.isArray(images) && images.length > 0) {
      v.image_link ??= images[0];
      if (images.length > 1) v.additional_image_links ??= images.slice(1);
    }
    if (v.availability === undefined) {
      const stock = text(rec, IN_STOCK_ROLE)?.toLowerCase();
      let availability = stock === undefined ? undefined : IN_STOCK[stock];
      const backorders = text(rec, BACKORDERS)?.toLowerCase();
      if (
        availability === 'out_of_stock' &&
        (backorders === '1' || backorders === 'notify' || backorders === 'yes')
      ) {
        availability = 'backorder';
      }
      if (availability) v.availability = availability;
    }
    const start = text(rec, SALE_START);
    const end = text(rec, SALE_END);
    if (start && end && v.sale_price_effective_date === undefined) {
      v.sale_price_effective_date = `${isoDate(start)}/${isoDate(end)}`;
    } else {
      if (start) rec.setCustom(ctx.columnOf('woo.sale_start'), start);
      if (end) rec.setCustom(ctx.columnOf('woo.sale_end'), end);
    }
    const parts: string[] = [];
    for (const [n, val] of ATTRS) {
      const name = text(rec, n);
      const value = text(rec, val);
      if (!name || !value) continue;
      // A variable product lists every option ("Red, Blue"): that is not a value of the product itself.
      if (isParent && value.includes(',')) {
        rec.setCustom(name, value);
        continue;
      }
      const field = ATTRIBUTE_FIELDS[name.toLowerCase().replace(/^pa_/, '').trim()];
      if (field) {
        if (isVariation || v[field] === undefined) v[field] = value;
      } else rec.setCustom(name, value);
      if (isVariation) parts.push(value);
    }
    return parts;
  };

  /** Why a variable product without a single usable variation is not imported: it has nothing to sell. */
  const nothingToSell = (row: number, unpublished: number, withdraws?: string): void => {
    if (unpublished > 0) ctx.rejectRow(row, 'Published', MSG.noPublishedVariation, withdraws);
    else ctx.rejectRow(row, ctx.columnOf('price'), MSG.priceRequired, withdraws);
  };

  const flush = (): void => {
    const p = open;
    open = undefined;
    if (!p) return;
    if (p.append) {
      const known = p.keys[0] === undefined ? undefined : parents.get(p.keys[0]);
      if (known) {
        known.unpublished += p.unpublished;
        if (p.items.length > 0) known.waiting = false;
      }
    } else {
      const title = typeof p.values.title === 'string' ? p.values.title : undefined;
      // Its variations may come later in the file (after every parent): a product that has none yet is
      // emitted on its own and waits for them, unless those right after it were all left out.
      const waiting = !p.failed && p.items.length === 0 && p.unpublished === 0;
      const entry: TEmittedParent = {
        productId: p.productId,
        ok: !p.failed && (p.items.length > 0 || waiting),
        row: p.row,
        title,
        waiting,
        unpublished: p.unpublished,
      };
      for (const key of p.keys) parents.set(ownString(key), entry);
      if (waiting) {
        ctx.emitProduct(parentAlone(p));
        return;
      }
    }
    if (p.failed) return;
    if (p.items.length === 0) {
      if (!p.append) nothingToSell(p.row, p.unpublished);
      return;
    }
    const rows = [...new Set([...(p.append ? [] : [p.row]), ...p.rows])].sort((a, b) => a - b);
    const title = typeof p.values.title === 'string' ? p.values.title : undefined;
    ctx.emitProduct(buildProduct(p.productId, p.productId, p.items, rows, p.append, title));
  };

  /** A variable product as emitted before its variations: its own values, minus those no variation takes. */
  const parentAlone = (p: TParent): TImportedProduct => {
    const source: Record<string, unknown> = new SourceValues();
    for (const key in p.values) if (!NOT_INHERITED.has(key)) source[key] = p.values[key];
    return {
      kind: 'product',
      product_id: p.productId,
      offer_id: p.productId,
      item_group_id: p.productId,
      source,
      custom: p.custom,
      variants: [],
      row_numbers: [p.row],
    };
  };

  const offerIdOf = (rec: RowRecord): string | undefined =>
    (rec.source.sku as string | undefined) ?? text(rec, ID);

  const checkItem = (rec: RowRecord, values: Record<string, unknown>): string | undefined => {
    const offerId = offerIdOf(rec);
    if (offerId === undefined) rec.fail(ctx.columnOf('woo.id'), MSG.idRequired, 'id');
    ctx.requireTitleAndPrice(values, rec, PRODUCT_MSG.titleRequired);
    if (!rec.errors && offerId !== undefined)
      ctx.claimId(offerId, rec, rec.source.sku === undefined ? 'woo.id' : 'sku');
    return rec.errors ? undefined : offerId;
  };

  const variation = (rec: RowRecord): void => {
    const ref = text(rec, PARENT);
    let target = open;
    if (ref !== undefined && !(target && target.keys.includes(ref))) {
      flush();
      const known = parents.get(ref);
      if (known && !known.ok) {
        ctx.rejectRow(rec.row_number, ctx.columnOf('woo.parent'), MSG.groupRejected(known.row));
        return;
      }
      // Its parent was emitted earlier, or is not in this file (already in the catalogue): add to it.
      const productId = known?.productId ?? ref.replace(/^id:/, '');
      open = target = {
        productId,
        keys: [ref],
        row: rec.row_number,
        failed: false,
        // Values a variation added later gets from its product: its name, when it has none of its own.
        values: known?.title === undefined ? {} : { title: known.title },
        custom: dict<string>(),
        items: [],
        rows: [],
        append: true,
        unpublished: 0,
      };
    }
    if (ref === undefined || !target) {
      rec.fail(
        ctx.columnOf('woo.parent'),
        "Parent is required for a variation: give the parent's ID as id:123 or its SKU.",
        'woo.parent',
      );
      ctx.reject(rec);
      return;
    }
    if (target.failed) {
      ctx.rejectRow(rec.row_number, ctx.columnOf('woo.parent'), MSG.groupRejected(target.row));
      return;
    }
    // Submission controls are the product's, so a private or draft variation (one the shop does not sell)
    // cannot be held back on its own: it stays out of its product, and the report says why.
    const state = UNPUBLISHED.get(customValue(rec.custom, 'published'));
    if (state) {
      target.unpublished++;
      ctx.rejectRow(rec.row_number, 'Published', MSG.unpublishedVariation(state));
      return;
    }
    const parts = derive(rec, false, true);
    const values: Record<string, unknown> = {};
    for (const key in target.values) if (!NOT_INHERITED.has(key)) values[key] = target.values[key];
    Object.assign(values, rec.source);
    if (parts.length > 0) values.variant_title ??= parts.join(' / ');
    if (values.link === undefined && !target.append) {
      const link = linkOf(target.keys.find((k) => k.startsWith('id:'))?.slice(3));
      if (link) values.link = link;
    }
    const offerId = checkItem(rec, values);
    if (offerId === undefined) {
      ctx.reject(rec);
      return;
    }
    target.items.push({
      offer_id: offerId,
      row_number: rec.row_number,
      source: values,
      custom: Object.assign(dict<string>(), target.custom, rec.custom),
    });
    target.rows.push(rec.row_number);
  };

  return {
    push(rec: RowRecord): void {
      const type = (text(rec, TYPE) ?? 'simple').toLowerCase();
      if (type.includes('variation')) {
        variation(rec);
        return;
      }
      flush();
      if (type.includes('grouped')) {
        rec.fail(
          ctx.columnOf('woo.type'),
          'Grouped products are containers without a price of their own: their products are imported from their own rows.',
          'woo.type',
        );
        ctx.reject(rec);
        return;
      }
      const isParent = type.includes('variable');
      derive(rec, isParent, false);
      const id = text(rec, ID);
      if (rec.source.link === undefined) {
        const link = linkOf(id);
        if (link) rec.source.link = link;
      }
      if (isParent) {
        if (rec.source.title === undefined)
          rec.fail(ctx.columnOf('title'), PRODUCT_MSG.titleRequired, 'title');
        const productId = (rec.source.sku as string | undefined) ?? id;
        if (productId === undefined) rec.fail(ctx.columnOf('woo.id'), MSG.idRequired, 'id');
        const keys = [id === undefined ? undefined : `id:${id}`, rec.source.sku as string | undefined].filter(
          (k): k is string => k !== undefined,
        );
        open = {
          productId: productId ?? `row-${rec.row_number}`,
          keys,
          row: rec.row_number,
          failed: rec.errors !== undefined,
          values: rec.source,
          custom: rec.custom ?? dict<string>(),
          items: [],
          rows: [],
          append: false,
          unpublished: 0,
        };
        if (rec.errors) ctx.reject(rec);
        return;
      }
      const offerId = checkItem(rec, rec.source);
      if (offerId === undefined) {
        ctx.reject(rec);
        return;
      }
      ctx.emitProduct(
        buildProduct(
          offerId,
          undefined,
          [{ offer_id: offerId, row_number: rec.row_number, source: rec.source, custom: rec.custom ?? {} }],
          [rec.row_number],
        ),
      );
    },
    end(): void {
      flush();
      // Variable products whose variations never came: nothing of them is for sale.
      const seen = new Set<TEmittedParent>();
      for (const entry of parents.values()) {
        if (!entry.waiting || seen.has(entry)) continue;
        seen.add(entry);
        ctx.uncount();
        nothingToSell(entry.row, entry.unpublished, entry.productId);
      }
    },
  };
};
