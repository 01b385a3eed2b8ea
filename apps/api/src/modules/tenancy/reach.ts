// The one way a service finds the shop a call names: a shop of the caller's organisation, within the shops the
// caller reaches. Anything else (another organisation's shop, a shop beyond the caller's scope, an id that is no
// uuid) is the same 404, so an id never tells whether it exists elsewhere.
import type { TDb } from '../../db/client';
import type { TShopRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { canReachShop, type TShopScope } from './access';
import { TENANCY_MSG } from './messages';
import { tenancyRepo } from './repo';

/** Who asks, as a shop-scoped service sees them: their organisation and the shops they reach (null: all). */
export interface TShopCaller {
  org_id: string;
  shop_ids: TShopScope;
}

/** A person (or api client) acting in an organisation: every service's caller, from the request's context. */
export interface TCaller extends TShopCaller {
  user_id: string;
}

/** The shop `shopId` of the caller's organisation, if the caller reaches it; else 404 "Store not found.". */
export const reachShop = async (db: TDb, caller: TShopCaller, shopId: string): Promise<TShopRow> => {
  const shop = canReachShop(caller.shop_ids, shopId)
    ? await tenancyRepo(db).shopOfOrg(caller.org_id, shopId)
    : null;
  if (!shop) throw notFound(TENANCY_MSG.storeNotFound);
  return shop;
};
