// The COPY path on its own (PostgreSQL only): the rows a batch stages read back exactly as sent (tabs, newlines,
// backslashes and quotes included), the same as the jsonb path reads them, and a failing COPY leaves the pool usable.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, queryRows, type TDatabase, type TDb } from '../../db/client';
import { copyFrom } from './copy';
import { copyStager, jsonbStager, openStager, type TStagedRow } from './staging';

const url = process.env.DATABASE_URL;

const rows: TStagedRow[] = [
  {
    product_key: 'A "1", \\N',
    piece: 0,
    offer_id: 'line\nbreak\r\n\ttab',
    item_group_id: null,
    source: JSON.stringify({
      title: 'C:\\path "quoted",\t✓ 😀\n',
      empty: '',
      nested: { a: [1, null, true] },
    }),
    source_custom: JSON.stringify({ 'Col, with comma': '\\.' }),
    variants: '[]',
    source_hash: 'h1',
    list_statuses: { google_status: 'active', microsoft_status: 'error', meta_status: null },
  },
  {
    product_key: '',
    piece: 12,
    offer_id: 'o2',
    item_group_id: '',
    source: '{}',
    source_custom: '{}',
    variants: JSON.stringify([{ id: 'v', source: { color: 'red' } }]),
    source_hash: 'h2',
  },
  {
    // Bigger than a piece of the binary COPY (1 MB): the writer starts a new buffer for it.
    product_key: 'big',
    piece: 0,
    offer_id: 'ø'.repeat(10),
    item_group_id: 'g',
    source: JSON.stringify({ description: 'é😀\\'.repeat(300_000) }),
    source_custom: '{}',
    variants: '[]',
    source_hash: 'h3',
  },
];

/** A line of COPY's CSV format: fields always quoted (so '' stays an empty string), null as a blank. */
const csvLine = (fields: (string | null)[]): string =>
  fields.map((v) => (v === null ? '' : `"${v.replace(/"/g, '""')}"`)).join(',') + '\n';

const readBack = async (stager: Awaited<ReturnType<typeof openStager>>) =>
  stager.db.transaction(async (tx) => {
    const relation = await stager.products(tx as unknown as TDb, rows);
    return queryRows<Record<string, unknown>>(tx as unknown as TDb, sql`select * from ${relation} as x`);
  });

describe.skipIf(!url)('COPY staging on PostgreSQL', () => {
  let database: TDatabase;
  beforeAll(() => {
    database = openPostgres(url!, 2);
  });
  afterAll(() => database.close());

  it('is what openStager picks on a pool, and reads back what the jsonb path reads', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const copy = await openStager(database.db);
    expect(copy.db).not.toBe(database.db);
    const viaCopy = await readBack(copy);
    await copy.close();
    const viaJson = await readBack(jsonbStager(database.db));
    expect(viaCopy).toEqual(viaJson);
    expect(viaCopy[0]).toMatchObject({ product_key: 'A "1", \\N', item_group_id: null });
    expect(viaCopy[1]).toMatchObject({ product_key: '', item_group_id: '' });
    expect(viaCopy.map((r) => [r.google_status, r.microsoft_status, r.meta_status])).toEqual([
      ['active', 'error', null],
      [null, null, null],
      [null, null, null],
    ]);
    expect((viaCopy[2]!.source as { description: string }).description).toBe('é😀\\'.repeat(300_000));
    // The temp table is emptied at commit.
    const again = await copyStager(pool);
    const left = await queryRows<{ n: number }>(
      again.db,
      sql`select count(*)::int as n from import_staging_rows`,
    );
    expect(left[0]!.n).toBe(0);
    await again.close();
  });

  it('stages keys and statuses in binary as the jsonb path does', async () => {
    const statuses = [
      { product_id: '9007199254740993', channel: 'google', status: 'error', issues: '[{"code":"x\\ty"}]' },
      { product_id: '1', channel: 'meta', status: 'active', issues: '[]' },
    ];
    const read = async (stager: Awaited<ReturnType<typeof openStager>>) =>
      stager.db.transaction(async (tx) => {
        const t = tx as unknown as TDb;
        const keys = await stager.keys(t, rows);
        const st = await stager.statuses(t, statuses);
        return {
          keys: await queryRows(t, sql`select * from ${keys} as k`),
          statuses: await queryRows(
            t,
            sql`select product_id::text as product_id, channel, status, issues from ${st} as s`,
          ),
        };
      });
    const copy = await openStager(database.db);
    const viaCopy = await read(copy);
    await copy.close();
    expect(viaCopy).toEqual(await read(jsonbStager(database.db)));
    expect(viaCopy.statuses[0]).toEqual({
      product_id: '9007199254740993',
      channel: 'google',
      status: 'error',
      issues: [{ code: 'x\ty' }],
    });
  });

  it('rejects a refused COPY with the server’s error, and the connection keeps working', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    await openStager(database.db).then((s) => s.close());
    const client = await pool.connect();
    try {
      await client.query('create temp table if not exists copy_probe (a text, b jsonb)');
      await expect(
        copyFrom(client, 'copy copy_probe from stdin with (format csv)', ['"x","{not json"\n']),
      ).rejects.toThrow(/json/i);
      const copied = await copyFrom(client, 'copy copy_probe from stdin with (format csv)', [
        csvLine(['a,"b"', '{"k":"v"}']),
        csvLine([null, '[]']),
      ]);
      expect(copied).toBe(2);
      const back = await client.query('select a, b from copy_probe order by a nulls last');
      expect(back.rows).toEqual([
        { a: 'a,"b"', b: { k: 'v' } },
        { a: null, b: [] },
      ]);
    } finally {
      client.release();
    }
  });
});
