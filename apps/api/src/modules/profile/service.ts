import type { TUserProfile } from '@feedloom/contracts';
import {
  BUSINESS_TYPES,
  DEFAULT_PHONE_CODE,
  MSG,
  PICTURE_MAX_BYTES,
  type TProfile,
} from '@feedloom/validation';
import type { TDb } from '../../db/client';
import type { TUserRow } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import { badRequest, notFound, unauthorized } from '../../lib/errors';
import { passwordStatusOf } from '../account/service';
import { buildSessionInfo } from '../auth/session';
import { countryCodes, languages, timezones, utcOffsetOf } from '../reference/data';
import { identitiesRepo } from '../social/repo';
import { usersRepo } from '../users/repo';
import { checkImage } from './image';
import { PICTURE_MAX_DIMENSION_PX, PICTURE_MAX_MEGAPIXELS, PROFILE_MSG } from './messages';
import { picturesRepo } from './repo';

/** A picture as it arrived: the declared type (the browser's) and the bytes. */
export interface TPictureUpload {
  declared_type: string;
  bytes: Buffer;
}

/** What a profile save does to the picture: a new one, remove it, or keep it (undefined). */
export type TPictureChange = TPictureUpload | 'remove' | undefined;

const ACCEPTED_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg']);

const lazySet = <T>(build: () => Iterable<T>) => {
  let value: Set<T> | undefined;
  return () => (value ??= new Set(build()));
};
const knownZones = lazySet(() => timezones().map((z) => z.name));
const knownDialCodes = lazySet(() => countryCodes().map((c) => c.dialing_code));

/** The browser loads the picture through the gateway; `v` changes with every upload, so it caches forever. */
export const picturePath = (userId: string, at: Date) => `/media/profile-picture/${userId}?v=${at.getTime()}`;

/**
 * Checks an uploaded picture (JPG or PNG only, under 5 MB) by decoding it: its real type and
 * dimensions come from the file itself, and bytes that do not decode as a whole PNG or JPEG are refused.
 */
export const checkPicture = async (upload: TPictureUpload) => {
  if (!ACCEPTED_TYPES.has(upload.declared_type.toLowerCase())) throw badRequest(MSG.pictureType);
  if (upload.bytes.length >= PICTURE_MAX_BYTES) throw badRequest(MSG.pictureSize);
  const checked = await checkImage(upload.bytes, {
    maxSide: PICTURE_MAX_DIMENSION_PX,
    maxPixels: PICTURE_MAX_MEGAPIXELS * 1_000_000,
  });
  if (checked.ok) return checked.info;
  switch (checked.reason) {
    case 'too-wide':
      throw badRequest(PROFILE_MSG.pictureDimensions(PICTURE_MAX_DIMENSION_PX));
    case 'too-many-pixels':
      throw badRequest(PROFILE_MSG.picturePixels(PICTURE_MAX_MEGAPIXELS));
    default:
      throw badRequest(MSG.pictureProcess);
  }
};

const blankToNull = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export const createProfileService = (deps: { db: TDb; clock: TClock }) => {
  const { db, clock } = deps;

  const profileOf = async (user: TUserRow): Promise<TUserProfile> => {
    const identities = await identitiesRepo(db).listForUser(user.id);
    const google = identities.find((i) => i.provider === 'google');
    const microsoft = identities.find((i) => i.provider === 'microsoft');
    const phoneCode = user.phone_code ?? DEFAULT_PHONE_CODE;
    return {
      user_id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      phone_code: phoneCode,
      country_code: phoneCode,
      phone_number: user.phone_number,
      timezone: user.timezone,
      utc_offset: user.utc_offset,
      preferred_language: user.preferred_language,
      preferred_language_id: user.preferred_language_id,
      business_type: user.business_type,
      other_business_type: user.other_business_type,
      profile_picture_path: user.profile_picture_path,
      profile_created: user.profile_created,
      is_google_connected: Boolean(google),
      is_microsoft_connected: Boolean(microsoft),
      google_email: google?.email ?? null,
      microsoft_email: microsoft?.email ?? null,
      ...passwordStatusOf(user),
    };
  };

  const requireUser = async (userId: string) => {
    const user = await usersRepo(db).findById(userId);
    if (!user) throw unauthorized();
    return user;
  };

  /** The stored form of validated fields; reference values must come from the api's own lists. */
  const columnsOf = (fields: TProfile, now: Date) => {
    const phoneCode = fields.phone_code || DEFAULT_PHONE_CODE;
    if (!knownDialCodes().has(phoneCode)) throw badRequest(MSG.phoneInvalid, 'phone_code');
    const timezone = blankToNull(fields.timezone);
    if (timezone && !knownZones().has(timezone)) throw badRequest(PROFILE_MSG.timezoneUnknown, 'timezone');
    const languageId = blankToNull(fields.preferred_language_id);
    const language = languageId ? languages().find((l) => l.id === languageId) : undefined;
    if (languageId && !language) throw badRequest(PROFILE_MSG.languageUnknown, 'preferred_language_id');
    const businessType = blankToNull(fields.business_type);
    if (businessType && !(BUSINESS_TYPES as readonly string[]).includes(businessType)) {
      throw badRequest(PROFILE_MSG.businessTypeUnknown, 'business_type');
    }
    return {
      first_name: fields.first_name,
      last_name: blankToNull(fields.last_name),
      phone_code: phoneCode,
      phone_number: blankToNull(fields.phone_number),
      timezone,
      // The offset follows the zone (today's, daylight saving included), whatever the client computed.
      utc_offset: timezone ? utcOffsetOf(timezone, now) : null,
      preferred_language: language?.name ?? null,
      preferred_language_id: language?.id ?? null,
      business_type: businessType,
      other_business_type: businessType === 'Other' ? blankToNull(fields.other_business_type) : null,
    };
  };

  return {
    get: async (userId: string): Promise<TUserProfile> => profileOf(await requireUser(userId)),

    /** Saves the profile (the first save marks it created) and its picture; answers profile and session. */
    update: async (userId: string, fields: TProfile, picture: TPictureChange) => {
      const user = await requireUser(userId);
      const now = clock.now();
      const columns = columnsOf(fields, now);
      const info = picture && picture !== 'remove' ? await checkPicture(picture) : null;
      const updated = await db.transaction(async (tx) => {
        let profilePicturePath = user.profile_picture_path;
        if (picture === 'remove') {
          await picturesRepo(tx).remove(user.id);
          profilePicturePath = null;
        } else if (picture && info) {
          await picturesRepo(tx).put({
            user_id: user.id,
            content_type: info.type,
            bytes: picture.bytes,
            width: info.width,
            height: info.height,
            updated_at: now,
          });
          profilePicturePath = picturePath(user.id, now);
        }
        return usersRepo(tx).update(user.id, {
          ...columns,
          profile_picture_path: profilePicturePath,
          profile_created: true,
          updated_at: now,
        });
      });
      if (!updated) throw unauthorized();
      return { profile: await profileOf(updated), session: await buildSessionInfo(db, updated) };
    },

    /** Only the caller's own picture: any other id is answered as if it had none. */
    picture: async (callerId: string, userId: string) => {
      const row = callerId === userId ? await picturesRepo(db).find(userId) : null;
      if (!row) throw notFound(PROFILE_MSG.pictureNotFound);
      return { content_type: row.content_type, bytes: row.bytes, updated_at: row.updated_at };
    },
  };
};
export type TProfileService = ReturnType<typeof createProfileService>;
