// SQL of the products module, always scoped by shop (the service checks the shop belongs to the caller's
// organisation first). A list page is chosen from `products` alone: each product carries its status per catalog
// channel (google_status, microsoft_status, meta_status, kept by migration 0017's trigger). Which index serves
// which view (migrations 0008_products_list and 0017_products_list_speed; docs/flows.md has the table):
//   - tab all, sort created:           products (shop_id, id)
//   - tab all, sort brand / type:      products (shop_id, sort_brand | sort_product_type, id)
//   - a status tab, sort created:      products (shop_id, <channel>_status, id)
//   - a status tab, sort brand / type: products (shop_id, <channel>_status, sort_brand | sort_product_type, id)
//   - search:                          products GIN (to_tsvector('simple', search_text)) for its words and GIN
//                                      (variants jsonb_path_ops), ANDed with the tab's index as bitmaps, then
//                                      sorted (a deep keyset page costs what page 1 does)
//   - issue filter:                    product_channel_statuses GIN ({channel: issues} jsonb_path_ops)
//   - tab counts:                      product_status_counts (kept by triggers), never a count(*)
import type { TCondition, TProductListQuery } from '@feedloom/validation';
import { CATALOG_CHANNEL_OF } from '@feedloom/validation';
import { sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { queryRows } from '../../db/client';
import { escapeLike, compileFilter } from './filters';

export interface TProductListRow extends Record<string, unknown> {
  id: number;
  product_key: string;
  offer_id: string;
  item_group_id: string | null;
  source: Record<string, unknown>;
  source_custom: Record<string, string>;
  custom: Record<string, unknown>;
  variants: Record<string, unknown>[];
  created_at: string | Date;
  updated_at: string | Date;
  status: string | null;
  issues: unknown[] | null;
  data_source_name: string | null;
}

const SORT_KEY: Record<TProductListQuery['sort_col'], SQL | null> = {
  created_at: null,
  brand: sql`p.sort_brand`,
  product_type: sql`p.sort_product_type`,
};
const SORT_COLUMN: Record<TProductListQuery['sort_col'], string | null> = {
  created_at: null,
  brand: 'sort_brand',
  product_type: 'sort_product_type',
};

/** True when a search has a word (a letter or a digit) the word index can look up. */
const hasWord = (term: string) => /[\p{L}\p{N}]/u.test(term);

/**
 * A search: its words, the last one possibly half typed, among the words of title, SKU, brand, GTIN
 * and offer id — looked up in the word index (GIN over to_tsvector('simple', search_text)) — and the text as
 * typed found in those fields (a check on the few rows the words matched); or a variant field exactly. Every
 * word of the search must be a word of the product, so a mid-word fragment does not match.
 */
const searchCondition = (search: string): SQL => {
  const term = search.trim();
  // "Variant search fields match exactly using equals": offer id, SKU, GTIN, MPN, title and variant
  // title of any variant, in one lookup of migration 0019's GIN over product_variant_keys(variants).
  const exact = sql`product_variant_keys(p.variants) @> ${JSON.stringify([term])}::jsonb`;
  const lower = term.toLowerCase();
  // plainto_tsquery's text ends with its last lexeme: `:*` lets that one be a prefix (typing as you go). A
  // query without a lexeme stays as it is (it matches nothing rather than failing).
  const words = sql`(select case when numnode(q) = 0 then q else (q::text || ':*')::tsquery end
    from plainto_tsquery('simple', ${lower}::text) as q)`;
  const text = hasWord(term)
    ? sql`(to_tsvector('simple', p.search_text) @@ ${words} and strpos(p.search_text, ${lower}::text) > 0)`
    : sql`strpos(p.search_text, ${lower}::text) > 0`;
  return sql`(${text} or ${exact})`;
};

export interface TListPlan {
  rows: TProductListRow[];
  /** True when there are rows beyond the page in the direction read. */
  more: boolean;
  /** True when the page was read backwards (from first_internal_product_id). */
  backwards: boolean;
  /** The view's size, when asked for (`withTotal`). */
  total: number | undefined;
}

/** The products column holding each catalog channel's status (kept by migration 0017's trigger). */
const STATUS_COLUMN: Record<'google' | 'microsoft' | 'meta', SQL> = {
  google: sql`p.google_status`,
  microsoft: sql`p.microsoft_status`,
  meta: sql`p.meta_status`,
};

/**
 * Products with an issue of this code (and attribute) on the channel. Served by the statuses' GIN over
 * `{channel: issues}` (jsonb_path_ops hashes the channel into each key, so only that channel's postings are read).
 */
const issueCondition = (
  shopId: string,
  channel: string,
  code: string,
  attribute: string | undefined,
): SQL => {
  const issue = JSON.stringify({ [channel]: [attribute === undefined ? { code } : { code, attribute }] });
  return sql`p.id in (select st.product_id from product_channel_statuses st
    where jsonb_set('{}'::jsonb, array[st.channel], st.issues) @> ${issue}::jsonb and st.shop_id = ${shopId}::uuid)`;
};

export const productsRepo = (db: TDb) => {
  /** Everything that narrows the list (not the keyset): shop, tab, issue, search, filters, all over `products p`. */
  const whereOf = (shopId: string, q: TProductListQuery): { from: SQL; where: SQL } => {
    const channel = CATALOG_CHANNEL_OF[q.active_channel];
    const conds: SQL[] = [sql`p.shop_id = ${shopId}::uuid`];
    if (q.tab !== 'all') conds.push(sql`${STATUS_COLUMN[channel]} = ${q.tab}::text`);
    if (q.issue_code)
      conds.push(issueCondition(shopId, channel, q.issue_code, q.issue_attribute || undefined));
    if (q.search) conds.push(searchCondition(q.search));
    const filter = compileFilter(q.filters);
    if (filter) conds.push(filter);
    return { from: sql`products p`, where: sql.join(conds, sql` and `) };
  };

  return {
    /** The list's narrowing (tab, search, filters) over `products p`: bulk customisation selects with it. */
    where: whereOf,

    /** A cursor's sort key, if the product is in the shop. */
    async cursorKey(shopId: string, id: number, sortCol: TProductListQuery['sort_col']) {
      const column = SORT_COLUMN[sortCol];
      const rows = await queryRows<{ id: number; key: string | null }>(
        db,
        sql`select p.id::int as id, ${column ? sql.raw(`p.${column}`) : sql`null`} as key
            from products p where p.shop_id = ${shopId}::uuid and p.id = ${id}`,
      );
      return rows[0];
    },

    /**
     * A page of the view. With `withTotal` (a search, filters or an issue narrow the view, so the kept counts do
     * not say its size) the view's matches are found once, then both counted and paged: a search is not run
     * twice.
     */
    async list(
      shopId: string,
      q: TProductListQuery,
      cursor: { id: number; key: string | null; after: boolean } | null,
      opts: { withTotal?: boolean } = {},
    ): Promise<TListPlan> {
      const { from, where } = whereOf(shopId, q);
      const sortKey = SORT_KEY[q.sort_col];
      // Reading backwards (previous page) flips the order, then the rows are put back in view order.
      const backwards = cursor !== null && !cursor.after;
      const ascending = (q.order === 1) !== backwards;
      const dir = ascending ? sql`asc` : sql`desc`;
      const cmp = ascending ? sql`>` : sql`<`;
      const keysetOn = (key: SQL, id: SQL) => {
        if (!cursor) return sql`true`;
        return sortKey
          ? sql`(${key}, ${id}) ${cmp} (${cursor.key ?? ''}::text, ${cursor.id}::bigint)`
          : sql`${id} ${cmp} ${cursor.id}::bigint`;
      };
      const orderOn = (key: SQL, id: SQL) => (sortKey ? sql`${key} ${dir}, ${id} ${dir}` : sql`${id} ${dir}`);
      const offset = cursor ? 0 : (q.page - 1) * q.limit;
      const limit = sql`limit ${q.limit + 1} offset ${offset}`;
      const channel = CATALOG_CHANNEL_OF[q.active_channel];
      // The page's rows with their status and issues on the channel (`limit 1` keeps the planner from flattening
      // the lateral into a merge join over all the shop's statuses).
      const rowsOf = (
        page: SQL,
      ) => sql`select p.id::int as id, p.product_key, p.offer_id, p.item_group_id, p.source,
          p.source_custom, p.custom, p.variants, p.created_at, p.updated_at, s.status, s.issues, d.data_source_name,
          ${sortKey ?? sql`null::text`} as sort_key
        from ${page} p
        left join lateral (
          select st.status, st.issues from product_channel_statuses st
          where st.product_id = p.id and st.channel = ${channel}::text limit 1
        ) s on true
        left join data_sources d on d.id = p.data_source_id`;
      const byKey = orderOn(sql`x.sort_key`, sql`x.id`);
      let query: SQL;
      if (opts.withTotal) {
        const key = sortKey ?? sql`null::text`;
        query = sql`with m as materialized (select p.id, ${key} as k from ${from} where ${where})
          select c.total, x.* from (select count(*)::int as total from m) c
          left join lateral (${rowsOf(sql`(select p.* from products p join (
              select m.id from m where ${keysetOn(sql`m.k`, sql`m.id`)} order by ${orderOn(sql`m.k`, sql`m.id`)} ${limit}
            ) pg on pg.id = p.id)`)}) x on true
          order by ${byKey}`;
      } else {
        // The page is chosen from products alone: tab, search, filters and sort are all its columns.
        query = sql`select x.* from (${rowsOf(sql`(select p.* from ${from} where ${where}
            and ${keysetOn(sortKey ?? sql`p.id`, sql`p.id`)} order by ${orderOn(sortKey ?? sql`p.id`, sql`p.id`)} ${limit})`)}) x
          order by ${byKey}`;
      }
      const found = await queryRows<TProductListRow & { total?: number }>(db, query);
      const total = opts.withTotal ? (found[0]?.total ?? 0) : undefined;
      const rows = found.filter((r) => r.id !== null);
      const more = rows.length > q.limit;
      const shown = rows.slice(0, q.limit);
      if (backwards) shown.reverse();
      return { rows: shown, more, backwards, total };
    },

    /** Products matching tab, search and filters (a count only when search or filters are in play). */
    async count(shopId: string, q: TProductListQuery): Promise<number> {
      const { from, where } = whereOf(shopId, q);
      const rows = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${from} where ${where}`,
      );
      return rows[0]?.n ?? 0;
    },

    /** The kept counts of a channel, with the shop's product count under channel '*'. */
    async counts(shopId: string, channel: string) {
      return queryRows<{ channel: string; status: string; n: number }>(
        db,
        sql`select channel, status, n from product_status_counts
            where shop_id = ${shopId}::uuid and channel in (${channel}::text, '*')`,
      );
    },

    async lastRefreshed(shopId: string): Promise<Date | null> {
      const rows = await queryRows<{ at: string | Date | null }>(
        db,
        sql`select max(finished_at) as at from import_runs where shop_id = ${shopId}::uuid and status = 'succeeded'`,
      );
      const at = rows[0]?.at;
      return at ? new Date(at) : null;
    },

    async get(shopId: string, id: number): Promise<TProductListRow | undefined> {
      const rows = await queryRows<TProductListRow>(
        db,
        sql`select p.id::int as id, p.product_key, p.offer_id, p.item_group_id, p.source, p.source_custom,
              p.custom, p.variants, p.created_at, p.updated_at, null as status, null as issues, d.data_source_name
            from products p left join data_sources d on d.id = p.data_source_id
            where p.shop_id = ${shopId}::uuid and p.id = ${id}`,
      );
      return rows[0];
    },

    /** Products matching a search (and a tag), newest first: the list's search and its indexes. */
    async search(shopId: string, search: string, tag: string | undefined, limit: number) {
      const conds = [sql`p.shop_id = ${shopId}::uuid`, searchCondition(search)];
      if (tag) {
        const filter = compileFilter([
          { row: [{ field_name: 'tags', operator: 'equals_any_of', value: [tag], unit: null }] },
        ]);
        if (filter) conds.push(filter);
      }
      return queryRows<TProductListRow>(
        db,
        sql`select p.id::int as id, p.product_key, p.offer_id, p.item_group_id, p.source, p.source_custom,
              p.custom, p.variants, p.created_at, p.updated_at, null as status, null as issues, null as data_source_name
            from products p where ${sql.join(conds, sql` and `)} order by p.id desc limit ${limit}`,
      );
    },

    /**
     * Other data sources of the shop whose files also have this product's key (the source that brought it first
     * keeps it), with the names of both.
     */
    async offerClaims(productId: number) {
      return queryRows<{ other: string; owner: string | null; seen_at: string | Date }>(
        db,
        sql`select d.data_source_name as other, o.data_source_name as owner, c.seen_at
            from product_offer_claims c
            join data_sources d on d.id = c.data_source_id
            join products p on p.shop_id = c.shop_id and p.product_key = c.product_key
            left join data_sources o on o.id = p.data_source_id
            where p.id = ${productId}
            order by c.seen_at, d.data_source_name`,
      );
    },

    async resubmission(productId: number) {
      const rows = await queryRows<{ fields: string[]; requested_at: string | Date }>(
        db,
        sql`select fields, requested_at from product_resubmissions where product_id = ${productId}`,
      );
      return rows[0];
    },

    /** Asks the channel sync to send these fields again (replacing an earlier request). */
    async requestResubmission(productId: number, shopId: string, fields: readonly string[]) {
      await db.execute(sql`
        insert into product_resubmissions (product_id, shop_id, fields, requested_at)
        values (${productId}, ${shopId}::uuid, ${sql`array[${sql.join(
          fields.map((f) => sql`${f}::text`),
          sql`, `,
        )}]`}, now())
        on conflict (product_id) do update set fields = excluded.fields, requested_at = excluded.requested_at`);
    },

    async statuses(productId: number) {
      return queryRows<{ channel: string; status: string; issues: unknown[] }>(
        db,
        sql`select channel, status, issues from product_channel_statuses where product_id = ${productId} order by channel`,
      );
    },

    /** Distinct effective values of a field in the shop, most used first. */
    async options(shopId: string, field: string, search: string | undefined, limit: number) {
      if (field === 'data_source_name') {
        return queryRows<{ value: string; count: number }>(
          db,
          sql`select d.data_source_name as value, count(p.id)::int as count
              from data_sources d left join products p on p.data_source_id = d.id
              where d.shop_id = ${shopId}::uuid
                ${search ? sql`and d.data_source_name ilike ${`%${escapeLike(search)}%`}::text` : sql``}
              group by d.data_source_name order by count desc, value limit ${limit}`,
        );
      }
      const e = sql`coalesce(p.custom -> 'overrides' -> ${field}::text, p.source -> ${field}::text)`;
      return queryRows<{ value: string; count: number }>(
        db,
        sql`select x.v as value, count(*)::int as count
            from products p,
              jsonb_array_elements_text(case jsonb_typeof(${e}) when 'array' then ${e}
                when 'string' then jsonb_build_array(${e}) else '[]'::jsonb end) as x(v)
            where p.shop_id = ${shopId}::uuid and x.v <> ''
              ${search ? sql`and x.v ilike ${`%${escapeLike(search)}%`}::text` : sql``}
            group by x.v order by count desc, value limit ${limit}`,
      );
    },

    /** What the shop's products are judged with (see judgingContext), or undefined when the shop is gone. */
    async judgingShop(shopId: string) {
      const [shop] = await queryRows<{
        shop_currency: string;
        shop_url: string;
        default_condition: TCondition;
      }>(db, sql`select shop_currency, shop_url, default_condition from shops where id = ${shopId}::uuid`);
      return shop;
    },

    /**
     * A page of the shop's products with ids above `after`, in id order, locked until the transaction ends:
     * a re-judgement writes their statuses without an edit or an import in between.
     */
    async pageForUpdate(shopId: string, after: number, limit: number): Promise<TProductListRow[]> {
      return queryRows<TProductListRow>(
        db,
        sql`select p.id::int as id, p.product_key, p.offer_id, p.item_group_id, p.source, p.source_custom,
              p.custom, p.variants, p.created_at, p.updated_at, null as status, null as issues,
              null as data_source_name
            from products p where p.shop_id = ${shopId}::uuid and p.id > ${after}
            order by p.id limit ${limit} for update`,
      );
    },
  };
};
export type TProductsRepo = ReturnType<typeof productsRepo>;
