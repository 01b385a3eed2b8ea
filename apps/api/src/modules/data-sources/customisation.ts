// Customisation CSVs: `POST /export-csv` writes the shop's products with their
// customised values; `POST /import-update-csv` reads one back into the override layer (`products.custom`).
import {
  applyCustomisationRow,
  errorCsvLine,
  exportCustomisationCsv,
  importCustomisationCsv,
  sameValue,
  openCsv,
  type TCustomisationType,
  type TProduct,
} from '@feedloom/catalog';
import type { TCustomisationImport } from '@feedloom/contracts';
import { EXPORT_FIELDS, type TExportField } from '@feedloom/validation';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { inTransaction, queryRows, type TDb } from '../../db/client';
import { products, shops } from '../../db/schema';
import { jsonText } from '../../db/json';
import {
  customOf,
  judgeProduct,
  productOf,
  sameContentOf,
  shopDefaults,
  statusRows,
  writeStatuses,
} from '../catalogue';

const PAGE = 1000;

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

/** Highlight and detail columns a type 2 export has at least (room for the merchant to add some). */
export const EXPORT_MIN_SLOTS = 10;

/** `0` unless the jsonb value is an array: then its length. */
const lengthOf = (value: ReturnType<typeof sql>) =>
  sql`case when jsonb_typeof(${value}) = 'array' then jsonb_array_length(${value}) else 0 end`;

/**
 * The most highlights and details any value of the shop holds (product or variant, source or override): a
 * type 2 export gets at least that many columns, so no product's values are cut and none makes it fail.
 */
const widestLists = async (db: TDb, shopId: string) => {
  const most = (name: 'highlights' | 'detail') => {
    // A constant of this file (jsonb -> with a bound parameter is ambiguous between a key and an index).
    const field = sql.raw(`'${name}'`);
    return sql`greatest(
      ${lengthOf(sql`p.source -> ${field}`)},
      ${lengthOf(sql`p.custom -> 'overrides' -> ${field}`)},
      coalesce((select max(${lengthOf(sql`v -> 'source' -> ${field}`)})
        from jsonb_array_elements(case when jsonb_typeof(p.variants) = 'array' then p.variants else '[]'::jsonb end) v), 0),
      coalesce((select max(${lengthOf(sql`e.value -> ${field}`)})
        from jsonb_each(case when jsonb_typeof(p.custom -> 'variants') = 'object' then p.custom -> 'variants' else '{}'::jsonb end) e), 0))`;
  };
  const [row] = await queryRows<{ highlights: number | null; details: number | null }>(
    db,
    sql`select max(${most('highlights')})::int as highlights, max(${most('detail')})::int as details
        from products p where p.shop_id = ${shopId}::uuid`,
  );
  return { highlights: row?.highlights ?? 0, details: row?.details ?? 0 };
};

const CSV_QUOTE_RE = /[",\r\n]|^\s|\s$/;
/** A cell as written; the export's own cells come back from its parse already disarmed (a leading `'`). */
const quote = (cell: string) => (CSV_QUOTE_RE.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** Streams `csv` (header first) keeping only the columns named in `keep`, in their order. */
async function* onlyColumns(csv: AsyncIterable<string>, keep: ReadonlySet<string>): AsyncGenerator<string> {
  const file = await openCsv(
    (async function* () {
      for await (const piece of csv) yield Buffer.from(piece);
    })(),
    { encoding: 'utf-8', delimiter: ',' },
  );
  const indexes = file.headers.flatMap((h, i) => (keep.has(h) ? [i] : []));
  const line = (cells: readonly string[]) => `${indexes.map((i) => quote(cells[i] ?? '')).join(',')}\r\n`;
  let out = line(file.headers);
  for await (const row of file.rows) {
    out += line(row.cells);
    if (out.length >= 64 * 1024) {
      yield out;
      out = '';
    }
  }
  if (out) yield out;
}

/**
 * The export of `POST /export-csv`, as it is read: products a page at a time (a keyset cursor on the id), so
 * a shop of any size streams in constant memory. Type 1 keeps the ids and the chosen `fields`; type 2 has
 * as many highlight and detail columns as the shop's widest product needs (at least EXPORT_MIN_SLOTS).
 */
export const exportCsv = async (
  db: TDb,
  shopId: string,
  type: TCustomisationType,
  fields: readonly TExportField[] = EXPORT_FIELDS,
): Promise<AsyncIterable<string>> => {
  if (type === 1) {
    const csv = exportCustomisationCsv(shopProducts(db, shopId), { type });
    if (EXPORT_FIELDS.every((f) => fields.includes(f))) return csv;
    return onlyColumns(csv, new Set(['id', 'variant_id', ...fields]));
  }
  const widest = await widestLists(db, shopId);
  return exportCustomisationCsv(shopProducts(db, shopId), {
    type,
    highlights: Math.max(EXPORT_MIN_SLOTS, widest.highlights),
    details: Math.max(EXPORT_MIN_SLOTS, widest.details),
  });
};

/** Rows of a customisation CSV applied per statement (one read and one write per batch). */
const UPDATE_BATCH = 500;

export const importUpdateCsv = async (
  db: TDb,
  shopId: string,
  type: TCustomisationType,
  bytes: AsyncIterable<Uint8Array>,
): Promise<TCustomisationImport> => {
  const [shop] = await db
    .select({
      shop_currency: shops.shop_currency,
      shop_url: shops.shop_url,
      default_condition: shops.default_condition,
    })
    .from(shops)
    .where(eq(shops.id, shopId));
  const run = await importCustomisationCsv(bytes, { type });
  let errors = '';
  let rejected = 0;
  let unknown = 0;
  let updated = 0;
  type TResult = typeof run.results extends AsyncIterable<infer R> ? R : never;
  let pending: TResult[] = [];

  // Set-based: the batch's products are read in one query and written back in one UPDATE … FROM. Rows are
  // applied in file order, a later row of a product on top of an earlier one, and errors keep that order.
  // The products changed are judged again for every channel (judgeProduct, with all their layers) and their
  // statuses written in the same transaction.
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
    const changed = new Map<number, TProduct>();
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
      updated += 1;
      // A row that asks for what the product already has (an export brought back as it was) writes nothing.
      const before = current.get(row.product_key) ?? productOf(row);
      if (sameValue(customOf(applied.product), customOf(before))) continue;
      current.set(row.product_key, applied.product);
      changed.set(row.id, applied.product);
    }
    pending = [];
    if (changed.size === 0) return;
    const values = jsonText([...changed].map(([id, product]) => ({ id, custom: customOf(product) })));
    const judged = shop
      ? [...changed].flatMap(([id, product]) =>
          judgeProduct(product, shop).map((j) => ({ product_id: id, ...j })),
        )
      : [];
    // A row that changes nothing a channel receives leaves the channel's verdict standing.
    const byId = new Map(rows.map((r) => [r.id, r]));
    const defaults = shop ? shopDefaults(shop) : {};
    const sameContent = [...changed].flatMap(([id, product]) =>
      sameContentOf(id, productOf(byId.get(id)!), product, defaults),
    );
    await inTransaction(db, async (t) => {
      await t.execute(sql`
        update products p set custom = x.custom, updated_at = now()
        from jsonb_to_recordset(${values}::jsonb) as x(id bigint, custom jsonb)
        where p.id = x.id and p.shop_id = ${shopId}::uuid`);
      await writeStatuses(t, shopId, statusRows(judged), { onlyShopProducts: true, sameContent });
    });
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
