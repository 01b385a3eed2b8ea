import { and, asc, count, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { shops, type TShopRow, type TShopStatus } from '../../db/schema';

type TNewShop = Omit<typeof shops.$inferInsert, 'id' | 'organization_id'>;

/**
 * Shops of one organisation. Every method takes the caller's organisation id and filters by it, so a
 * shop id from a request can never reach another organisation's shop.
 */
export const shopsRepo = (db: TDb) => ({
  listForOrg: async (orgId: string, opts: { status?: TShopStatus } = {}): Promise<TShopRow[]> =>
    db
      .select()
      .from(shops)
      .where(and(eq(shops.organization_id, orgId), eq(shops.status, opts.status ?? 'active')))
      .orderBy(asc(shops.created_at), asc(shops.id)),

  getForOrg: async (orgId: string, shopId: string): Promise<TShopRow | null> =>
    !isUuid(shopId)
      ? null
      : ((
          await db
            .select()
            .from(shops)
            .where(and(eq(shops.organization_id, orgId), eq(shops.id, shopId)))
            .limit(1)
        )[0] ?? null),

  firstActiveForOrg: async (orgId: string): Promise<TShopRow | null> =>
    (
      await db
        .select()
        .from(shops)
        .where(and(eq(shops.organization_id, orgId), eq(shops.status, 'active')))
        .orderBy(asc(shops.created_at), asc(shops.id))
        .limit(1)
    )[0] ?? null,

  countForOrg: async (orgId: string, status: TShopStatus = 'active'): Promise<number> =>
    (
      await db
        .select({ n: count() })
        .from(shops)
        .where(and(eq(shops.organization_id, orgId), eq(shops.status, status)))
    )[0]?.n ?? 0,

  createForOrg: async (orgId: string, values: TNewShop): Promise<TShopRow> =>
    (
      await db
        .insert(shops)
        .values({ ...values, organization_id: orgId })
        .returning()
    )[0]!,
});
