// The restart policy of `serve.mjs` (run by `node --test` in this package, part of `turbo run test`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRestartPolicy, formatDelay, RESTART_DEFAULTS } from './restart-policy.mjs';

const SECOND = 1000;

describe('the restart policy', () => {
  it('waits 1 s, then twice as long after each quick stop, at most 30 s', () => {
    const policy = createRestartPolicy();
    const delays = Array.from({ length: 8 }, () => policy.delayAfter(2 * SECOND));
    assert.deepEqual(
      delays,
      [1, 2, 4, 8, 16, 30, 30, 30].map((s) => s * SECOND),
    );
  });

  it('starts again from 1 s once the process had run for a minute', () => {
    const policy = createRestartPolicy();
    for (let i = 0; i < 6; i++) policy.delayAfter(SECOND);
    assert.equal(policy.delayAfter(60 * SECOND), 1 * SECOND);
    assert.equal(policy.delayAfter(SECOND), 2 * SECOND);
  });

  it('keeps backing off for a process that stops just short of a minute', () => {
    const policy = createRestartPolicy();
    assert.equal(policy.delayAfter(59 * SECOND), 1 * SECOND);
    assert.equal(policy.delayAfter(59 * SECOND), 2 * SECOND);
    assert.equal(policy.delayAfter(59 * SECOND), 4 * SECOND);
  });

  it('keeps each process to its own count', () => {
    const api = createRestartPolicy();
    const gateway = createRestartPolicy();
    api.delayAfter(0);
    api.delayAfter(0);
    assert.equal(api.delayAfter(0), 4 * SECOND);
    assert.equal(gateway.delayAfter(0), 1 * SECOND);
  });

  it('takes other settings, and says a wait in seconds', () => {
    const policy = createRestartPolicy({ ...RESTART_DEFAULTS, firstMs: 500, maxMs: 1500 });
    assert.deepEqual(
      [0, 0, 0].map(() => policy.delayAfter(0)),
      [500, 1000, 1500],
    );
    assert.equal(formatDelay(30_000), '30 s');
    assert.equal(formatDelay(500), '0.5 s');
  });
});
