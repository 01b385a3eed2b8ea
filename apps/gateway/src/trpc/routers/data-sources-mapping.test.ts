import type { TDataSourceMapping } from '@feedloom/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStubApi,
  createTestCaller,
  rejection,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';

const MAPPING: TDataSourceMapping = {
  data_source_id: 'd1',
  format: 'google',
  columns: [{ header: 'fabric', target: 'custom:fabric', suggested: 'custom:fabric', next: 'material' }],
  targets: [{ target: 'material', label: 'Material', kind: 'field' }],
};

describe('dataSources mapping review', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('reads the mapping and saves the whole of it with the api message', async () => {
    stub.on('GET', '/data-source-mapping/s1/d1', { data: MAPPING });
    stub.on('PUT', '/data-source-mapping/s1/d1', {
      data: MAPPING,
      message: 'Column mapping saved. It applies from the next import.',
    });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.dataSources.mapping({ shop_id: 's1', id: 'd1' })).toEqual(MAPPING);
    const saved = await caller.dataSources.saveMapping({
      shop_id: 's1',
      id: 'd1',
      mapping: { fabric: 'material' },
    });
    expect(saved).toEqual({
      message: 'Column mapping saved. It applies from the next import.',
      data: MAPPING,
    });
    expect(stub.callsTo('PUT', '/data-source-mapping/s1/d1')[0]?.body).toEqual({
      mapping: { fabric: 'material' },
    });
  });

  it("passes the api's refusal on with the column it names", async () => {
    stub.on('PUT', '/data-source-mapping/s1/d1', {
      code: 400,
      message: '"title" and "fabric" are both mapped to Title.',
      field: 'mapping.fabric',
    });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const err = await rejection(
      caller.dataSources.saveMapping({ shop_id: 's1', id: 'd1', mapping: { fabric: 'title' } }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe('"title" and "fabric" are both mapped to Title.');
  });
});
