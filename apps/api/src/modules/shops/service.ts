import type { TShop, TShopInfo, TShopOption, TShopPage, TShopStatistics } from '@feedloom/contracts';
import { MSG, type TShopListQuery, type TShopForm } from '@feedloom/validation';
import type { TDb } from '../../db/client';
import type { TShopRow } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { auditRepo } from '../audit/repo';
import { connectionsRepo } from '../channels/repo';
import type { TShopRejudge } from '../products/rejudge';
import { shopDefaults } from '../catalogue';
import { organizationsRepo } from '../organizations/repo';
import { SHOP_MSG } from './messages';
import { currencies, timezones, utcOffsetOf } from '../reference/data';
import { canReachShop } from '../tenancy/access';
import { tenancyRepo } from '../tenancy/repo';
import { shopsRepo } from './repo';
import type { TCaller } from '../tenancy/reach';

/** A shop as the activity log shows it. */
const auditValues = (s: TShopRow) => ({
  shop_name: s.shop_name,
  shop_url: s.shop_url,
  shop_currency: s.shop_currency,
  shop_timezone: s.shop_timezone,
  is_testing: s.is_testing ? 'yes' : 'no',
  default_condition: s.default_condition,
  status: s.status,
});

export const toShop = (row: TShopRow): TShop => ({
  id: row.id,
  shop_name: row.shop_name,
  shop_email: row.shop_email,
  shop_url: row.shop_url,
  is_testing: row.is_testing,
  shop_currency: row.shop_currency,
  shop_timezone: row.shop_timezone,
  utc_offset: row.utc_offset,
  status: row.status,
  default_condition: row.default_condition,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const isKnownCurrency = (code: string) => currencies().some((c) => c.code === code);

let zoneNames: Set<string> | undefined;
/** A zone of the timezone list the form offers (real IANA names, current spellings). */
const isKnownTimezone = (zone: string) => (zoneNames ??= new Set(timezones().map((t) => t.name))).has(zone);

/** Shops of the caller's organisation; a shop of another organisation is never found. */
export const createShopsService = (deps: {
  db: TDb;
  clock: TClock;
  /** Judges a shop's products again (a job) when a setting judging reads changes. */
  rejudge: Pick<TShopRejudge, 'request'>;
}) => {
  const { db, clock, rejudge } = deps;
  const find = async (caller: TCaller, shopId: string): Promise<TShopRow> => {
    const shop = canReachShop(caller.shop_ids, shopId)
      ? await shopsRepo(db).getForOrg(caller.org_id, shopId)
      : null;
    if (!shop) throw notFound(SHOP_MSG.notFound);
    return shop;
  };

  /** Store values as saved: currency and zone checked against the reference lists, offset from the zone. */
  const checkedValues = async (caller: TCaller, input: TShopForm, exceptId?: string) => {
    if (!isKnownCurrency(input.shop_currency)) throw badRequest(MSG.shopCurrencyInvalid, 'shop_currency');
    if (!isKnownTimezone(input.shop_timezone)) throw badRequest(MSG.shopTimezoneInvalid, 'shop_timezone');
    if (await shopsRepo(db).findActiveByUrl(caller.org_id, input.shop_url, exceptId)) {
      throw conflict(SHOP_MSG.duplicateUrl, 'shop_url');
    }
    return {
      shop_name: input.shop_name,
      shop_url: input.shop_url,
      shop_currency: input.shop_currency,
      shop_timezone: input.shop_timezone,
      // The zone decides the offset (today's, daylight saving included), not what the form sent.
      utc_offset: utcOffsetOf(input.shop_timezone, clock.now()),
      is_testing: input.is_testing,
      // Left out, a new store gets the column's default (new) and an edited one keeps its own.
      ...(input.default_condition ? { default_condition: input.default_condition } : {}),
    };
  };

  const setStatus = async (caller: TCaller, shopId: string, status: TShopRow['status']) => {
    const shop = await find(caller, shopId);
    if (shop.status === status) {
      throw badRequest(status === 'deleted' ? SHOP_MSG.alreadyDeleted : SHOP_MSG.alreadyActive);
    }
    const updated = await db.transaction(async (tx) => {
      const saved = await shopsRepo(tx).update(caller.org_id, shop.id, { status, updated_at: clock.now() });
      if (!saved) throw notFound(SHOP_MSG.notFound);
      await auditRepo(tx).record(caller.org_id, caller.user_id, {
        entity: 'shop',
        entity_id: shop.id,
        action: status === 'deleted' ? 'deleted' : 'reactivated',
        summary: saved.shop_name,
        before: { status: shop.status },
        after: { status: saved.status },
      });
      return saved;
    });
    return toShop(updated);
  };

  return {
    selectList: async (caller: TCaller): Promise<TShopOption[]> =>
      (await shopsRepo(db).listForOrg(caller.org_id, { scope: caller.shop_ids })).map((s) => ({
        id: s.id,
        shop_name: s.shop_name,
        shop_url: s.shop_url,
        shop_currency: s.shop_currency,
        is_testing: s.is_testing,
      })),

    /** The shop becomes the member's active shop in this organisation. */
    switchShop: async (caller: TCaller, shopId: string) => {
      const shop = await find(caller, shopId);
      if (shop.status !== 'active') throw notFound(SHOP_MSG.notFound);
      await organizationsRepo(db).setLastActiveShop(caller.org_id, caller.user_id, shop.id);
      return { active_shop_id: shop.id, shop: toShop(shop) };
    },

    list: async (caller: TCaller, query: TShopListQuery): Promise<TShopPage> => {
      const { rows, total } = await shopsRepo(db).page(caller.org_id, query, caller.shop_ids);
      return { data: rows.map(toShop), total_records: total };
    },

    get: async (caller: TCaller, shopId: string): Promise<TShop> => toShop(await find(caller, shopId)),

    /** A member's first shop becomes their active shop; a member limited to selected shops gets the new one. */
    create: async (caller: TCaller, input: TShopForm): Promise<TShop> => {
      const values = await checkedValues(caller, input);
      const org = await organizationsRepo(db).getOrganization(caller.org_id);
      const now = clock.now();
      const shop = await db.transaction(async (tx) => {
        const created = await shopsRepo(tx).createForOrg(caller.org_id, {
          ...values,
          shop_email: org?.business_email ?? null,
          created_at: now,
          updated_at: now,
        });
        const orgs = organizationsRepo(tx);
        await tenancyRepo(tx).addMemberShop(caller.org_id, caller.user_id, created.id);
        const member = await orgs.getMember(caller.org_id, caller.user_id);
        const current = member?.last_active_shop_id
          ? await shopsRepo(tx).getForOrg(caller.org_id, member.last_active_shop_id)
          : null;
        if (current?.status !== 'active')
          await orgs.setLastActiveShop(caller.org_id, caller.user_id, created.id);
        await auditRepo(tx).record(caller.org_id, caller.user_id, {
          entity: 'shop',
          entity_id: created.id,
          action: 'created',
          summary: created.shop_name,
          after: auditValues(created),
        });
        return created;
      });
      return toShop(shop);
    },

    update: async (caller: TCaller, shopId: string, input: TShopForm): Promise<TShop> => {
      const shop = await find(caller, shopId);
      if (shop.status === 'deleted') throw badRequest(SHOP_MSG.deletedNotEditable);
      const values = await checkedValues(caller, input, shop.id);
      const updated = await db.transaction(async (tx) => {
        const saved = await shopsRepo(tx).update(caller.org_id, shop.id, {
          ...values,
          updated_at: clock.now(),
        });
        if (!saved) throw notFound(SHOP_MSG.notFound);
        await auditRepo(tx).record(caller.org_id, caller.user_id, {
          entity: 'shop',
          entity_id: shop.id,
          action: 'updated',
          summary: saved.shop_name,
          before: auditValues(shop),
          after: auditValues(saved),
        });
        return saved;
      });
      // Judging reads the shop's currency, website and default condition: a change of any judges its products
      // again. Those whose condition came from the old default are sent again; the others keep their channel
      // statuses, with our findings (a link off the new domain, a price in another currency) beside them.
      if (
        updated.default_condition !== shop.default_condition ||
        updated.shop_url !== shop.shop_url ||
        updated.shop_currency !== shop.shop_currency
      ) {
        await rejudge.request({ shop_id: shop.id, defaults_before: shopDefaults(shop) });
      }
      return toShop(updated);
    },

    delete: (caller: TCaller, shopId: string) => setStatus(caller, shopId, 'deleted'),

    reactivate: async (caller: TCaller, shopId: string) => {
      const shop = await find(caller, shopId);
      if (
        shop.status === 'deleted' &&
        (await shopsRepo(db).findActiveByUrl(caller.org_id, shop.shop_url, shop.id))
      ) {
        throw conflict(SHOP_MSG.duplicateUrl, 'shop_url');
      }
      return setStatus(caller, shopId, 'active');
    },

    info: async (caller: TCaller, shopId: string): Promise<TShopInfo> => {
      const shop = await find(caller, shopId);
      const org = await organizationsRepo(db).getOrganization(caller.org_id);
      return {
        ...toShop(shop),
        business_name: org?.business_name ?? '',
        connected_channels: await connectionsRepo(db).connectedChannels(caller.org_id, shop.id),
        total_products:
          (await shopsRepo(db).productCounts(caller.org_id, { shopIds: [shop.id] })).get(shop.id) ?? 0,
      };
    },

    statistics: async (caller: TCaller): Promise<TShopStatistics> => {
      const repo = shopsRepo(db);
      const [s, products] = await Promise.all([
        repo.statistics(caller.org_id, caller.shop_ids),
        repo.productCounts(caller.org_id, { scope: caller.shop_ids }),
      ]);
      return {
        total_shops: s.total,
        active_shops: s.active,
        deleted_shops: s.deleted,
        testing_shops: s.testing,
        // Products of the active stores the caller can see.
        total_products: [...products.values()].reduce((sum, n) => sum + n, 0),
      };
    },
  };
};
export type TShopsService = ReturnType<typeof createShopsService>;
