import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { shops, type TShopRow, type TShopStatus } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import type { TShopScope } from '../tenancy/access';
import { tenancyRepo } from '../tenancy/repo';

type TNewShop = Omit<typeof shops.$inferInsert, 'id' | 'organization_id'>;

/** `shops.id` within the scope (no filter for the entire organisation; nothing for an empty list). */
const inScope = (scope: TShopScope | undefined): SQL | undefined => {
  if (!scope) return undefined;
  const ids = scope.filter(isUuid);
  return ids.length > 0 ? inArray(shops.id, ids) : sql`false`;
};

/** `%term%` for ILIKE with the term's own wildcards taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SORT_COLUMNS = {
  shop_name: sql`lower(${shops.shop_name})`,
  created_at: shops.created_at,
  shop_currency: shops.shop_currency,
} as const;

export interface TShopPageQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  sort_col: keyof typeof SORT_COLUMNS;
  order: 1 | -1;
}

/**
 * Shops of one organisation. Every method takes the caller's organisation id and filters by it, so a
 * shop id from a request can never reach another organisation's shop.
 */
export const shopsRepo = (db: TDb) => ({
  listForOrg: async (
    orgId: string,
    opts: { status?: TShopStatus; scope?: TShopScope } = {},
  ): Promise<TShopRow[]> =>
    db
      .select()
      .from(shops)
      .where(
        and(eq(shops.organization_id, orgId), eq(shops.status, opts.status ?? 'active'), inScope(opts.scope)),
      )
      .orderBy(asc(shops.created_at), asc(shops.id)),

  getForOrg: (orgId: string, shopId: string): Promise<TShopRow | null> =>
    tenancyRepo(db).shopOfOrg(orgId, shopId),

  firstActiveForOrg: async (orgId: string, scope?: TShopScope): Promise<TShopRow | null> =>
    (
      await db
        .select()
        .from(shops)
        .where(and(eq(shops.organization_id, orgId), eq(shops.status, 'active'), inScope(scope)))
        .orderBy(asc(shops.created_at), asc(shops.id))
        .limit(1)
    )[0] ?? null,

  countForOrg: async (orgId: string, status: TShopStatus = 'active', scope?: TShopScope): Promise<number> =>
    (
      await db
        .select({ n: count() })
        .from(shops)
        .where(and(eq(shops.organization_id, orgId), eq(shops.status, status), inScope(scope)))
    )[0]?.n ?? 0,

  /** One page of the organisation's shops (deleted ones included), searched by name or URL. */
  page: async (
    orgId: string,
    query: TShopPageQuery,
    scope?: TShopScope,
  ): Promise<{ rows: TShopRow[]; total: number }> => {
    const where = and(
      eq(shops.organization_id, orgId),
      inScope(scope),
      query.search
        ? or(
            ilike(shops.shop_name, containsPattern(query.search)),
            ilike(shops.shop_url, containsPattern(query.search)),
          )
        : undefined,
    );
    const column = SORT_COLUMNS[query.sort_col];
    const direction = query.order === -1 ? desc : asc;
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(shops)
        .where(where)
        .orderBy(direction(column), direction(shops.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ n: count() }).from(shops).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },

  /** Shop counts by status and testing flag. */
  statistics: async (orgId: string, scope?: TShopScope) => {
    const [row] = await db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${shops.status} = 'active')`.mapWith(Number),
        deleted: sql<number>`count(*) filter (where ${shops.status} = 'deleted')`.mapWith(Number),
        testing:
          sql<number>`count(*) filter (where ${shops.status} = 'active' and ${shops.is_testing})`.mapWith(
            Number,
          ),
      })
      .from(shops)
      .where(and(eq(shops.organization_id, orgId), inScope(scope)));
    return {
      total: row?.total ?? 0,
      active: row?.active ?? 0,
      deleted: row?.deleted ?? 0,
      testing: row?.testing ?? 0,
    };
  },

  /**
   * Products of the organisation's shops: the kept count of each shop (`product_status_counts`, channel '*',
   * never a count(*)), of `shopIds`, or else of every active shop within the scope.
   */
  productCounts: async (
    orgId: string,
    opts: { shopIds?: readonly string[]; scope?: TShopScope },
  ): Promise<Map<string, number>> => {
    const ids = opts.shopIds?.filter(isUuid);
    if (ids && ids.length === 0) return new Map();
    const rows = await db
      .select({ shop_id: shops.id, n: sql<number>`coalesce(c.n, 0)`.mapWith(Number) })
      .from(shops)
      .leftJoin(
        sql`product_status_counts c`,
        sql`c.shop_id = ${shops.id} and c.channel = '*' and c.status = 'all'`,
      )
      .where(
        and(
          eq(shops.organization_id, orgId),
          ids ? inArray(shops.id, ids) : and(eq(shops.status, 'active'), inScope(opts.scope)),
        ),
      );
    return new Map(rows.map((r) => [r.shop_id, r.n]));
  },

  /** A shop of the organisation other than `exceptId`, not deleted, whose URL is `shopUrl`. */
  findActiveByUrl: async (orgId: string, shopUrl: string, exceptId?: string): Promise<TShopRow | null> =>
    (
      await db
        .select()
        .from(shops)
        .where(
          and(
            eq(shops.organization_id, orgId),
            eq(shops.status, 'active'),
            sql`lower(rtrim(${shops.shop_url}, '/')) = lower(rtrim(${shopUrl}, '/'))`,
            exceptId ? ne(shops.id, exceptId) : undefined,
          ),
        )
        .limit(1)
    )[0] ?? null,

  createForOrg: async (orgId: string, values: TNewShop): Promise<TShopRow> =>
    (
      await db
        .insert(shops)
        .values({ ...values, organization_id: orgId })
        .returning()
    )[0]!,

  update: async (
    orgId: string,
    shopId: string,
    values: Partial<Omit<TNewShop, 'created_at'>>,
  ): Promise<TShopRow | null> =>
    !isUuid(shopId)
      ? null
      : ((
          await db
            .update(shops)
            .set(values)
            .where(and(eq(shops.organization_id, orgId), eq(shops.id, shopId)))
            .returning()
        )[0] ?? null),
});
