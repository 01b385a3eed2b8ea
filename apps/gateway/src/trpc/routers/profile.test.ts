import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TUserProfile } from '@feedloom/contracts';
import { MSG } from '@feedloom/validation';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStubApi,
  createTestCaller,
  rejection,
  SESSION_INFO,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';
import { createUpstreamClient } from '../../upstream/client';
import { createRefresher } from '../../upstream/refresh';

const PROFILE: TUserProfile = {
  user_id: 'u_1',
  email: 'demo@feedloom.test',
  first_name: 'Dana',
  last_name: 'Demo',
  phone_code: '+1',
  country_code: '+1',
  phone_number: '2125550123',
  timezone: 'America/New_York',
  utc_offset: '-05:00',
  preferred_language: 'English',
  preferred_language_id: 'en',
  business_type: 'Retailer',
  other_business_type: null,
  profile_picture_path: null,
  profile_created: true,
  is_google_connected: false,
  is_microsoft_connected: false,
  google_email: null,
  microsoft_email: null,
  has_password: true,
  changed_password_at: '2026-01-01T00:00:00.000Z',
};

/** 1x1 PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('profile router', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('get returns the profile with the session token; signed out it is UNAUTHORIZED', async () => {
    stub.on('GET', '/user-profile-information', { data: PROFILE });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.profile.get()).toEqual(PROFILE);
    expect(stub.calls[0]?.headers.authorization).toBe('Bearer access-1');
    expect((await rejection(createTestCaller(stub).caller.profile.get())).code).toBe('UNAUTHORIZED');
  });

  it('reference lists pass through; states take the country id in the path', async () => {
    stub.on('GET', '/country-codes', {
      data: [{ iso2: 'IN', country_name: 'India', country_flag: '🇮🇳', dialing_code: '+91' }],
    });
    stub.on('GET', '/timezone-list', {
      data: [{ name: 'UTC', utc_offset: '+00:00', label: '(UTC+00:00) UTC' }],
    });
    stub.on('GET', '/language-list', { data: [{ id: 'en', name: 'English' }] });
    stub.on('GET', '/currencies-list', { data: [{ code: 'INR', name: 'Indian Rupee' }] });
    stub.on('GET', '/countries', { data: [{ id: 'IN', name: 'India' }] });
    stub.on('GET', '/countries/IN/states', { data: [{ id: 'KA', name: 'Karnataka' }] });
    stub.on('GET', '/countries/XX/states', { code: 404, message: 'Country not found' });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect((await caller.profile.countryCodes())[0]?.dialing_code).toBe('+91');
    expect((await caller.profile.timezones())[0]?.name).toBe('UTC');
    expect((await caller.profile.languages())[0]?.id).toBe('en');
    expect((await caller.profile.currencies({ channel: 'google' }))[0]?.code).toBe('INR');
    expect(stub.callsTo('GET', '/currencies-list')[0]?.query.get('channel')).toBe('google');
    expect((await caller.profile.countries())[0]?.id).toBe('IN');
    expect(await caller.profile.states({ country_id: 'IN' })).toEqual([{ id: 'KA', name: 'Karnataka' }]);
    const err = await rejection(caller.profile.states({ country_id: 'XX' }));
    expect(err.code).toBe('NOT_FOUND');
    expect(err.message).toBe('Country not found');
  });

  it('update validates with the shared profile rules before calling the api', async () => {
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const err = await rejection(
      caller.profile.update({ first_name: 'Dana', phone_code: '+91', phone_number: '123' }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toContain(MSG.phoneInvalid);
    const gif = await rejection(
      caller.profile.update({ first_name: 'Dana', profile_picture: 'data:image/gif;base64,R0lG' }),
    );
    expect(gif.message).toContain(MSG.pictureType);
    expect(stub.calls).toHaveLength(0);
  });
});

describe('profile.update upstream (multipart)', () => {
  let server: Server;
  let received: { contentType: string; form: FormData; authorization: string | undefined }[];
  let apiUrl: string;

  beforeEach(async () => {
    received = [];
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const contentType = req.headers['content-type'] ?? '';
        // The platform's own multipart parser reads the body as the api's would.
        void new Response(Buffer.concat(chunks), { headers: { 'content-type': contentType } })
          .formData()
          .then((form) => {
            received.push({ contentType, form, authorization: req.headers.authorization });
            const session = {
              ...SESSION_INFO,
              first_name: String(form.get('first_name')),
              profile_created: true,
            };
            res.setHeader('content-type', 'application/json');
            res.end(
              JSON.stringify({
                code: 200,
                message: 'Profile updated successfully',
                data: { profile: { ...PROFILE, first_name: session.first_name }, session },
              }),
            );
          });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const callerWithRealApi = () => {
    const stub = createStubApi();
    const client = createUpstreamClient({ apiUrl });
    return {
      ...createTestCaller(stub, { auth: storedAuth() }, { client, refresher: createRefresher(client) }),
      client,
    };
  };

  it('sends the fields as text parts and the picture as a file part; the session takes the reply', async () => {
    const { caller, session, client } = callerWithRealApi();
    const result = await caller.profile.update({
      first_name: 'Asha',
      last_name: '',
      phone_code: '+91',
      phone_number: '9876543210',
      timezone: 'Asia/Kolkata',
      profile_picture: `data:image/png;base64,${PNG_BASE64}`,
    });
    await client.close();
    expect(result.message).toBe('Profile updated successfully');
    expect(result.profile.first_name).toBe('Asha');
    expect(session.info).toMatchObject({ first_name: 'Asha', profile_created: true });

    const [{ contentType, form, authorization }] = received as [(typeof received)[number]];
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(authorization).toBe('Bearer access-1');
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      first_name: 'Asha',
      last_name: '',
      phone_code: '+91',
      phone_number: '9876543210',
      timezone: 'Asia/Kolkata',
    });
    const file = form.get('profile_picture') as File;
    expect(file.type).toBe('image/png');
    expect(file.name).toBe('profile-picture.png');
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
  });

  it("sends profile_picture = '' to remove the picture, and nothing to keep it", async () => {
    const { caller, client } = callerWithRealApi();
    await caller.profile.update({ first_name: 'Asha', profile_picture: '' });
    await caller.profile.update({ first_name: 'Asha' });
    await client.close();
    expect(received[0]?.form.get('profile_picture')).toBe('');
    expect(received[1]?.form.has('profile_picture')).toBe(false);
  });
});
