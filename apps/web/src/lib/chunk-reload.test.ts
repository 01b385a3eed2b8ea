import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, clearChunkReloadGuard, isChunkLoadError, reloadOnce } from './chunk-reload';

describe('chunk reload', () => {
  it('recognises stale-deploy chunk failures, case-insensitively', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(
      isChunkLoadError(
        new Error(
          "Expected a JavaScript module script but the server responded with a MIME type of 'text/html'. Strict MIME type checking is enforced",
        ),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads once per tab until a screen renders again', () => {
    const reload = vi.fn();
    expect(reloadOnce(reload)).toBe(true);
    expect(reloadOnce(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    clearChunkReloadGuard();
    expect(reloadOnce(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
