import { contract, CSV_CONTENT_TYPE } from '@feedloom/contracts';
import multipart from '@fastify/multipart';
import { fileTypeProblem } from '@feedloom/catalog';
import {
  CSV_MAX_BYTES,
  DATA_SOURCE_MSG,
  isCsvFile,
  isFeedFile,
  ZImportCsvFieldsSchema,
  ZImportUpdateCsvFieldsSchema,
} from '@feedloom/validation';
import type { TCustomisationImport } from '@feedloom/contracts';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { binary, route, withMessage } from '../../http/route';
import type { TOrgContext } from '../../http/context';
import { AppError, badRequest } from '../../lib/errors';
import { DATA_SOURCE_API_MSG as M } from './messages';
import type { TDataSourcesService } from './service';
import { FileTooLargeError, keepFile } from './storage';
import type { TCaller } from '../tenancy/reach';

const FILE_FIELD = 'file';
const MULTIPART_LIMITS = {
  // One byte over lets busboy say "truncated" for a file larger than 20MB.
  fileSize: CSV_MAX_BYTES + 1,
  files: 1,
  fields: 20,
  parts: 21,
  fieldSize: 4096,
  fieldNameSize: 100,
};

/** A file named .csv (or .xml) whose bytes are a workbook, a web page, a PDF… (see fileTypeProblem). */
class NotCsvError extends Error {}

/** What an upload form takes: a data source's file (a CSV or a Google XML feed), or a customisation CSV. */
interface TFileKind {
  isAccepted: (fileName: string, contentType?: string) => boolean;
  /** XML is read (a Google XML feed). */
  xml: boolean;
  message: string;
}

const FEED_FILE: TFileKind = { isAccepted: isFeedFile, xml: true, message: DATA_SOURCE_MSG.feedFileType };
const CSV_FILE: TFileKind = { isAccepted: isCsvFile, xml: false, message: DATA_SOURCE_MSG.fileType };

/**
 * An uploaded file's bytes as they stream in: past 20 MB it throws FileTooLargeError, and a first piece that
 * shows another kind of file (an XLSX renamed .csv) throws NotCsvError before anything is kept.
 */
async function* uploadBytes(
  file: AsyncIterable<unknown> & { truncated: boolean },
  kind: TFileKind,
): AsyncGenerator<Buffer> {
  let first = true;
  for await (const chunk of file) {
    if (first && fileTypeProblem(chunk as Buffer, { xml: kind.xml }) !== null)
      throw new NotCsvError('not a csv');
    first = false;
    yield chunk as Buffer;
    if (file.truncated) throw new FileTooLargeError('file too large');
  }
  if (file.truncated) throw new FileTooLargeError('file too large');
}

const callerOf = (ctx: TOrgContext): TCaller => ({
  user_id: ctx.user_id,
  org_id: ctx.org_id,
  shop_ids: ctx.shop_ids,
});

/**
 * A CSV upload form: fields first, then one `file` part. The fields (`schema`) and the file's name and type
 * are checked before `take` reads the file as it streams in; a form without a file says what is missing, a file
 * over the size limit or a second file says so, and any other unreadable form is said to be unreadable.
 */
const readCsvForm = async <TFields, T>(
  request: FastifyRequest,
  schema: z.ZodType<TFields>,
  kind: TFileKind,
  take: (fields: TFields, file: MultipartFile) => Promise<T>,
): Promise<T> => {
  const fields: Record<string, string> = {};
  let taken: { value: T } | null = null;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw badRequest(M.fieldTooLong);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== FILE_FIELD || taken) {
        part.file.resume();
        throw badRequest(M.oneFile);
      }
      const parsed = schema.safeParse(fields);
      if (!parsed.success) {
        part.file.resume();
        throw badRequest(parsed.error.issues[0]?.message ?? M.fieldsFirst);
      }
      if (!kind.isAccepted(part.filename ?? '', part.mimetype)) {
        part.file.resume();
        throw badRequest(kind.message);
      }
      taken = { value: await take(parsed.data, part) };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof FileTooLargeError) throw badRequest(DATA_SOURCE_MSG.fileSize);
    if (err instanceof NotCsvError) throw badRequest(kind.message);
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(DATA_SOURCE_MSG.fileSize);
    if (code === 'FST_FILES_LIMIT') throw badRequest(M.oneFile);
    request.log.warn({ err }, 'unreadable multipart body');
    throw badRequest(M.formUnreadable);
  }
  if (taken) return taken.value;
  const parsed = schema.safeParse(fields);
  throw badRequest(
    parsed.success ? DATA_SOURCE_MSG.fileRequired : (parsed.error.issues[0]?.message ?? M.formUnreadable),
  );
};

/**
 * `POST /import-csv`: fields first (shop_id, name, settings), then one `file` part (a CSV or a Google XML feed). The caller's right to the
 * shop is checked before a byte is kept; the file streams into storage in 1 MB chunks (never whole in memory).
 */
const readUpload = (request: FastifyRequest, service: TDataSourcesService, caller: TCaller) =>
  readCsvForm(request, ZImportCsvFieldsSchema, FEED_FILE, async (fields, part) => {
    await service.checkUpload(caller, fields);
    const file_name = part.filename.slice(0, 200);
    const stored = await keepFile(
      service.db,
      { shop_id: fields.shop_id, file_name, content_type: part.mimetype },
      uploadBytes(part.file, FEED_FILE),
    );
    return { fields, file: { ...stored, file_name } };
  });

/** `POST /import-update-csv`: shop_id and report_type, then the file, read as it streams in. */
const readUpdateUpload = (
  request: FastifyRequest,
  service: TDataSourcesService,
  caller: TCaller,
): Promise<TCustomisationImport> =>
  readCsvForm(request, ZImportUpdateCsvFieldsSchema, CSV_FILE, async (fields, part) => {
    await service.reachShop(caller, fields.shop_id);
    return service.importUpdate(fields.shop_id, fields.report_type, uploadBytes(part.file, CSV_FILE));
  });

export const dataSourceRoutes = (app: FastifyInstance, service: TDataSourcesService) => {
  const c = contract.dataSources;

  route(app, c.find, async ({ params, query }, ctx) => service.list(callerOf(ctx), params.shop_id, query));
  route(app, c.get, async ({ params }, ctx) => service.get(callerOf(ctx), params.shop_id, params.id));
  route(app, c.create, async ({ body }, ctx) =>
    withMessage(await service.createUrl(callerOf(ctx), body), M.created),
  );
  route(app, c.update, async ({ params, body }, ctx) =>
    withMessage(await service.update(callerOf(ctx), params.id, body), M.updated),
  );
  route(app, c.settings, async ({ params, body }, ctx) =>
    withMessage(await service.settings(callerOf(ctx), params.shop_id, params.id, body), M.settingsUpdated),
  );
  route(app, c.delete, async ({ params }, ctx) =>
    withMessage(await service.delete(callerOf(ctx), params.shop_id, params.id), M.deleted),
  );
  route(app, c.syncNow, async ({ params }, ctx) =>
    withMessage(await service.syncNow(callerOf(ctx), params.id), M.syncStarted),
  );
  route(app, c.runs, async ({ params, query }, ctx) =>
    service.runs(callerOf(ctx), params.shop_id, params.id, query),
  );
  route(app, c.run, async ({ params }, ctx) => service.run(callerOf(ctx), params.shop_id, params.run_id));
  route(app, c.report, async ({ params }, ctx) => {
    const { file_name, csv } = await service.report(callerOf(ctx), params.shop_id, params.run_id);
    return binary({ body: csv, content_type: CSV_CONTENT_TYPE, file_name });
  });
  route(app, c.confirm, async ({ params }, ctx) =>
    withMessage(await service.confirm(callerOf(ctx), params.shop_id, params.run_id), M.confirmed),
  );
  route(app, c.discard, async ({ params }, ctx) =>
    withMessage(await service.discard(callerOf(ctx), params.shop_id, params.run_id), M.discarded),
  );
  route(app, c.sampleCsv, async () => {
    const { file_name, csv } = service.sampleCsv();
    return binary({ body: csv, content_type: CSV_CONTENT_TYPE, file_name });
  });
  route(app, c.exportCsv, async ({ body }, ctx) => {
    const { file_name, body: csv } = await service.exportCsv(callerOf(ctx), body);
    return binary({ body: csv, content_type: CSV_CONTENT_TYPE, file_name });
  });
  route(app, c.mapping, async ({ params }, ctx) => service.mapping(callerOf(ctx), params.shop_id, params.id));
  route(app, c.saveMapping, async ({ params, body }, ctx) =>
    withMessage(
      await service.saveMapping(callerOf(ctx), params.shop_id, params.id, body.mapping),
      M.mappingSaved,
    ),
  );

  // Multipart parsing is scoped to the upload: no other route accepts form-data by accident.
  app.register(async (scope) => {
    await scope.register(multipart);
    route(scope, c.importCsv, async (_input, ctx) => {
      if (!ctx.request.isMultipart()) throw badRequest(DATA_SOURCE_MSG.fileRequired);
      const caller = callerOf(ctx);
      const { fields, file } = await readUpload(ctx.request, service, caller);
      return withMessage(await service.importFile(caller, fields, file), M.fileReceived);
    });
    route(scope, c.importUpdateCsv, async (_input, ctx) => {
      if (!ctx.request.isMultipart()) throw badRequest(DATA_SOURCE_MSG.fileRequired);
      return readUpdateUpload(ctx.request, service, callerOf(ctx));
    });
  });
};
