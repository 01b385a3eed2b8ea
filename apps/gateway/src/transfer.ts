import { Transform, type TransformCallback } from 'node:stream';
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
import { BAD_URL_MESSAGE, BODY_TOO_LARGE_MESSAGE } from './http-errors';
import { AuthSession } from './session';
import { upstreamMessageOf } from './trpc/errors';
import { CSRF_MISSING_MESSAGE } from './trpc/init';
import { BAD_GATEWAY, envelopeOf, UpstreamError, type TUpstreamClient } from './upstream/client';
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
 * - `GET /download/<name>[/<param>…][?query]`: the api's answer to the entry's `binary` endpoint is piped to the
 *   browser with its content-type, content-disposition and content-length. Needs a session.
 *
 * `<param>`s are the endpoint's own path parameters, in order (an endpoint `/shops/:shop_id/exports/:id` gives
 * `/download/<name>/:shop_id/:id`), checked by its `params` schema. Failures answer `{code, message, data}`.
 *
 * Token refresh: a download has no body, so a 401 refreshes the session (single-flight, as every call) and
 * retries once. An upload's body can be sent only once, so the token is refreshed before streaming when it
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

export const DOWNLOADS = {} satisfies Record<string, TDownloadEntry>;

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

const fail = (reply: FastifyReply, code: number, message: string, data: unknown = null) =>
  reply.code(code).header('cache-control', 'no-store').send({ code, message, data });

const failUpstream = (reply: FastifyReply, err: UpstreamError) => {
  const code = err.code >= 400 && err.code <= 599 ? err.code : BAD_GATEWAY;
  return fail(reply, code, upstreamMessageOf(err), err.data ?? null);
};

/** The endpoint's params from the route's, or null when its schema refuses them. */
const paramsOf = (endpoint: TEndpoint, req: FastifyRequest): Record<string, unknown> | null | undefined => {
  if (!endpoint.params) return undefined;
  const parsed = endpoint.params.safeParse(req.params);
  return parsed.success ? (parsed.data as Record<string, unknown>) : null;
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
    if (!endpoint.binary || endpoint.method !== 'GET') {
      throw new Error(`download ${name}: ${endpoint.path} is not a binary GET endpoint`);
    }
    app.get(routePathOf(DOWNLOAD_PREFIX, name, endpoint), async (req, reply) => {
      const session = new AuthSession(req.session);
      if (!session.isAuthenticated) return fail(reply, 401, UNAUTHORIZED_MESSAGE);
      const params = paramsOf(endpoint, req);
      if (params === null) return fail(reply, 400, BAD_URL_MESSAGE);
      let query: unknown;
      if (endpoint.query) {
        const parsed = endpoint.query.safeParse(req.query);
        if (!parsed.success) return fail(reply, 400, parsed.error.issues[0]?.message ?? BAD_URL_MESSAGE);
        query = parsed.data;
      }
      const opts = { requestId: req.id, clientIp: req.ip };
      try {
        let answer = await client.stream(
          endpoint,
          { params, query },
          { ...opts, accessToken: session.accessToken ?? undefined },
        );
        if (answer.statusCode === 401) {
          // Nothing was sent but the address: refresh (single-flight) and ask again, once.
          await answer.body.text();
          const tokens = await refreshSession(session, refresher, req.id);
          answer = await client.stream(
            endpoint,
            { params, query },
            { ...opts, accessToken: tokens.access_token },
          );
        }
        if (answer.statusCode !== 200) {
          envelopeOf(endpoint, endpoint.path, answer.statusCode, await answer.body.text());
          throw new UpstreamError(BAD_GATEWAY);
        }
        const headers: Record<string, string> = { 'cache-control': 'private, no-store' };
        for (const name of [
          'content-type',
          'content-disposition',
          'content-length',
          'last-modified',
          'etag',
        ]) {
          const value = answer.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        headers['content-type'] ??= 'application/octet-stream';
        // Piped as it comes; Fastify destroys it (and so the api request) if the browser goes away.
        return reply.headers(headers).send(answer.body);
      } catch (err) {
        if (err instanceof UpstreamError) return failUpstream(reply, err);
        throw err;
      }
    });
  }
};
