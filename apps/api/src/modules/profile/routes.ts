import { contract, PROFILE_UPDATED_MESSAGE } from '@feedloom/contracts';
import multipart from '@fastify/multipart';
import { MSG, PICTURE_MAX_BYTES, ZProfileSchema } from '@feedloom/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route, withMessage } from '../../http/route';
import { AppError, badRequest } from '../../lib/errors';
import type { TPictureChange, TProfileService } from './service';

const PICTURE_FIELD = 'profile_picture';
const DATA_URL_RE = /^data:(image\/[\w.+-]+);base64,(.*)$/s;

const isFileTooLarge = (err: unknown) =>
  (err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/** Multipart body: text parts are profile fields; a `profile_picture` file part is the new picture. */
const readMultipart = async (request: FastifyRequest) => {
  const fields: Record<string, string> = {};
  let picture: TPictureChange;
  let pictureError: string | null = null;
  try {
    for await (const part of request.parts({
      // "Under 5MB": a file of exactly 5 MB is one byte too many.
      limits: { fileSize: PICTURE_MAX_BYTES - 1, files: 1, fields: 30, fieldSize: 4096 },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== PICTURE_FIELD) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}".`);
      }
      const bytes = await part.toBuffer();
      picture = { declared_type: part.mimetype, bytes };
    }
  } catch (err) {
    if (isFileTooLarge(err)) pictureError = MSG.pictureSize;
    else if (err instanceof AppError) throw err;
    else if ((err as { statusCode?: number }).statusCode === 413) throw badRequest(MSG.pictureSize);
    else throw err;
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
  const c = contract.account;

  route(app, c.userProfile, async (_input, ctx) => profile.get(ctx.user_id));

  route(app, c.profilePicture, async ({ params }, ctx) => profile.picture(ctx.user_id, params.user_id));

  // Multipart parsing is scoped to the profile upload: no other route accepts form-data by accident.
  app.register(async (scope) => {
    await scope.register(multipart);
    route(scope, c.updateProfile, async (_input, ctx) => {
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
