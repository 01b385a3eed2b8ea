import { Readable, Transform, type TransformCallback } from 'node:stream';
import { contract, UNAUTHORIZED_MESSAGE, type TEndpoint, type TResponseOf } from '@feedloom/contracts';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  CSV_MAX_BYTES,
  DATA_SOURCE_MSG,
  MSG,
  PICTURE_MAX_BYTES,
} from '@feedloom/validation';
// The type of request.session, also where this file is only read for its types (the web's upload helper).
import type {} from '@fastify/secure-session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BAD_URL_MESSAGE, BODY_TOO_LARGE_MESSAGE } from './http-errors';
import { AuthSession } from './session';
import { upstreamMessageOf } from './trpc/errors';
import { CSRF_MISSING_MESSAGE } from './trpc/init';
import {
  BAD_GATEWAY,
  envelopeOf,
  UpstreamError,
  type TStreamAnswer,
  type TUpstreamClient,
} from './upstream/client';
import { expiresWithin, refreshSession, type TRefresher } from './upstream/refresh';

/**
 * Binary bodies: the one streaming path between the browser and the api (files never travel as base64 in
 * tRPC JSON).
 *
 * - `POST /upload/<name>[/<param>…]`: the browser's multipart/form-data body is piped to the api endpoint of
 *   the entry as it arrives (never buffered whole), with the session's access token. Needs a session and the
 *   CSRF header; a body over the entry's `maxBytes` is refused with 413 and its `tooLargeMessage`, at once when
 *   Content-Length says so, else as soon as that many bytes went by. The answer is the api's JSON envelope
 *   (`data` checked by the contract), after the entry's `onSuccess` saw it.
 * - `GET /download/<name>[/<param>…][?query]` (or `POST` with a JSON body, for an endpoint that takes one, e.g.
 *   the export with its popup's choices; the CSRF header then too): the api's answer to the entry's `binary`
 *   endpoint is piped to the browser with its content-type, content-disposition and content-length, and
 *   `cache-control: private, no-store`. Needs a session. media.ts serves images the same way.
 *
 * `<param>`s are the endpoint's own path parameters, in order (an endpoint `/shops/:shop_id/exports/:id` gives
 * `/download/<name>/:shop_id/:id`), checked by its `params` schema. Failures answer `{code, message, data}`.
 *
 * Token refresh: a download's request is small and kept, so a 401 refreshes the session (single-flight, as every
 * call) and retries once. An upload's body can be sent only once, so the token is refreshed before streaming when it
 * expires within REFRESH_MARGIN_MS; a 401 that still comes back (a revoked session) is answered as it is.
 *
 * Adding one: an entry in UPLOADS or DOWNLOADS naming a contract endpoint (`multipart: true` for an upload,
 * `binary: true` for a download); file-type rules ('Only CSV files are allowed.') stay with the api endpoint,
 * which is the authority, and the web form, which says so before sending.
 */

export interface TUploadEntry<E extends TEndpoint = TEndpoint> {
  /** A `multipart: true` endpoint of the contract. */
  endpoint: E;
  /** Largest body accepted, multipart framing and text fields included. */
  maxBytes: number;
  /** Shown with the 413; by default 'The request is too large.'. */
  tooLargeMessage?: string;
  /** Runs on a 200 answer before it goes to the browser (e.g. keep the session's fields current). */
  onSuccess?: (data: TResponseOf<E>, session: AuthSession) => void;
}

export interface TDownloadEntry<E extends TEndpoint = TEndpoint> {
  /** A `binary: true` endpoint of the contract. */
  endpoint: E;
}

const upload = <E extends TEndpoint>(entry: TUploadEntry<E>): TUploadEntry<E> => entry;

/** Room for the multipart framing and the text fields of a form around its file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const UPLOADS = {
  /**
   * The whole profile form (text fields and the picture file) to POST /user-profile. The cap leaves the
   * picture's own limit to the api, so a picture of 5 MB or more gets the spec's message from there.
   */
  profile: upload({
    endpoint: contract.profile.update,
    maxBytes: PICTURE_MAX_BYTES + FORM_OVERHEAD_BYTES,
    tooLargeMessage: MSG.pictureSize,
    onSuccess: (data, session) => session.setInfo(data.session),
  }),
  /** A data source's CSV file (new source or a new file for one) to POST /import-csv; the api checks the type. */
  'import-csv': upload({
    endpoint: contract.dataSources.importCsv,
    maxBytes: CSV_MAX_BYTES + FORM_OVERHEAD_BYTES,
    tooLargeMessage: DATA_SOURCE_MSG.fileSize,
  }),
  /** A customisation CSV (report_type 1 or 2) to POST /import-update-csv. */
  'import-update-csv': upload({
    endpoint: contract.dataSources.importUpdateCsv,
    maxBytes: CSV_MAX_BYTES + FORM_OVERHEAD_BYTES,
    tooLargeMessage: DATA_SOURCE_MSG.fileSize,
  }),
} satisfies Record<string, TUploadEntry>;

export const DOWNLOADS = {
  /** A run's error CSV (row_number, column, message): GET /download/import-report/:shop_id/:run_id. */
  'import-report': { endpoint: contract.dataSources.report },
  /** Every supported column with one example row: GET /download/sample-csv. */
  'sample-csv': { endpoint: contract.dataSources.sampleCsv },
  /** The customisation export with the popup's choices: POST /download/export-csv, JSON body. */
  'export-csv': { endpoint: contract.dataSources.exportCsv },
  /** The activity log as CSV with the screen's filters: GET /download/activity-log?area&from&to&actor_id. */
  'activity-log': { endpoint: contract.audit.exportCsv },
} satisfies Record<string, TDownloadEntry>;

export type TDownloadName = keyof typeof DOWNLOADS;

export type TUploadName = keyof typeof UPLOADS;
/** What the browser gets in `data` from POST /upload/<name>. */
export type TUploadData<N extends TUploadName> = TResponseOf<(typeof UPLOADS)[N]['endpoint']>;

export const UPLOAD_PREFIX = '/upload';
export const DOWNLOAD_PREFIX = '/download';
/** An upload whose access token expires sooner than this is refreshed before it is streamed. */
export const REFRESH_MARGIN_MS = 60_000;
export const NOT_MULTIPART_MESSAGE = 'The upload must be sent as multipart/form-data.';

/** Counts the bytes going by and fails the stream once there are more than `max`. */
class ByteLimit extends Transform {
  received = 0;
  isExceeded = false;
  constructor(readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.max) {
      this.isExceeded = true;
      done(new Error(`upload over ${this.max} bytes`));
      return;
    }
    done(null, chunk);
  }
}

/** The Fastify path of an entry: its prefix and name, then the endpoint's path parameters in order. */
const routePathOf = (prefix: string, name: string, endpoint: TEndpoint): string =>
  [
    `${prefix}/${name}`,
    ...[...endpoint.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => `:${m[1]}`),
  ].join('/');

const fail = (reply: FastifyReply, code: number, message: string, data: unknown = null, field?: string) =>
  reply
    .code(code)
    .header('cache-control', 'no-store')
    .send({ code, message, data, ...(field ? { field } : {}) });

/** The api's refusal as it gave it, with the field it named (the web shows the message under that input). */
const failUpstream = (reply: FastifyReply, err: UpstreamError) => {
  const code = err.code >= 400 && err.code <= 599 ? err.code : BAD_GATEWAY;
  return fail(reply, code, upstreamMessageOf(err), err.data ?? null, err.field);
};

/** The endpoint's params from the route's, or null when its schema refuses them. */
const paramsOf = (endpoint: TEndpoint, req: FastifyRequest): Record<string, unknown> | null | undefined => {
  if (!endpoint.params) return undefined;
  const parsed = endpoint.params.safeParse(req.params);
  return parsed.success ? (parsed.data as Record<string, unknown>) : null;
};

/** What a download sends the api: its params, query and (POST) JSON body, each checked by the contract. */
export interface TDownloadInput {
  params?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
}

/** The input of a download request, or why it is refused (a 400 with the contract's message). */
const downloadInputOf = (endpoint: TEndpoint, req: FastifyRequest): TDownloadInput | { refused: string } => {
  const params = paramsOf(endpoint, req);
  if (params === null) return { refused: BAD_URL_MESSAGE };
  const input: TDownloadInput = { params };
  if (endpoint.query) {
    const parsed = endpoint.query.safeParse(req.query);
    if (!parsed.success) return { refused: parsed.error.issues[0]?.message ?? BAD_URL_MESSAGE };
    input.query = parsed.data;
  }
  if (endpoint.method === 'POST') {
    const parsed = (endpoint.body ?? z.undefined()).safeParse(req.body ?? undefined);
    if (!parsed.success) return { refused: parsed.error.issues[0]?.message ?? BAD_URL_MESSAGE };
    input.body = parsed.data;
  }
  return input;
};

/**
 * Asks the api for a `binary: true` endpoint's bytes with the session's access token (never the browser's
 * cookie or a token from it): a 401 refreshes the session (single-flight) and asks once more, which is
 * possible because a download's request is small and kept. A non-200 answer is thrown as the UpstreamError
 * its envelope means (a 200 that is not bytes, or an answer that is not an envelope, as 502).
 */
export const fetchDownload = async (
  deps: { client: TUpstreamClient; refresher: TRefresher },
  req: FastifyRequest,
  endpoint: TEndpoint,
  input: TDownloadInput,
): Promise<TStreamAnswer> => {
  const session = new AuthSession(req.session);
  const opts = { requestId: req.id, clientIp: req.ip };
  const ask = (accessToken: string | undefined) =>
    deps.client.stream(
      endpoint,
      {
        params: input.params,
        query: input.query,
        ...(input.body === undefined
          ? {}
          : {
              body: Readable.from([Buffer.from(JSON.stringify(input.body))]),
              contentType: 'application/json',
            }),
      },
      { ...opts, accessToken },
    );
  let answer = await ask(session.accessToken ?? undefined);
  if (answer.statusCode === 401) {
    await answer.body.text();
    const tokens = await refreshSession(session, deps.refresher, req.id);
    answer = await ask(tokens.access_token);
  }
  const type = answer.headers['content-type'];
  if (answer.statusCode !== 200 || (typeof type === 'string' && /json/i.test(type))) {
    envelopeOf(endpoint, endpoint.path, answer.statusCode, await answer.body.text());
    throw new UpstreamError(BAD_GATEWAY);
  }
  return answer;
};

/** Headers of the api's answer passed on to the browser; `cache-control` is the download's own choice. */
const PASSED_HEADERS = ['content-type', 'content-disposition', 'content-length', 'last-modified', 'etag'];

/** Pipes the api's bytes to the browser as they come (Fastify destroys them if the browser goes away). */
export const sendDownload = (
  reply: FastifyReply,
  answer: TStreamAnswer,
  cacheControl = 'private, no-store',
): FastifyReply => {
  const headers: Record<string, string> = {
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  };
  for (const name of PASSED_HEADERS) {
    const value = answer.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  headers['content-type'] ??= 'application/octet-stream';
  return reply.headers(headers).send(answer.body);
};

export interface TTransferTables {
  uploads?: Record<string, TUploadEntry>;
  downloads?: Record<string, TDownloadEntry>;
}

export const registerTransferRoutes = (
  app: FastifyInstance,
  deps: { client: TUpstreamClient; refresher: TRefresher },
  tables: TTransferTables = {},
): void => {
  const { client, refresher } = deps;
  const uploads: Record<string, TUploadEntry> = tables.uploads ?? UPLOADS;
  const downloads: Record<string, TDownloadEntry> = tables.downloads ?? DOWNLOADS;

  // Own scope: no body parser reads an upload; the handler pipes request.raw as it is.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));

    for (const [name, entry] of Object.entries(uploads)) {
      const { endpoint } = entry;
      if (!endpoint.multipart)
        throw new Error(`upload ${name}: ${endpoint.path} is not a multipart endpoint`);
      scope.route({
        method: endpoint.method === 'PUT' ? 'PUT' : 'POST',
        url: routePathOf(UPLOAD_PREFIX, name, endpoint),
        handler: async (req, reply) => {
          const session = new AuthSession(req.session);
          if (!session.isAuthenticated) return fail(reply, 401, UNAUTHORIZED_MESSAGE);
          if (req.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) return fail(reply, 403, CSRF_MISSING_MESSAGE);
          const contentType = req.headers['content-type'];
          if (!contentType || !/^multipart\/form-data\s*;\s*boundary=/i.test(contentType)) {
            return fail(reply, 415, NOT_MULTIPART_MESSAGE);
          }
          const tooLarge = entry.tooLargeMessage ?? BODY_TOO_LARGE_MESSAGE;
          const declared = Number(req.headers['content-length'] ?? Number.NaN);
          // Said too large up front: refused before a byte is read (Node discards the rest of the body).
          if (declared > entry.maxBytes) return fail(reply.header('connection', 'close'), 413, tooLarge);
          const params = paramsOf(endpoint, req);
          if (params === null) return fail(reply, 400, BAD_URL_MESSAGE);

          const limit = new ByteLimit(entry.maxBytes);
          try {
            let accessToken = session.accessToken ?? undefined;
            if (accessToken && expiresWithin(accessToken, REFRESH_MARGIN_MS)) {
              accessToken = (await refreshSession(session, refresher, req.id)).access_token;
            }
            req.raw.on('error', (err) => limit.destroy(err));
            req.raw.pipe(limit);
            const answer = await client.stream(
              endpoint,
              {
                params,
                body: limit,
                contentType,
                contentLength: Number.isFinite(declared) ? String(declared) : undefined,
              },
              { accessToken, requestId: req.id, clientIp: req.ip },
            );
            const { data, message } = envelopeOf(
              endpoint,
              endpoint.path,
              answer.statusCode,
              await answer.body.text(),
            );
            entry.onSuccess?.(data, session);
            return reply.header('cache-control', 'no-store').send({ code: 200, message, data });
          } catch (err) {
            if (limit.isExceeded) {
              req.raw.unpipe(limit);
              return fail(reply.header('connection', 'close'), 413, tooLarge);
            }
            if (err instanceof UpstreamError) return failUpstream(reply, err);
            throw err;
          }
        },
      });
    }
  });

  for (const [name, entry] of Object.entries(downloads)) {
    const { endpoint } = entry;
    if (!endpoint.binary || (endpoint.method !== 'GET' && endpoint.method !== 'POST')) {
      throw new Error(`download ${name}: ${endpoint.path} is not a binary GET or POST endpoint`);
    }
    app.route({
      method: endpoint.method,
      url: routePathOf(DOWNLOAD_PREFIX, name, endpoint),
      handler: async (req, reply) => {
        const session = new AuthSession(req.session);
        if (!session.isAuthenticated) return fail(reply, 401, UNAUTHORIZED_MESSAGE);
        // A POST download (an export with its choices) changes nothing, but is a call made for the user:
        // the CSRF header, as every mutation, so another site cannot start one with the user's cookie.
        if (endpoint.method === 'POST' && req.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
          return fail(reply, 403, CSRF_MISSING_MESSAGE);
        }
        const input = downloadInputOf(endpoint, req);
        if ('refused' in input) return fail(reply, 400, input.refused);
        try {
          const answer = await fetchDownload({ client, refresher }, req, endpoint, input);
          return sendDownload(reply, answer);
        } catch (err) {
          if (err instanceof UpstreamError) return failUpstream(reply, err);
          throw err;
        }
      },
    });
  }
};
