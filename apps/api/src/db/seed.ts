import { and, eq } from 'drizzle-orm';
import { createPasswordHasher } from '../lib/passwords';
import type { TDb } from './client';
import { organizations, shops } from './schema';
import { organizationsRepo } from '../modules/organizations/repo';
import { shopsRepo } from '../modules/shops/repo';
import { usersRepo } from '../modules/users/repo';

export const DEMO = {
  email: 'demo@feedloom.test',
  password: 'Demo@12345',
  businessName: 'Demo Outfitters',
  shopName: 'Demo Outfitters Store',
  /** A second shop, so the header's shop switcher has a choice. */
  outletName: 'Demo Outfitters Outlet',
} as const;

/**
 * The demo merchant of the embedded default. Idempotent: what exists is kept (a changed demo password
 * stays changed), what is missing is created.
 */
export const seed = async (db: TDb): Promise<{ user_id: string; organization_id: string; shop_id: string }> =>
  db.transaction(async (tx) => {
    const users = usersRepo(tx);
    const now = new Date();
    let user = await users.findByEmail(DEMO.email);
    if (!user) {
      user = (await users.createUnverified(DEMO.email, now))!;
      user = (await users.update(user.id, {
        email_verified_at: now,
        password_hash: await createPasswordHasher().hash(DEMO.password),
        password_changed_at: now,
        first_name: 'Dana',
        last_name: 'Demo',
        phone_code: '+1',
        phone_number: '2125550123',
        timezone: 'America/New_York',
        utc_offset: '-05:00',
        preferred_language: 'English',
        preferred_language_id: 'en',
        business_type: 'Retailer',
        profile_created: true,
      }))!;
    }

    let [org] = await tx
      .select()
      .from(organizations)
      .where(
        and(eq(organizations.owner_user_id, user.id), eq(organizations.business_name, DEMO.businessName)),
      )
      .limit(1);
    org ??= await organizationsRepo(tx).createWithOwner(user.id, {
      business_name: DEMO.businessName,
      business_email: DEMO.email,
      business_url: 'https://demo-outfitters.example',
      phone_code: '+1',
      phone_number: '2125550100',
      country: 'United States',
      state: 'New York',
      city: 'New York',
      address_1: '100 Demo Street',
      address_2: 'Suite 5',
      zipcode: '10001',
      developer_email: DEMO.email,
    });

    const shopRepo = shopsRepo(tx);
    let [shop] = await tx
      .select()
      .from(shops)
      .where(and(eq(shops.organization_id, org.id), eq(shops.shop_name, DEMO.shopName)))
      .limit(1);
    shop ??= await shopRepo.createForOrg(org.id, {
      shop_name: DEMO.shopName,
      shop_email: DEMO.email,
      shop_url: 'https://demo-outfitters.example',
      is_testing: false,
      shop_currency: 'USD',
      shop_timezone: 'America/New_York',
      utc_offset: '-05:00',
      status: 'active',
    });

    const [outlet] = await tx
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.organization_id, org.id), eq(shops.shop_name, DEMO.outletName)))
      .limit(1);
    if (!outlet) {
      await shopRepo.createForOrg(org.id, {
        shop_name: DEMO.outletName,
        shop_email: DEMO.email,
        shop_url: 'https://outlet.demo-outfitters.example',
        is_testing: true,
        shop_currency: 'EUR',
        shop_timezone: 'Europe/Berlin',
        utc_offset: '+01:00',
        status: 'active',
        // After the main store (now() is one instant inside the transaction), so lists keep their order.
        created_at: new Date(now.getTime() + 1000),
        updated_at: new Date(now.getTime() + 1000),
      });
    }

    if (!user.last_active_organization_id)
      await users.update(user.id, { last_active_organization_id: org.id });
    const member = await organizationsRepo(tx).getMember(org.id, user.id);
    if (!member?.last_active_shop_id) await organizationsRepo(tx).setLastActiveShop(org.id, user.id, shop.id);
    return { user_id: user.id, organization_id: org.id, shop_id: shop.id };
  });
