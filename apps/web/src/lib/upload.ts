import type { TUploadData, TUploadName } from '@feedloom/gateway';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@feedloom/validation';

/**
 * Files go to the gateway's streaming path (POST /upload/<name>, apps/gateway/src/transfer.ts) as
 * multipart/form-data, never as base64 in tRPC JSON. Its answer is the api's `{code, message, data}`.
 */

/** The tRPC code key of an error status, so a failed upload reads like a failed procedure (lib/api-errors.ts). */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
};

/** A refused upload or download, shaped like a TRPCClientError: `message` is the server's, `data.code` the error kind. */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    message: string,
    readonly data: {
      code: string;
      httpStatus: number;
      upstreamData?: unknown;
      field?: string;
      /** A 401 from the gateway's transfer routes: no session, or its refresh failed (it is cleared). */
      session_ended?: boolean;
    },
  ) {
    super(message);
  }
}

interface TEnvelopeLike {
  code?: unknown;
  message?: unknown;
  data?: unknown;
  field?: unknown;
}

export interface UploadReply<N extends TUploadName> {
  data: TUploadData<N>;
  message: string;
}

export async function uploadForm<N extends TUploadName>(name: N, form: FormData): Promise<UploadReply<N>> {
  // The browser sets the multipart content-type with its boundary; the session cookie rides along.
  const res = await fetch(`/upload/${name}`, {
    method: 'POST',
    body: form,
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    credentials: 'same-origin',
  });
  const body = await envelopeOf(res);
  const message = typeof body?.message === 'string' ? body.message : '';
  if (res.ok && body?.code === 200) return { data: body.data as TUploadData<N>, message };
  throw refusalOf(res, body);
}

/** The gateway's `{code, message, data}` answer, or null when the body is not one. */
export const envelopeOf = (res: Response): Promise<TEnvelopeLike | null> =>
  res.json().then(
    (json: unknown) => (typeof json === 'object' ? (json as TEnvelopeLike | null) : null),
    () => null,
  );

/** A refused transfer (upload or download) as the UploadError its envelope (or HTTP status) means. */
export function refusalOf(res: Response, body: TEnvelopeLike | null): UploadError {
  const message = typeof body?.message === 'string' ? body.message : '';
  const status = typeof body?.code === 'number' && body.code !== 200 ? body.code : res.status;
  return new UploadError(message, {
    code: CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST'),
    httpStatus: status,
    ...(status === 401 ? { session_ended: true } : {}),
    ...(body?.data !== undefined && body.data !== null ? { upstreamData: body.data } : {}),
    // The api's `field`, so a refused upload's message lands under its input like a procedure's does.
    ...(typeof body?.field === 'string' && body.field !== '' ? { field: body.field } : {}),
  });
}
