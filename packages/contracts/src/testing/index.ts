// Fixtures shared by the api, gateway and web tests (`@feedloom/contracts/testing`): one copy of each
// reply shape, typed by the contract and parsed through its schema in fixtures.test.ts, so a field added
// to the contract fails here once instead of drifting in three copies. Tests override what they assert on.
import type { TUserProfile } from '../account';
import type { TSessionInfo } from '../auth';
import type { TAuditEntry } from '../audit';
import type { TIntegratedChannelStatus } from '../channel-wizard';
import type { TChannelConnection, TMerchantAccount } from '../channels';
import type { TFeedConfig } from '../feeds';
import type { TOrganizationListEntry } from '../organizations';
import type { TRole } from '../roles';
import type { TShop } from '../shops';
import type { TStaff } from '../staff';

/** A signed-in session with an organisation and no shop yet (the session fields, without tokens). */
export function makeSessionInfo(overrides: Partial<TSessionInfo> = {}): TSessionInfo {
  return {
    user_id: 'u1',
    email: 'merchant@example.com',
    first_name: 'Mira',
    last_name: 'Shah',
    phone_number: null,
    profile_picture_path: null,
    profile_created: true,
    pending_invitation_count: 0,
    organizations_count: 1,
    is_part_of_any_org: true,
    business_name: 'Acme Outdoor',
    active_org_id: 'o1',
    active_shop_id: null,
    shops_count: 0,
    is_admin: false,
    has_password: true,
    permissions: [
      'store_management_manage',
      'data_source_management_manage',
      'product_and_promotions_feed_manage',
      'user_management_manage',
    ],
    ...overrides,
  };
}

/** The profile of a user who has not completed it yet. */
export function makeProfile(overrides: Partial<TUserProfile> = {}): TUserProfile {
  return {
    user_id: 'u1',
    email: 'merchant@example.com',
    first_name: null,
    last_name: null,
    phone_code: '+91',
    country_code: '+91',
    phone_number: null,
    timezone: null,
    utc_offset: null,
    preferred_language: null,
    preferred_language_id: null,
    business_type: null,
    other_business_type: null,
    profile_picture_path: null,
    profile_created: false,
    is_google_connected: false,
    is_microsoft_connected: false,
    google_email: null,
    microsoft_email: null,
    has_password: true,
    changed_password_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

/** An entry of the organisation list: the user's own organisation, no shop yet. */
export function makeOrganizationEntry(
  overrides: Partial<TOrganizationListEntry> = {},
): TOrganizationListEntry {
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

/** An active shop. */
export function makeShop(overrides: Partial<TShop> = {}): TShop {
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
    default_condition: 'new',
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A pending invitation for the entire organisation with a predefined role. */
export function makeStaff(overrides: Partial<TStaff> = {}): TStaff {
  return {
    id: 'staff-1',
    email: 'new.staff@example.com',
    role_id: 'viewer',
    role_name: 'Viewer',
    permissions: [
      'product_and_promotions_feed',
      'store_management',
      'data_source_management',
      'user_management',
    ],
    is_for_entire_organization: true,
    shop_id_list: [],
    status: 'pending',
    user_id: null,
    created_at: '2025-03-01T10:00:00.000Z',
    accepted_at: null,
    expires_at: '2025-03-08T10:00:00.000Z',
    ...overrides,
  };
}

/** A custom role nobody holds yet. */
export function makeRole(overrides: Partial<TRole> = {}): TRole {
  return {
    id: 'role-1',
    role_name: 'Feed editors',
    permissions: ['product_and_promotions_feed', 'product_and_promotions_feed_manage'],
    is_predefined: false,
    used_by: [],
    updated_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A shop's Google connection, authorised and waiting for its Merchant Center account. */
export function makeChannelConnection(overrides: Partial<TChannelConnection> = {}): TChannelConnection {
  return {
    shop_id: 'shop-1',
    channel: 'google',
    state: 'authorized',
    account_id: null,
    account_name: null,
    scopes: ['https://www.googleapis.com/auth/content'],
    integration_steps: [],
    integration_once_completed: false,
    target_market: null,
    disconnected_reason: null,
    connected_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A shop's Google feed: daily, submissions on, synced once with 120 items live. */
export function makeFeedConfig(overrides: Partial<TFeedConfig> = {}): TFeedConfig {
  return {
    shop_id: 'shop-1',
    channel: 'google',
    feed_schedule: 'daily',
    feed_enabled: true,
    feed_settings: {},
    feed_url: 'https://app.example/feeds/3q2-secret-token.xml',
    last_synced_at: '2025-03-02T08:00:00.000Z',
    last_status_pulled_at: '2025-03-02T08:05:00.000Z',
    live_items: 120,
    paused_run: null,
    last_run: null,
    ...overrides,
  };
}

/** A channel of a shop on /sync-shop: Google connected, its target market next. */
export function makeIntegratedChannelStatus(overrides: Partial<TIntegratedChannelStatus> = {}): TIntegratedChannelStatus {
  return {
    channel: 'google',
    state: 'connected',
    connected: true,
    account_id: '5550001001',
    account_name: 'Rivera Outdoor',
    steps: ['link-account', 'target-market', 'destination-validation', 'domain-verification', 'shipping-validation', 'feed-config'],
    integration_steps: ['link-account'],
    next_step: 'target-market',
    integration_once_completed: false,
    target_market: null,
    feed_enabled: true,
    disconnected_reason: null,
    ...overrides,
  };
}

/** The owner changing a store's name. */
export function makeAuditEntry(overrides: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    id: 'audit-1',
    created_at: '2025-03-01T10:00:00.000Z',
    actor: { user_id: 'u1', email: 'merchant@example.com', name: 'Mira Shah' },
    entity: 'shop',
    entity_id: 'shop-1',
    action: 'updated',
    summary: 'Acme Store',
    shop_id: 'shop-1',
    ip: '203.0.113.7',
    before: { shop_name: 'Acme Shop' },
    after: { shop_name: 'Acme Store' },
    ...overrides,
  };
}

export function makeMerchantAccount(overrides: Partial<TMerchantAccount> = {}): TMerchantAccount {
  return {
    account_id: '5550001001',
    account_name: 'Rivera Outdoor',
    time_zone: 'America/Los_Angeles',
    language_code: 'en',
    ...overrides,
  };
}
