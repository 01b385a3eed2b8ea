/**
 * After a deploy, an open tab may ask for code-split chunks that no longer exist. The browser then
 * reports "Failed to fetch dynamically imported module" or a "strict MIME type" refusal (the server
 * answered index.html). show a loader and reload, once (sessionStorage guards a reload loop).
 */
export const CHUNK_RELOAD_KEY = 'feedloom:chunk-reload';

const CHUNK_ERROR_PATTERNS = ['strict mime type', 'failed to fetch dynamically imported module'];

export function isChunkLoadError(error: unknown): boolean {
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return false;
  const lower = message.toLowerCase();
  return CHUNK_ERROR_PATTERNS.some((pattern) => lower.includes(pattern));
}

/** Reloads unless this tab already did for the same reason; returns whether it reloaded. */
export function reloadOnce(reload: () => void = () => window.location.reload()): boolean {
  try {
    if (window.sessionStorage.getItem(CHUNK_RELOAD_KEY)) return false;
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    // Storage unavailable (privacy mode): reloading without a guard could loop, so do not.
    return false;
  }
  reload();
  return true;
}

/** A screen rendered: the code in this tab works again, so a later stale chunk may reload once more. */
export function clearChunkReloadGuard(): void {
  try {
    window.sessionStorage.removeItem(CHUNK_RELOAD_KEY);
  } catch {
    // Nothing to clear.
  }
}
