// CSV URL downloads through the guarded outbound fetch (http(s) only, never to a loopback, private or other
// special-purpose address unless IMPORT_ALLOW_PRIVATE_URLS, checked on every hop's connected address), a
// timeout and the 20 MB cap; the bytes go straight into a kept file.
import { CSV_MAX_BYTES } from '@feedloom/validation';
import type { TDb } from '../../db/client';
import {
  MAX_REDIRECTS,
  OutboundError,
  checkOutboundUrl,
  createGuardedFetch,
  outboundCause,
  type TOutboundGuard,
} from '../../lib/outbound';
import { DATA_SOURCE_API_MSG as M } from './messages';
import { FileTooLargeError, keepFile } from './storage';

/** A download that did not give a file, with the sentence the merchant sees. */
export class FetchFailure extends Error {
  override readonly name = 'FetchFailure';
}

const sentenceOf = (err: OutboundError) =>
  err.kind === 'scheme'
    ? M.fetchFailed.scheme
    : err.kind === 'private'
      ? M.fetchFailed.privateAddress
      : err.kind === 'redirects'
        ? M.fetchFailed.redirects(MAX_REDIRECTS)
        : M.fetchFailed.network(err.message);

/**
 * The URL of a CSV-URL source as saved (creation and edit): the scheme and a host written as an address are
 * judged as the download would judge them, so a private address is refused at once with the same sentence.
 * Returns the sentence, or null when the URL may be saved.
 */
export const refuseCsvUrl = (url: string, guard: TOutboundGuard): string | null => {
  try {
    checkOutboundUrl(url, guard);
    return null;
  } catch (err) {
    if (err instanceof OutboundError) return sentenceOf(err);
    throw err;
  }
};

const causeCode = (err: unknown): string | undefined => {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

const fileNameOf = (url: URL) => {
  let last = url.pathname.split('/').filter(Boolean).at(-1) ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // A malformed escape keeps the name as written.
  }
  return last.slice(0, 200) || `${url.hostname}.csv`;
};

export const fetchCsv = async (
  db: TDb,
  opts: { shop_id: string; url: string; timeoutMs: number; guard: TOutboundGuard; maxBytes?: number },
): Promise<{ id: string; size: number; file_name: string }> => {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const maxBytes = opts.maxBytes ?? CSV_MAX_BYTES;
  const fetchGuarded = createGuardedFetch(opts.guard);
  try {
    const { response: res, url } = await fetchGuarded(opts.url, { signal });
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      throw new FetchFailure(M.fetchFailed.status(res.status));
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await res.body.cancel().catch(() => undefined);
      throw new FetchFailure(M.fetchFailed.tooLarge);
    }
    const file_name = fileNameOf(url);
    const kept = await keepFile(
      db,
      { shop_id: opts.shop_id, file_name, content_type: res.headers.get('content-type') },
      res.body,
      maxBytes,
    );
    return { ...kept, file_name };
  } catch (err) {
    if (err instanceof FetchFailure) throw err;
    if (err instanceof FileTooLargeError) throw new FetchFailure(M.fetchFailed.tooLarge);
    if (signal.aborted) throw new FetchFailure(M.fetchFailed.timeout);
    const refused = outboundCause(err);
    if (refused) throw new FetchFailure(sentenceOf(refused));
    throw new FetchFailure(M.fetchFailed.network(causeCode(err) ?? (err as Error).message));
  } finally {
    await fetchGuarded.close();
  }
};
