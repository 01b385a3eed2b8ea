// Stub answers for the organisation and shop procedures the signed-in layout and screens call.
import { makeOrganizationEntry, makeShop as makeSharedShop } from '@feedloom/contracts/testing';
import type { RouterOutputs, SessionInfo } from '@/lib/trpc';
import { TrpcTestError, type TrpcHandlers } from './render';

export type OrganizationEntry = RouterOutputs['organizations']['find'][number];
export type ShopEntry = RouterOutputs['shops']['get'];

/** An organisation list entry (the shared fixture). */
export const makeOrganization = (overrides: Partial<OrganizationEntry> = {}): OrganizationEntry =>
  makeOrganizationEntry(overrides);

/** A shop (the shared fixture). */
export const makeShop = (overrides: Partial<ShopEntry> = {}): ShopEntry => makeSharedShop(overrides);

/** Handlers for the layout (organisation list, shop select list) and an empty store list. */
export function orgShopHandlers(
  session: SessionInfo,
  { organizations, shops = [] }: { organizations?: OrganizationEntry[]; shops?: ShopEntry[] } = {},
): TrpcHandlers {
  const orgs = organizations ?? [
    makeOrganization({
      organization_object_id: session.active_org_id ?? 'o1',
      business_name: session.business_name ?? 'Acme',
    }),
  ];
  return {
    'auth.session': () => session,
    'organizations.find': () => orgs,
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
export function referenceHandlers(): TrpcHandlers {
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
    'reference.countries': () => [
      { id: 'IN', name: 'India' },
      { id: 'US', name: 'United States' },
    ],
    'reference.states': (input: unknown) => states[(input as { country_id: string }).country_id] ?? [],
    'reference.countryCodes': () => [
      { iso2: 'IN', country_name: 'India', country_flag: '🇮🇳', dialing_code: '+91' },
      { iso2: 'US', country_name: 'United States', country_flag: '🇺🇸', dialing_code: '+1' },
      { iso2: 'CA', country_name: 'Canada', country_flag: '🇨🇦', dialing_code: '+1' },
    ],
    'reference.currencies': () => [
      { code: 'EUR', name: 'Euro' },
      { code: 'USD', name: 'US Dollar' },
    ],
    'reference.timezones': () => [
      { name: 'America/New_York', utc_offset: '-05:00', label: '(UTC-05:00) America/New York' },
      { name: 'Asia/Kolkata', utc_offset: '+05:30', label: '(UTC+05:30) Asia/Kolkata' },
      { name: 'Europe/Berlin', utc_offset: '+01:00', label: '(UTC+01:00) Europe/Berlin' },
    ],
  };
}

export type InvitationStatus = RouterOutputs['organizations']['invitationStatus'];

/** What an invitation link says about itself (pending, for someone new, unless overridden). */
export const makeInvitationStatus = (overrides: Partial<InvitationStatus> = {}): InvitationStatus => ({
  status: 'pending',
  email: 'newcomer@example.com',
  business_name: 'Northwind',
  role_name: 'Store Manager',
  is_existing_user: false,
  ...overrides,
});

/** Signed out, following an invitation link that names nothing (the api's 404). */
export const brokenInvitationHandlers = (): TrpcHandlers => ({
  'auth.session': () => null,
  'organizations.invitationStatus': () => {
    throw new TrpcTestError('NOT_FOUND', 'This invitation link is invalid or no longer exists.', 404);
  },
});
