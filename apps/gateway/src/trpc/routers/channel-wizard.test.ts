import type { TChannelConnection } from '@feedloom/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStubApi,
  createTestCaller,
  firstIssue,
  rejection,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';

const SHOP = '6f0c2b8e-8a39-4d7e-9a55-1f1f5d1b2c3d';
const CONNECTION: TChannelConnection = {
  shop_id: SHOP,
  channel: 'google',
  state: 'connected',
  account_id: '5550001001',
  account_name: 'Rivera Outdoor',
  scopes: ['https://www.googleapis.com/auth/content'],
  integration_steps: ['link-account', 'target-market'],
  integration_once_completed: false,
  target_market: { country: 'US', language: 'en', currency: 'USD' },
  disconnected_reason: null,
  connected_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('channel wizard router', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('passes the target market, the verification method and the captured step on, with the server message', async () => {
    stub.on('POST', `/select-target-market/${SHOP}`, { data: CONNECTION, message: 'Target market saved.' });
    stub.on('GET', `/re-verification/${SHOP}`, {
      data: { website_url: 'https://a.example/', method: 'FILE', verified: true, claimed: true },
      message: 'Verified.',
    });
    stub.on('POST', `/capture-integration-steps/${SHOP}`, {
      data: { connection: CONNECTION, next_step: 'domain-verification' },
      message: 'The destination validation step is done.',
    });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(
      await caller.channelWizard.selectTargetMarket({
        shop_id: SHOP,
        channel: 'google',
        country: 'US',
        language: 'en',
        currency: 'USD',
      }),
    ).toEqual({ message: 'Target market saved.', connection: CONNECTION });
    expect(stub.callsTo('POST', `/select-target-market/${SHOP}`)[0]?.body).toEqual({
      channel: 'google',
      country: 'US',
      language: 'en',
      currency: 'USD',
    });
    expect(await caller.channelWizard.reVerify({ shop_id: SHOP, method: 'FILE' })).toMatchObject({
      message: 'Verified.',
    });
    expect(stub.callsTo('GET', `/re-verification/${SHOP}`)[0]?.query.get('method')).toBe('FILE');
    expect(
      await caller.channelWizard.captureStep({
        shop_id: SHOP,
        channel: 'google',
        step: 'destination-validation',
      }),
    ).toEqual({
      message: 'The destination validation step is done.',
      connection: CONNECTION,
      next_step: 'domain-verification',
    });
  });

  it('refuses a missing target country and an unknown step before calling the api', async () => {
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const err = await rejection(
      caller.channelWizard.selectTargetMarket({
        shop_id: SHOP,
        channel: 'google',
        country: ' ',
        language: 'en',
        currency: 'USD',
      }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(firstIssue(err)).toBe('Target country is required.');
    const step = await rejection(
      caller.channelWizard.captureStep({ shop_id: SHOP, channel: 'google', step: 'nope' as never }),
    );
    expect(step.code).toBe('BAD_REQUEST');
    expect(stub.calls).toHaveLength(0);
  });
});
