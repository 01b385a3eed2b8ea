// Seeds data through the private API v1 (as the e2e journeys' preconditions), never through the database.
import type { Mailbox } from './fixtures';

interface TEnvelope<T> {
  code: number;
  message: string;
  data: T;
}

const apiUrl = (): string => {
  const url = process.env.E2E_API_URL;
  if (!url)
    throw new Error(
      'E2E_API_URL is not set: run the suite through playwright (global-setup.ts starts the system)',
    );
  return url;
};

/** One api call; anything but code 200 fails the test with the server message. */
export const apiCall = async <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<T> => {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${apiUrl()}${path}`, { method, headers, body: payload });
  const envelope = (await res.json()) as TEnvelope<T>;
  if (envelope.code !== 200)
    throw new Error(`${method} ${path} answered ${envelope.code}: ${envelope.message}`);
  return envelope.data;
};

export interface TSeededMerchant {
  email: string;
  password: string;
  /** Access token of the merchant's own organisation (the last one seeded). */
  token: string;
}

/** A verified user with a password and a completed profile, as if they had signed up in the browser. */
export const seedUser = async (
  mailbox: Mailbox,
  email: string,
  password: string,
): Promise<TSeededMerchant> => {
  const { user_id } = await apiCall<{ user_id: string }>('POST', '/signup', {
    body: { email, isAgree: true },
  });
  const otp = await mailbox.otp(email);
  const { token: createToken } = await apiCall<{ token: string }>('POST', `/verify-account/${user_id}`, {
    body: { otp },
  });
  const signedIn = await apiCall<{ access_token: string }>('POST', `/create-password?user_id=${user_id}`, {
    body: { token: createToken, password, confirm: password },
  });
  const profile = new FormData();
  for (const [key, value] of Object.entries({
    first_name: 'Sam',
    last_name: 'Switcher',
    phone_code: '+91',
    timezone: 'Asia/Kolkata',
    utc_offset: '+05:30',
    preferred_language: 'English',
    preferred_language_id: 'en',
  })) {
    profile.append(key, value);
  }
  await apiCall('POST', '/user-profile', { body: profile, token: signedIn.access_token });
  return { email, password, token: signedIn.access_token };
};

/** An organisation owned by the merchant with one store; returns a token of that organisation. */
export const seedOrganizationWithShop = async (
  merchant: TSeededMerchant,
  names: { business: string; store: string; url: string },
): Promise<string> => {
  const org = await apiCall<{ organization_object_id: string }>('POST', '/organization', {
    token: merchant.token,
    body: { business_name: names.business, business_email: merchant.email },
  });
  const switched = await apiCall<{ access_token: string }>(
    'GET',
    `/capture-last-active-organization/${org.organization_object_id}`,
    { token: merchant.token },
  );
  await apiCall('POST', '/add-new-shop', {
    token: switched.access_token,
    body: {
      shop_name: names.store,
      shop_url: names.url,
      shop_currency: 'USD',
      shop_timezone: 'America/New_York',
      utc_offset: '-05:00',
    },
  });
  return switched.access_token;
};

/** The id of the first shop the token's organisation has (the one seedOrganizationWithShop made). */
export const firstShopId = async (token: string): Promise<string> => {
  const [shop] = await apiCall<{ id: string }[]>('GET', '/shop-select-list', { token });
  if (!shop) throw new Error('the organisation has no shop');
  return shop.id;
};

/**
 * Imports `csv` through POST /import-csv: into a new data source named `source.name`, or as the new file of
 * the data source `source.id`. Answers the data source's id.
 */
export const importCsvFile = async (
  token: string,
  shopId: string,
  csv: string,
  source: { name: string } | { id: string },
  fileName = 'products.csv',
): Promise<string> => {
  const form = new FormData();
  form.set('shop_id', shopId);
  if ('id' in source) form.set('data_source_id', source.id);
  else form.set('data_source_name', source.name);
  form.set('file', new Blob([csv], { type: 'text/csv' }), fileName);
  const { run } = await apiCall<{ run: { data_source_id: string } }>('POST', '/import-csv', {
    token,
    body: form,
  });
  return run.data_source_id;
};
