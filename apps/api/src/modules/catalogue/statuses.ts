// The one write of product statuses, and the SQL pieces the sync shares with it: how a judgement and the
// channel's last word become the status a product shows.
import { sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { jsonText } from '../../db/json';
import type { TSameContent } from './judge';

/** A judged status as writeStatuses takes it: one per product and channel. */
export interface TStatusRow {
  product_id: number | string;
  channel: string;
  status: string;
  issues: readonly unknown[];
}

/** Status rows as a relation for writeStatuses (one jsonb parameter, whatever the number of rows). */
export const statusRows = (rows: readonly TStatusRow[]): SQL =>
  sql`(select * from jsonb_to_recordset(${jsonText(rows)}::jsonb)
    as r(product_id bigint, channel text, status text, issues jsonb))`;

/** Statuses of a product the channel has (sent), whose verdict (or wait for one) is the channel's word. */
export const SENT_STATUSES = ['submitted', 'published', 'warning', 'disapproved'] as const;
/** Statuses of a product that goes out to the channel: waiting for a send, or sent. */
export const SENDABLE_STATUSES = ['pending', ...SENT_STATUSES] as const;

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** An issue's finding in SQL, as the catalog's issueKey spells it: item, attribute (`image link` = `image_link`), code without the channel's prefix. */
const issueKeySql = (e: SQL) =>
  sql`(coalesce(${e} ->> 'item_id', '') || '|' || replace(lower(btrim(coalesce(${e} ->> 'attribute', ''))), ' ', '_')
    || '|' || regexp_replace(coalesce(${e} ->> 'code', ''), '^(google|microsoft|meta):', ''))`;

/**
 * Our issues and the channel's (both jsonb arrays) as the catalog's mergeChannelIssues merges them: the channel's
 * verdict on a finding replaces our prediction of it; what only one side found is kept.
 */
export const mergeChannelIssuesSql = (ours: SQL, theirs: SQL): SQL =>
  sql`((select coalesce(jsonb_agg(o), '[]'::jsonb) from jsonb_array_elements(${ours}) o
        where not exists (select 1 from jsonb_array_elements(${theirs}) t where ${issueKeySql(sql`t`)} = ${issueKeySql(sql`o`)}))
      || ${theirs})`;

/** The channel's issues among a status row's issues (`origin: channel`). */
export const channelIssuesSql = (issues: SQL): SQL =>
  sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${issues}) e where e ->> 'origin' = 'channel')`;

/**
 * THE write of product statuses (a product edit, a bulk customisation, an import, a report upload): upserts
 * each (product, channel) of `rows` — a relation with columns product_id, channel, status and issues (jsonb),
 * see statusRows — and leaves identical rows untouched. A judgement says what Feedloom sees; what the channel
 * last said is not ours to forget. A product that goes out (judged `pending`) and that the channel has:
 *   - sending the same content (`sameContent`: an edit or bulk change that changes nothing sent) keeps the
 *     channel's word — its verdict (disapproved, waiting, approved; warning while a warning remains);
 *   - with new content (or not known to be the same: an import's changed product) is `pending` a resend, and
 *     the next sync marks it submitted until the channel answers;
 * either way the channel's issues stay beside ours until it speaks again (mergeChannelIssuesSql: its word on a
 * finding replaces our prediction), and so does when it said so (`confirmed_at`). A product held back (our
 * errors, or excluded) takes the judged status and our issues only. In the same statement the triggers of
 * migrations 0008 and 0017 keep the tab counts (product_status_counts) and the list's per-channel status columns
 * on products (google_status, microsoft_status, meta_status) current. `onlyShopProducts` drops rows naming
 * another shop's product (when the ids come from a merchant's file).
 */
export const writeStatuses = (
  db: TDb,
  shopId: string,
  rows: SQL,
  opts: { onlyShopProducts?: boolean; sameContent?: TSameContent } = {},
) =>
  db.execute(sql`
    with x as (
      select x.product_id, x.channel, x.status, x.issues from ${rows} as x
      ${opts.onlyShopProducts ? sql`join products p on p.id = x.product_id and p.shop_id = ${shopId}::uuid` : sql``}
    ), same as (
      select distinct y.product_id, y.channel
      from jsonb_to_recordset(${jsonText(opts.sameContent ?? [])}::jsonb) as y(product_id bigint, channel text)
    ), kept as materialized (
      -- Materialised, and joined rather than asked per row: inlined into the left join below, the issue merge
      -- ran once per pair of rows (minutes for a 500-product customisation CSV).
      select x.product_id, x.channel, prev.status as prev, prev.confirmed_at,
        y.product_id is not null as same,
        ${mergeChannelIssuesSql(sql`x.issues`, channelIssuesSql(sql`prev.issues`))} as merged
      from x join product_channel_statuses prev on prev.product_id = x.product_id and prev.channel = x.channel
        left join same y on y.product_id = x.product_id and y.channel = x.channel
      where x.status = 'pending' and prev.status in (${inList(SENDABLE_STATUSES)})
    ), decided as (
      select x.product_id, x.channel,
        case
          when k.product_id is null then x.status
          when k.prev = 'pending' or not k.same then 'pending'
          when k.prev = 'disapproved' then 'disapproved'
          when jsonb_path_exists(k.merged, '$[*] ? (@.severity == "warning")') then 'warning'
          when k.prev = 'submitted' or (k.prev = 'warning' and k.confirmed_at is null) then 'submitted'
          else 'published' end as status,
        coalesce(k.merged, x.issues) as issues
      from x left join kept k on k.product_id = x.product_id and k.channel = x.channel
    )
    insert into product_channel_statuses as s (product_id, shop_id, channel, status, issues)
    select d.product_id, ${shopId}::uuid, d.channel, d.status, d.issues from decided d
    on conflict (product_id, channel) do update set
      status = excluded.status, issues = excluded.issues, updated_at = now()
    where s.status is distinct from excluded.status or s.issues is distinct from excluded.issues`);
