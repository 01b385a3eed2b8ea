// When `serve.mjs` starts a process again after it stopped on its own (a crash, a kill, out of memory): after
// 1 s, then 2 s, 4 s… up to 30 s while it keeps stopping soon after its start, and after 1 s again once it
// had run for a minute.

export const RESTART_DEFAULTS = { firstMs: 1000, maxMs: 30_000, healthyMs: 60_000 };

/**
 * The restart policy of one process: `delayAfter(ranMs)` is the wait before starting it again after it stopped
 * having run for `ranMs`. Each stop within `healthyMs` of its start doubles the next wait (capped at `maxMs`);
 * a run of `healthyMs` or more starts the count again.
 */
export const createRestartPolicy = ({ firstMs, maxMs, healthyMs } = RESTART_DEFAULTS) => {
  let quickStops = 0;
  return {
    delayAfter(ranMs) {
      if (ranMs >= healthyMs) quickStops = 0;
      const delay = Math.min(maxMs, firstMs * 2 ** quickStops);
      quickStops += 1;
      return delay;
    },
  };
};

/** A wait as the log says it: "1 s", "30 s". */
export const formatDelay = (ms) => `${Math.round(ms / 100) / 10} s`;
