// Retries of channel calls (429/5xx with exponential backoff and jitter). Pure: the caller sleeps.

export interface TBackoffSettings {
  /** The first retry waits up to this long; each further one up to twice as long as the one before. */
  baseMs: number;
  /** No single wait is longer. */
  maxMs: number;
  /** Attempts in all (the first call included). */
  maxAttempts: number;
}

/** Statuses worth another attempt: rate limits, timeouts and the server's own failures. */
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 429 || (status >= 500 && status <= 599);

/**
 * The wait before retry number `retry` (1 for the first retry): "full jitter" — a random share of
 * base × 2^(retry−1), capped — so clients that failed together do not come back together. A Retry-After the
 * server sent is a floor (still capped by `maxMs`).
 */
export const backoffDelay = (
  retry: number,
  settings: Pick<TBackoffSettings, 'baseMs' | 'maxMs'>,
  options: { retryAfterMs?: number; random?: () => number } = {},
): number => {
  const random = options.random ?? Math.random;
  const ceiling = Math.min(settings.maxMs, settings.baseMs * 2 ** Math.max(0, retry - 1));
  const jittered = Math.floor(random() * ceiling);
  const floor = Math.min(settings.maxMs, Math.max(0, options.retryAfterMs ?? 0));
  return Math.max(jittered, floor);
};

/** Retry-After in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export const parseRetryAfter = (value: string | string[] | undefined, now: Date): number | undefined => {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
};
