// The product list's read side. Tab counts per shop × channel × status are kept current by
// triggers on product_channel_statuses and products (migration 0007_products_list), so `count-statistics`
// reads a handful of rows instead of counting a million. The same migration adds, on the tables of
// data-sources.ts, the generated sort/search columns and the indexes the list views use (docs/flows.md has the table).
import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from './core';
import { products } from './data-sources';

/**
 * Products per shop, channel and status. `channel` is a catalog channel (google, microsoft, meta); the row
 * with channel '*' and status 'all' counts the shop's products. Written only by the triggers.
 */
export const product_status_counts = pgTable(
  'product_status_counts',
  {
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    channel: text().notNull(),
    status: text().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shop_id, t.channel, t.status] })],
);

/**
 * The last resubmission a merchant asked for on a product (the fields to send again). The
 * channel sync reads and clears it when it next sends the product; asking again replaces it.
 */
export const product_resubmissions = pgTable('product_resubmissions', {
  product_id: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  shop_id: uuid()
    .notNull()
    .references(() => shops.id, { onDelete: 'cascade' }),
  fields: text().array().notNull(),
  requested_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
