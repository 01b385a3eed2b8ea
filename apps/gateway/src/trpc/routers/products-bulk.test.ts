import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStubApi,
  createTestCaller,
  firstIssue,
  rejection,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';

const SHOP = '9b2f7a1e-0000-4000-8000-000000000001';
const DRAFT_ID = '9b2f7a1e-0000-4000-8000-0000000000d1';
const DRAFT = {
  id: DRAFT_ID,
  name: 'Summer',
  selection: { kind: 'filter', filters: '[]' },
  rules: [{ field_name: 'custom_label0', isDeleteExistValue: 'add_update_value', value: 'Summer' }],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('productsBulk router', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('saves a draft, passes the shop and draft ids in the path to update and apply', async () => {
    stub.on('POST', '/bulk-drafts', { message: 'Draft saved.', data: DRAFT });
    stub.on('PUT', `/bulk-drafts/${SHOP}/${DRAFT_ID}`, { message: 'Draft saved.', data: DRAFT });
    stub.on('POST', `/bulk-apply/${SHOP}/${DRAFT_ID}`, {
      message: 'Bulk customisation started.',
      data: {
        id: 'r1',
        draft_name: 'Summer',
        selection: DRAFT.selection,
        rules: DRAFT.rules,
        status: 'queued',
        total: 12,
        processed: 0,
        changed: 0,
        message: null,
        triggered_by_name: 'Ann Lee',
        created_at: '2026-01-01T00:00:00.000Z',
        started_at: null,
        finished_at: null,
      },
    });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const body = { shop_id: SHOP, name: 'Summer', selection: DRAFT.selection, rules: DRAFT.rules };
    expect((await caller.productsBulk.createDraft(body as never)).message).toBe('Draft saved.');
    expect(stub.callsTo('POST', '/bulk-drafts')[0]!.body).toEqual(body);
    await caller.productsBulk.updateDraft({ id: DRAFT_ID, data: body as never });
    expect(stub.callsTo('PUT', `/bulk-drafts/${SHOP}/${DRAFT_ID}`)).toHaveLength(1);
    const applied = await caller.productsBulk.applyDraft({ shop_id: SHOP, id: DRAFT_ID });
    expect(applied).toMatchObject({ message: 'Bulk customisation started.', data: { total: 12 } });
  });

  it('stops a draft naming a field bulk edit does not offer before calling the api', async () => {
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const err = await rejection(
      caller.productsBulk.createDraft({
        shop_id: SHOP,
        name: 'Bad',
        selection: { kind: 'ids', ids: [1] },
        rules: [{ field_name: 'title', isDeleteExistValue: 'add_update_value', value: 'x' }],
      }),
    );
    expect(firstIssue(err)).toBe('This field cannot be customised in bulk.');
    expect(stub.callsTo('POST', '/bulk-drafts')).toHaveLength(0);
  });
});
