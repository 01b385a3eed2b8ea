// The shop's products read for a sync or a feed file: every layer, in id order, a page at a time.
import type { TProduct } from '@feedloom/catalog';
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client';
import { productOf, type TProductLayers } from '../catalogue';

/**
 * The shop's products as the catalog models them (all layers), in id order, a page at a time: a keyset on the
 * (shop_id, id) index reading only the layers' columns, with the next page already on its way while the
 * caller works on this one. `range` limits it to ids in (after, upTo] (one shard of a sharded feed build).
 */
export async function* shopProductPages(
  db: TDb,
  shopId: string,
  pageSize: number,
  range: { after?: number; upTo?: number } = {},
): AsyncGenerator<{ id: number; product: TProduct }[]> {
  const upTo = range.upTo === undefined ? sql`` : sql` and p.id <= ${range.upTo}`;
  const read = (after: number) =>
    queryRows<TProductLayers & { id: string | number }>(
      db,
      // `order by p.id`, not the output column: ordering by a cast id would sort every remaining row per page.
      sql`select p.id, p.product_key, p.offer_id, p.item_group_id, p.source, p.source_custom, p.variants, p.custom
          from products p where p.shop_id = ${shopId}::uuid and p.id > ${after}${upTo} order by p.id limit ${pageSize}`,
    );
  let next = read(range.after ?? 0);
  try {
    for (;;) {
      const rows = await next;
      if (rows.length === 0) return;
      const full = rows.length === pageSize;
      if (full) next = read(Number(rows.at(-1)!.id));
      yield rows.map((r) => ({ id: Number(r.id), product: productOf(r) }));
      if (!full) return;
    }
  } finally {
    // A caller that stops early leaves the page read ahead unread: its failure is nobody's.
    next.catch(() => undefined);
  }
}
