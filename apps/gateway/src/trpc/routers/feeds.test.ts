import type { TSyncHistory, TSyncRun } from '@feedloom/contracts';
import { makeFeedConfig } from '@feedloom/contracts/testing';
import { CHANNELS } from '@feedloom/validation';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStubApi,
  createTestCaller,
  rejection,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';

const SHOP = '6f0c2b8e-8a39-4d7e-9a55-1f1f5d1b2c3d';

// The feed settings screen serves Google, Microsoft and Meta alike: sync now, the last syncs and the sync
// history pass each channel on to the api.
describe.each(CHANNELS)('feeds router for %s', (channel) => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  const run: TSyncRun = {
    id: 'run-1',
    channel,
    trigger: 'manual',
    status: 'succeeded',
    started_at: '2026-01-01T00:00:00.000Z',
    finished_at: '2026-01-01T00:01:00.000Z',
    considered: 3,
    sent: 2,
    deleted: 0,
    held: 1,
    refused: 0,
    api_calls: 1,
    gate: null,
    message: null,
  };

  it('queues a sync now, lists the last syncs and pages the sync history of the channel', async () => {
    const config = makeFeedConfig({ shop_id: SHOP, channel });
    stub.on('POST', `/sync-now/${SHOP}`, {
      data: config,
      message: 'Sync started. Products reach the channel in a few moments.',
    });
    stub.on('GET', `/sync-runs/${SHOP}`, { data: [run] });
    const history: TSyncHistory = { data: [run], total_records: 1, running: null };
    stub.on('GET', `/sync-history/${SHOP}`, { data: history });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });

    expect(await caller.feeds.syncNow({ shop_id: SHOP, channel })).toEqual({
      message: 'Sync started. Products reach the channel in a few moments.',
      config,
    });
    expect(stub.callsTo('POST', `/sync-now/${SHOP}`)[0]?.query.get('channel')).toBe(channel);
    expect(await caller.feeds.syncRuns({ shop_id: SHOP, channel })).toEqual([run]);
    expect(stub.callsTo('GET', `/sync-runs/${SHOP}`)[0]?.query.get('channel')).toBe(channel);
    expect(await caller.feeds.syncHistory({ shop_id: SHOP, channel, page: 2, limit: 10 })).toEqual(history);
    const asked = stub.callsTo('GET', `/sync-history/${SHOP}`)[0]?.query;
    expect([asked?.get('channel'), asked?.get('page'), asked?.get('limit')]).toEqual([channel, '2', '10']);
  });
});

describe('feeds router', () => {
  it('refuses another channel before calling the api', async () => {
    const stub = createStubApi();
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const err = await rejection(caller.feeds.syncNow({ shop_id: SHOP, channel: 'amazon' as 'google' }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(stub.calls).toHaveLength(0);
    await stub.close();
  });
});
