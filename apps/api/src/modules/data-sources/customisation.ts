// Customisation CSVs (spec §9 types 1 and 2): `POST /export-csv` writes the shop's products with their
// customised values; `POST /import-update-csv` reads one back into the override layer (`products.custom`).
import {
  applyCustomisationRow,
  errorCsvLine,
  exportCustomisationCsv,
  importCustomisationCsv,
  importedToProduct,
  type TCustomisationType,
  type TProduct,
} from '@feedloom/catalog';
import type { TCustomisationImport } from '@feedloom/contracts';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { products, type TProductRow } from '../../db/schema';

/** The override layer as stored: the product's and each variant's. */
interface TStoredCustom {
  overrides?: Record<string, unknown>;
  variants?: Record<string, Record<string, unknown>>;
}

const PAGE = 1000;

export const productOf = (row: TProductRow): TProduct => {
  const custom = row.custom as TStoredCustom;
  const base = importedToProduct({
    kind: 'product',
    product_id: row.product_key,
    offer_id: row.offer_id,
    ...(row.item_group_id ? { item_group_id: row.item_group_id } : {}),
    source: row.source,
    custom: row.source_custom,
    variants: (
      row.variants as { id: string; offer_id: string; source: never; custom: Record<string, string> }[]
    ).map((v) => ({ ...v, row_number: 0 })),
    row_numbers: [],
  });
  return {
    ...base,
    overrides: (custom.overrides ?? {}),
    variants: base.variants.map((v) => ({
      ...v,
      overrides: (custom.variants?.[v.id] ?? {}),
    })),
  };
};

const customOf = (p: TProduct): TStoredCustom => ({
  overrides: p.overrides,
  variants: Object.fromEntries(
    p.variants
      .filter((v) => Object.keys(v.overrides).length > 0)
      .map((v) => [v.id, v.overrides as Record<string, unknown>]),
  ),
});

/** The shop's products in id order, a page at a time (keyset on the bigserial id). */
async function* shopProducts(db: TDb, shopId: string): AsyncGenerator<TProduct> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(products)
      .where(and(eq(products.shop_id, shopId), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(PAGE);
    for (const row of rows) yield productOf(row);
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

export const exportCsv = async (db: TDb, shopId: string, type: TCustomisationType): Promise<string> => {
  let csv = '';
  for await (const piece of exportCustomisationCsv(shopProducts(db, shopId), { type })) csv += piece;
  return csv;
};

/** Rows of a customisation CSV applied per statement (one read and one write per batch). */
const UPDATE_BATCH = 500;

export const importUpdateCsv = async (
  db: TDb,
  shopId: string,
  type: TCustomisationType,
  bytes: AsyncIterable<Uint8Array>,
): Promise<TCustomisationImport> => {
  const run = await importCustomisationCsv(bytes, { type });
  let errors = '';
  let rejected = 0;
  let unknown = 0;
  let updated = 0;
  type TResult = typeof run.results extends AsyncIterable<infer R> ? R : never;
  let pending: TResult[] = [];

  // Set-based: the batch's products are read in one query and written back in one UPDATE … FROM. Rows are
  // applied in file order, a later row of a product on top of an earlier one, and errors keep that order.
  const flush = async () => {
    if (pending.length === 0) return;
    const keys = [...new Set(pending.flatMap((r) => (r.kind === 'error' ? [] : [r.product_id])))];
    const rows =
      keys.length > 0
        ? await db
            .select()
            .from(products)
            .where(and(eq(products.shop_id, shopId), inArray(products.product_key, keys)))
        : [];
    const stored = new Map(rows.map((r) => [r.product_key, r]));
    const current = new Map<string, TProduct>();
    const changed = new Map<number, TStoredCustom>();
    for (const result of pending) {
      if (result.kind === 'error') {
        rejected += 1;
        errors += errorCsvLine(result);
        continue;
      }
      const rowResult = result;
      const row = stored.get(rowResult.product_id);
      if (!row) {
        unknown += 1;
        continue;
      }
      const applied = applyCustomisationRow(current.get(row.product_key) ?? productOf(row), rowResult);
      if (applied.issues.length > 0) {
        rejected += 1;
        for (const issue of applied.issues) {
          errors += errorCsvLine({
            kind: 'error',
            row_number: rowResult.row_number,
            column: issue.attribute,
            message: issue.message,
          });
        }
        continue;
      }
      current.set(row.product_key, applied.product);
      changed.set(row.id, customOf(applied.product));
      updated += 1;
    }
    pending = [];
    if (changed.size === 0) return;
    const values = JSON.stringify([...changed].map(([id, custom]) => ({ id, custom }))).replace(
      /\\u0000/g,
      '',
    );
    await db.execute(sql`
      update products p set custom = x.custom, updated_at = now()
      from jsonb_to_recordset(${values}::jsonb) as x(id bigint, custom jsonb)
      where p.id = x.id and p.shop_id = ${shopId}::uuid`);
  };

  for await (const result of run.results) {
    pending.push(result);
    if (pending.length >= UPDATE_BATCH) await flush();
  }
  await flush();
  return {
    report_type: type,
    rows_read: run.stats.rows_read,
    rows_updated: updated,
    rows_rejected: rejected,
    rows_unknown: unknown,
    errors_csv: errors ? `row_number,column,message\r\n${errors}` : '',
  };
};
