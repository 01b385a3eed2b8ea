import { PRODUCT_MSG } from '@feedloom/validation';
import type { AssemblerContext, RowRecord, TAssembler, TItem } from './core';
import { buildProduct, MSG, NO_CUSTOM } from './core';
import { KeyTable } from './key-table';

// Google feeds and generic CSVs: one row per channel item; rows sharing an item_group_id are the variants of
// one product. Feeds list a group's rows together, so a group is held only until the group id changes; a
// group whose rows come back later is emitted again as an append (see TImportedProduct.append).

interface TOpenGroup {
  key: string;
  items: TItem[];
  rows: number[];
  append: boolean;
}

export const createGoogleAssembler = (ctx: AssemblerContext): TAssembler => {
  let open: TOpenGroup | undefined;
  /** Groups already emitted: their ids' hashes only, so memory grows with the number of groups, not their rows. */
  const emitted = new KeyTable();

  const flush = () => {
    if (!open) return;
    const g = open;
    open = undefined;
    emitted.set(g.key, 1);
    ctx.emitProduct(buildProduct(g.key, g.key, g.items, g.rows, g.append));
  };

  return {
    push(rec: RowRecord): void {
      if (!rec.errors) {
        const offerId = rec.id ?? (rec.source.sku as string | undefined);
        if (offerId === undefined) rec.fail(ctx.columnOf('id'), MSG.idRequired, 'id');
        ctx.requireTitleAndPrice(rec.source, rec, PRODUCT_MSG.titleRequired);
        if (!rec.errors && offerId !== undefined) ctx.claimId(offerId, rec);
      }
      if (rec.errors) {
        ctx.reject(rec);
        return;
      }
      const offerId = (rec.id ?? rec.source.sku) as string;
      const item: TItem = {
        offer_id: offerId,
        row_number: rec.row_number,
        source: rec.source,
        custom: rec.custom ?? NO_CUSTOM,
      };
      const group = rec.group;
      if (group === undefined) {
        flush();
        ctx.emitProduct(buildProduct(offerId, undefined, [item], [rec.row_number]));
        return;
      }
      if (open && open.key !== group) flush();
      if (!open) open = { key: group, items: [], rows: [], append: emitted.has(group) };
      open.items.push(item);
      open.rows.push(rec.row_number);
    },
    end: flush,
  };
};
