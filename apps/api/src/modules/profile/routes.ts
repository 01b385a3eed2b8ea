import { contract, PROFILE_UPDATED_MESSAGE } from '@feedloom/contracts';
import multipart from '@fastify/multipart';
import { MSG, PICTURE_MAX_BYTES, ZProfileSchema } from '@feedloom/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { binary, route, withMessage } from '../../http/route';
import { AppError, badRequest } from '../../lib/errors';
import { PROFILE_MSG } from './messages';
import type { TPictureChange, TProfileService } from './service';

const PICTURE_FIELD = 'profile_picture';
const DATA_URL_RE = /^data:(image\/[\w.+-]+);base64,(.*)$/s;

/** The multipart limits: one picture, the profile's text fields (with room to spare) of modest size. */
const MULTIPART_LIMITS = {
  // "Under 5MB": a file of exactly 5 MB is one byte too many.
  fileSize: PICTURE_MAX_BYTES - 1,
  files: 1,
  fields: 30,
  parts: 31,
  fieldSize: 4096,
  fieldNameSize: 100,
};

/** @fastify/multipart's limit errors, each with a message that says which limit the form broke. */
const MULTIPART_ERROR_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: PROFILE_MSG.oneFile,
  FST_FIELDS_LIMIT: PROFILE_MSG.tooManyFields,
  FST_PARTS_LIMIT: PROFILE_MSG.tooManyFields,
};

const errorCodeOf = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

/** Multipart body: text parts are profile fields; a `profile_picture` file part is the new picture. */
const readMultipart = async (request: FastifyRequest) => {
  const fields: Record<string, string> = {};
  let picture: TPictureChange;
  let pictureError: string | null = null;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        // Busboy cuts a long value at fieldSize and says so; a cut value must not be saved as if whole.
        if (part.valueTruncated || part.fieldnameTruncated) throw badRequest(PROFILE_MSG.fieldTooLong);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== PICTURE_FIELD) {
        part.file.resume();
        throw badRequest(PROFILE_MSG.unexpectedFile);
      }
      const bytes = await part.toBuffer();
      picture = { declared_type: part.mimetype, bytes };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = errorCodeOf(err);
    // A picture too large is reported after the fields, as the form would; the other limits at once.
    if (code === 'FST_REQ_FILE_TOO_LARGE') pictureError = MSG.pictureSize;
    else if (MULTIPART_ERROR_MESSAGES[code]) throw badRequest(MULTIPART_ERROR_MESSAGES[code]);
    else if ((err as { statusCode?: number }).statusCode === 413) throw badRequest(MSG.pictureSize);
    else {
      // Anything else while reading the parts is a malformed body (cut short, bad boundary, bad name).
      request.log.warn({ err }, 'unreadable multipart body');
      throw badRequest(PROFILE_MSG.formUnreadable);
    }
  }
  return { fields, picture, pictureError };
};

/** JSON body (API clients): the picture, if any, as a data URL; '' removes it. */
const pictureFromDataUrl = (value: string | undefined): TPictureChange => {
  if (value === undefined) return undefined;
  if (value === '') return 'remove';
  const match = DATA_URL_RE.exec(value);
  if (!match) throw badRequest(MSG.pictureType);
  return { declared_type: match[1]!, bytes: Buffer.from(match[2]!, 'base64') };
};

export const profileRoutes = (app: FastifyInstance, profile: TProfileService) => {
  const c = contract.profile;

  route(app, c.get, async (_input, ctx) => profile.get(ctx.user_id));

  // The bytes as stored; the gateway decides how long the browser keeps them (versioned URL or not).
  route(app, c.picture, async ({ params }, ctx) => {
    const picture = await profile.picture(ctx.user_id, params.user_id);
    return binary({
      body: picture.bytes,
      content_type: picture.content_type,
      cache_control: 'private, no-cache',
      last_modified: picture.updated_at,
    });
  });

  // Multipart parsing is scoped to the profile upload: no other route accepts form-data by accident.
  app.register(async (scope) => {
    await scope.register(multipart);
    route(scope, c.update, async (_input, ctx) => {
      const request = ctx.request;
      let fields: Record<string, unknown>;
      let picture: TPictureChange;
      if (request.isMultipart()) {
        const read = await readMultipart(request);
        fields = read.fields;
        const parsed = ZProfileSchema.safeParse(fields);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
        if (read.pictureError) throw badRequest(read.pictureError);
        // A text part `profile_picture` = '' removes the picture.
        picture = read.picture ?? (fields[PICTURE_FIELD] === '' ? 'remove' : undefined);
        const { profile_picture: _ignored, ...rest } = parsed.data;
        return withMessage(await profile.update(ctx.user_id, rest, picture), PROFILE_UPDATED_MESSAGE);
      }
      const parsed = ZProfileSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
      const { profile_picture: dataUrl, ...rest } = parsed.data;
      picture = pictureFromDataUrl(dataUrl);
      return withMessage(await profile.update(ctx.user_id, rest, picture), PROFILE_UPDATED_MESSAGE);
    });
  });
};
