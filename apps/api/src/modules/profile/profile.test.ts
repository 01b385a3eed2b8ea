import { randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  PROFILE_UPDATED_MESSAGE,
  ZUserProfileSchema,
  type TEnvelope,
  type TLoginResponse,
  type TUserProfile,
} from '@feedloom/contracts';
import { makeProfile } from '@feedloom/contracts/testing';
import { MSG, PICTURE_MAX_BYTES } from '@feedloom/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertOrg, insertUser, PASSWORD } from '../../test/fixtures';
import { jpegImage, pngClaiming, pngHeaderOnly, pngImage } from '../../test/images';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { utcOffsetOf } from '../reference/data';
import { PROFILE_MSG } from './messages';

interface TFilePart {
  filename: string;
  type: string;
  bytes: Buffer;
}

type TFiles = Record<string, TFilePart> | [string, TFilePart][];

/** A multipart/form-data body as a browser (or the gateway's FormData) sends it. */
const multipart = (fields: Record<string, string>, files: TFiles = {}) => {
  const boundary = `----feedloom${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const [name, file] of Array.isArray(files) ? files : Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${file.filename}"\r\n` +
          `content-type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

const FIELDS = {
  first_name: 'Asha',
  last_name: "D'Souza",
  phone_code: '+91',
  phone_number: '9876543210',
  timezone: 'Asia/Kolkata',
  utc_offset: '+05:30',
  preferred_language: 'English',
  preferred_language_id: 'en',
  business_type: 'Retailer',
};

describe.each(DRIVERS)('profile on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const signedIn = async (email: string) => {
    await insertUser(t, email);
    return (await t.call<TLoginResponse>('POST', '/login', { body: { email, password: PASSWORD } })).body
      .data;
  };
  const save = async (token: string, fields: Record<string, string>, files: TFiles = {}) => {
    const body = multipart(fields, files);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/user-profile`,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    return {
      status: res.statusCode,
      body: res.json<TEnvelope<{ profile: TUserProfile; session: TLoginResponse }>>(),
    };
  };
  const png = (width = 500, height = 500): TFilePart => ({
    filename: 'me.png',
    type: 'image/png',
    bytes: pngImage(width, height),
  });

  describe('GET /user-profile-information', () => {
    it('returns the Profile with defaults for a new account', async () => {
      const { access_token, user_id } = await signedIn('p@example.com');
      const res = await t.call<TUserProfile>('GET', '/user-profile-information', { token: access_token });
      expect(res.status).toBe(200);
      // The shared fixture is the profile of a user who has not completed it: exactly what the api answers.
      expect(ZUserProfileSchema.parse(res.body.data)).toEqual(
        makeProfile({ user_id, email: 'p@example.com', changed_password_at: null }),
      );
    });

    it('needs a signed-in user', async () => {
      expect((await t.call('GET', '/user-profile-information')).status).toBe(401);
    });
  });

  const pictureOf = (userId: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/profile-picture/${userId}`,
      headers: { authorization: `Bearer ${token}` },
    });

  describe('POST /user-profile', () => {
    it('saves every field and the picture, marks the profile created and answers the session', async () => {
      const { access_token, user_id } = await signedIn('p@example.com');
      const res = await save(access_token, FIELDS, { profile_picture: png() });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(PROFILE_UPDATED_MESSAGE);
      const { profile, session } = res.body.data;
      expect(profile).toMatchObject({
        ...FIELDS,
        utc_offset: utcOffsetOf('Asia/Kolkata'),
        country_code: '+91',
        profile_created: true,
      });
      expect(profile.profile_picture_path).toMatch(
        new RegExp(`^/media/profile-picture/${user_id}\\?v=\\d+$`),
      );
      expect(session).toMatchObject({
        first_name: 'Asha',
        last_name: "D'Souza",
        phone_number: '9876543210',
        profile_created: true,
        profile_picture_path: profile.profile_picture_path,
      });
      // The picture is a binary endpoint: the bytes themselves, never base64 in JSON.
      const picture = await pictureOf(user_id, access_token);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(picture.headers['cache-control']).toBe('private, no-cache');
      expect(picture.rawPayload.equals(pngImage(500, 500))).toBe(true);
    });

    it('keeps the picture when none is sent, replaces it, and removes it with an empty value', async () => {
      const { access_token, user_id } = await signedIn('p@example.com');
      const first = (await save(access_token, FIELDS, { profile_picture: png() })).body.data.profile;
      const kept = (await save(access_token, { ...FIELDS, first_name: 'Ash' })).body.data.profile;
      expect(kept.profile_picture_path).toBe(first.profile_picture_path);
      t.clock.advance(1000);
      const jpeg = { filename: 'me.jpg', type: 'image/jpeg', bytes: await jpegImage(800, 600) };
      const replaced = (await save(access_token, FIELDS, { profile_picture: jpeg })).body.data.profile;
      expect(replaced.profile_picture_path).not.toBe(first.profile_picture_path);
      const picture = await pictureOf(user_id, access_token);
      expect(picture.headers['content-type']).toBe('image/jpeg');
      expect(picture.rawPayload.equals(jpeg.bytes)).toBe(true);
      const removed = (await save(access_token, { ...FIELDS, profile_picture: '' })).body.data.profile;
      expect(removed.profile_picture_path).toBeNull();
      expect((await t.call('GET', `/profile-picture/${user_id}`, { token: access_token })).status).toBe(404);
    });

    it('keeps Other business type only with Other, and empties optional fields', async () => {
      const { access_token } = await signedIn('p@example.com');
      const other = await save(access_token, {
        first_name: 'Asha',
        business_type: 'Other',
        other_business_type: 'Florist',
      });
      expect(other.body.data.profile).toMatchObject({
        business_type: 'Other',
        other_business_type: 'Florist',
      });
      const retailer = await save(access_token, {
        first_name: 'Asha',
        last_name: '',
        phone_number: '',
        business_type: 'Retailer',
        other_business_type: 'Florist',
      });
      expect(retailer.body.data.profile).toMatchObject({
        last_name: null,
        phone_number: null,
        phone_code: '+91',
        business_type: 'Retailer',
        other_business_type: null,
      });
    });

    it.each([
      [{ first_name: '' }, MSG.firstNameRequired],
      [{ first_name: ' Asha' }, MSG.nameSpaces],
      [{ first_name: 'Asha1' }, MSG.nameInvalid],
      [{ first_name: 'Asha', last_name: "O''Neil" }, MSG.nameSeparator],
      [{ first_name: 'Asha', phone_code: '+91', phone_number: '12345' }, MSG.phoneInvalid],
      [{ first_name: 'Asha', phone_code: '+1', phone_number: '9876543210' }, MSG.phoneInvalid],
      [{ first_name: 'Asha', phone_code: '+999', phone_number: '' }, MSG.phoneInvalid],
      [{ first_name: 'Asha', business_type: 'Other' }, MSG.otherBusinessTypeRequired],
      [{ first_name: 'Asha', business_type: 'Pirate' }, PROFILE_MSG.businessTypeUnknown],
      [{ first_name: 'Asha', timezone: 'Mars/Olympus' }, PROFILE_MSG.timezoneUnknown],
      [{ first_name: 'Asha', preferred_language_id: 'zz' }, PROFILE_MSG.languageUnknown],
    ])('refuses %j with the spec message', async (fields, message) => {
      const { access_token } = await signedIn('p@example.com');
      const res = await save(access_token, fields);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message, data: null });
    });

    it('names the field of a value the api checks against its own lists', async () => {
      const { access_token } = await signedIn('p@example.com');
      const res = await save(access_token, { first_name: 'Asha', timezone: 'Mars/Olympus' });
      expect(res.body).toEqual({
        code: 400,
        message: PROFILE_MSG.timezoneUnknown,
        data: null,
        field: 'timezone',
      });
    });

    it('accepts a phone number valid for the selected country', async () => {
      const { access_token } = await signedIn('p@example.com');
      const res = await save(access_token, {
        first_name: 'Sam',
        phone_code: '+1',
        phone_number: '2125550123',
      });
      expect(res.status).toBe(200);
      expect(res.body.data.profile).toMatchObject({
        phone_code: '+1',
        country_code: '+1',
        phone_number: '2125550123',
      });
    });

    it('checks the picture: JPG or PNG only, under 5 MB, decodable, sensible dimensions', async () => {
      const { access_token } = await signedIn('p@example.com');
      const gif = { filename: 'me.gif', type: 'image/gif', bytes: Buffer.from('GIF89a') };
      expect((await save(access_token, FIELDS, { profile_picture: gif })).body.message).toBe(MSG.pictureType);

      const big = { ...png(), bytes: Buffer.concat([pngImage(10, 10), Buffer.alloc(PICTURE_MAX_BYTES)]) };
      const tooBig = await save(access_token, FIELDS, { profile_picture: big });
      expect(tooBig.status).toBe(400);
      expect(tooBig.body.message).toBe(MSG.pictureSize);

      const exactly = { ...png(), bytes: Buffer.concat([pngImage(10, 10)]) };
      exactly.bytes = Buffer.concat([exactly.bytes, Buffer.alloc(PICTURE_MAX_BYTES - exactly.bytes.length)]);
      expect((await save(access_token, FIELDS, { profile_picture: exactly })).body.message).toBe(
        MSG.pictureSize,
      );

      const fake = { filename: 'me.png', type: 'image/png', bytes: Buffer.from('definitely not a png') };
      expect((await save(access_token, FIELDS, { profile_picture: fake })).body.message).toBe(
        MSG.pictureProcess,
      );

      const huge = await save(access_token, FIELDS, { profile_picture: png(9000, 10) });
      expect(huge.body.message).toBe(PROFILE_MSG.pictureDimensions(8000));

      const other = await save(access_token, FIELDS, { avatar: png() });
      expect(other.status).toBe(400);
      expect(other.body.message).toBe(PROFILE_MSG.unexpectedFile);
    });

    it('decodes the picture before accepting it: a header alone, a cut file or a pixel bomb is refused', async () => {
      const { access_token } = await signedIn('p@example.com');
      const headerOnly = { filename: 'me.png', type: 'image/png', bytes: pngHeaderOnly(5000, 5000) };
      expect(headerOnly.bytes).toHaveLength(33);
      const refused = await save(access_token, FIELDS, { profile_picture: headerOnly });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(MSG.pictureProcess);

      const jpeg = await jpegImage(400, 400);
      const cut = { filename: 'me.jpg', type: 'image/jpeg', bytes: jpeg.subarray(0, jpeg.length >> 1) };
      expect((await save(access_token, FIELDS, { profile_picture: cut })).body.message).toBe(
        MSG.pictureProcess,
      );

      const bomb = { filename: 'me.png', type: 'image/png', bytes: pngClaiming(7000, 7000) };
      expect((await save(access_token, FIELDS, { profile_picture: bomb })).body.message).toBe(
        PROFILE_MSG.picturePixels(40),
      );

      const profile = await t.call<TUserProfile>('GET', '/user-profile-information', { token: access_token });
      expect(profile.body.data.profile_picture_path).toBeNull();
    });

    it('says what is wrong with a form of two files, too many fields or an overlong field', async () => {
      const { access_token } = await signedIn('p@example.com');
      const two = await save(access_token, FIELDS, [
        ['profile_picture', png()],
        ['profile_picture', png(64, 64)],
      ]);
      expect(two.status).toBe(400);
      expect(two.body.message).toBe(PROFILE_MSG.oneFile);

      const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`extra_${i}`, 'x']));
      const tooMany = await save(access_token, { ...FIELDS, ...many });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe(PROFILE_MSG.tooManyFields);

      const long = await save(access_token, { ...FIELDS, first_name: 'A'.repeat(100_000) });
      expect(long.status).toBe(400);
      expect(long.body.message).toBe(PROFILE_MSG.fieldTooLong);

      const nul = await save(access_token, { ...FIELDS, last_name: 'So\u0000uza' });
      expect(nul.body).toEqual({
        code: 400,
        message: 'Last name must not contain control characters.',
        data: null,
      });
    });

    it('answers a cut-off form with a 400, not a 500', async () => {
      const { access_token } = await signedIn('p@example.com');
      const body = multipart(FIELDS, { profile_picture: png() });
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/user-profile`,
        headers: { authorization: `Bearer ${access_token}`, 'content-type': body.contentType },
        payload: body.payload.subarray(0, body.payload.length - 200),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, data: null });
    });

    it('accepts JSON with the picture as a data URL (API clients)', async () => {
      const { access_token } = await signedIn('p@example.com');
      const res = await t.call<{ profile: TUserProfile }>('POST', '/user-profile', {
        token: access_token,
        body: {
          first_name: 'Asha',
          profile_picture: `data:image/png;base64,${pngImage(64, 64).toString('base64')}`,
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.profile.profile_picture_path).toMatch(/^\/media\/profile-picture\//);
    });

    it('needs a signed-in user (the upload is not even read)', async () => {
      const body = multipart(FIELDS);
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/user-profile`,
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(401);
    });

    it('reflects organisation and shops in the session it answers', async () => {
      const { access_token, user_id } = await signedIn('p@example.com');
      const { org } = await insertOrg(t, user_id, 'Asha Co', 2);
      const { session } = (await save(access_token, FIELDS)).body.data;
      expect(session).toMatchObject({ active_org_id: org.id, shops_count: 2, is_part_of_any_org: true });
    });
  });

  describe('GET /profile-picture/{user_id}', () => {
    it("never serves another user's picture", async () => {
      const owner = await signedIn('owner@example.com');
      await save(owner.access_token, FIELDS, { profile_picture: png() });
      const other = await signedIn('other@example.com');
      const res = await t.call('GET', `/profile-picture/${owner.user_id}`, { token: other.access_token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PROFILE_MSG.pictureNotFound);
      expect((await t.call('GET', `/profile-picture/${owner.user_id}`)).status).toBe(401);
    });
  });
});
