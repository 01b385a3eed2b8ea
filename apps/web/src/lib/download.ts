import type { TDownloadName } from '@feedloom/gateway';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@feedloom/validation';
import { envelopeOf, refusalOf } from './upload';

/**
 * Files come from the gateway's streaming path (/download/<name>, apps/gateway/src/transfer.ts), never as
 * text in tRPC JSON: `GET /download/<name>/<param>…`, or a POST with a JSON body for a download that takes
 * choices (the export). The answer is fetched to a blob and saved under the name the api gave it, so a
 * refusal (the envelope) can be shown like any failed call: it is thrown as an UploadError.
 */
export interface DownloadRequest {
  name: TDownloadName;
  /** The endpoint's path parameters, in order. */
  params?: readonly string[];
  /** Query parameters (a filtered export); empty values are left out. */
  query?: Readonly<Record<string, string | undefined>>;
  /** A POST download's JSON body. */
  body?: unknown;
  /** The name to save under when the answer does not say. */
  fallbackName: string;
}

/** `attachment; filename*=UTF-8''…` (preferred) or `filename="…"`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const exact = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (exact?.[1]) {
    try {
      return decodeURIComponent(exact[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(disposition) ?? /filename\s*=\s*([^;]+)/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

export const downloadUrl = (
  name: TDownloadName,
  params: readonly string[] = [],
  query: Readonly<Record<string, string | undefined>> = {},
) => {
  const path = ['/download', name, ...params.map(encodeURIComponent)].join('/');
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]),
  ).toString();
  return search ? `${path}?${search}` : path;
};

/** Saves a blob as a file without leaving the screen. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches a download and saves it; answers the file name used. Throws an UploadError when refused. */
export async function downloadFile({
  name,
  params,
  query,
  body,
  fallbackName,
}: DownloadRequest): Promise<string> {
  const res = await fetch(downloadUrl(name, params, query), {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'same-origin',
    ...(body === undefined
      ? {}
      : {
          headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
  });
  if (!res.ok) throw refusalOf(res, await envelopeOf(res));
  const fileName = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await res.blob(), fileName);
  return fileName;
}
