// Stub answers for the organisation and shop procedures the signed-in layout and screens call.
import type { RouterOutputs, SessionInfo } from '@/lib/trpc';

export type OrganizationEntry = RouterOutputs['orgs']['list'][number];
export type ShopEntry = RouterOutputs['shops']['get'];

export function makeOrganization(overrides: Partial<OrganizationEntry> = {}): OrganizationEntry {
  return {
    organization_object_id: 'o1',
    business_name: 'Acme Outdoor',
    business_email: 'merchant@example.com',
    business_url: null,
    phone_code: '+91',
    phone_number: null,
    state: null,
    country: null,
    address_1: null,
    address_2: null,
    city: null,
    zipcode: null,
    developer_email: null,
    is_owner: true,
    role_name: 'Owner',
    permissions: ['store_management_manage'],
    shop_object_id: null,
    shop_id: null,
    shops_count: 0,
    ...overrides,
  };
}

export function makeShop(overrides: Partial<ShopEntry> = {}): ShopEntry {
  return {
    id: 'shop-1',
    shop_name: 'Acme Store',
    shop_email: null,
    shop_url: 'https://acme.example.com',
    is_testing: false,
    shop_currency: 'USD',
    shop_timezone: 'America/New_York',
    utc_offset: '-05:00',
    status: 'active',
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Handlers for the layout (organisation list, shop select list) and an empty store list. */
export function orgShopHandlers(
  session: SessionInfo,
  { organizations, shops = [] }: { organizations?: OrganizationEntry[]; shops?: ShopEntry[] } = {},
) {
  const orgs = organizations ?? [
    makeOrganization({
      organization_object_id: session.active_org_id ?? 'o1',
      business_name: session.business_name ?? 'Acme',
    }),
  ];
  return {
    'auth.session': () => session,
    'orgs.list': () => orgs,
    'shops.selectList': () =>
      shops
        .filter((s) => s.status === 'active')
        .map(({ id, shop_name, shop_url, shop_currency, is_testing }) => ({
          id,
          shop_name,
          shop_url,
          shop_currency,
          is_testing,
        })),
    'shops.find': () => ({ data: shops, total_records: shops.length }),
    'shops.statistics': () => ({
      total_shops: shops.length,
      active_shops: shops.filter((s) => s.status === 'active').length,
      deleted_shops: shops.filter((s) => s.status === 'deleted').length,
      testing_shops: shops.filter((s) => s.is_testing).length,
      total_products: 0,
    }),
  };
}

/** The reference lists (profile router) with a few entries each. */
export function referenceHandlers() {
  const states: Record<string, { id: string; name: string }[]> = {
    US: [
      { id: 'NY', name: 'New York' },
      { id: 'CA', name: 'California' },
    ],
    IN: [
      { id: 'MH', name: 'Maharashtra' },
      { id: 'KA', name: 'Karnataka' },
    ],
  };
  return {
    'profile.countries': () => [
      { id: 'IN', name: 'India' },
      { id: 'US', name: 'United States' },
    ],
    'profile.states': (input: unknown) => states[(input as { country_id: string }).country_id] ?? [],
    'profile.countryCodes': () => [
      { iso2: 'IN', country_name: 'India', country_flag: '🇮🇳', dialing_code: '+91' },
      { iso2: 'US', country_name: 'United States', country_flag: '🇺🇸', dialing_code: '+1' },
      { iso2: 'CA', country_name: 'Canada', country_flag: '🇨🇦', dialing_code: '+1' },
    ],
    'profile.currencies': () => [
      { code: 'EUR', name: 'Euro' },
      { code: 'USD', name: 'US Dollar' },
    ],
    'profile.timezones': () => [
      { name: 'America/New_York', utc_offset: '-05:00', label: '(UTC-05:00) America/New York' },
      { name: 'Asia/Kolkata', utc_offset: '+05:30', label: '(UTC+05:30) Asia/Kolkata' },
      { name: 'Europe/Berlin', utc_offset: '+01:00', label: '(UTC+01:00) Europe/Berlin' },
    ],
  };
}
