// PostgreSQL `COPY … FROM STDIN` over node-postgres, without a package: pg hands any query object with a
// `submit` method the protocol's messages, so this one answers CopyInResponse with the data (waiting for the
// socket to drain between chunks) and CopyDone. Used by the import job's staging table and the benchmark.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type pg from 'pg';

interface TConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  stream: Writable;
}

class CopyIn {
  private rowCount = 0;
  private settled = false;
  constructor(
    readonly text: string,
    private readonly data: Iterable<Buffer | string> | AsyncIterable<Buffer | string>,
    private readonly resolve: (rows: number) => void,
    private readonly reject: (err: Error) => void,
  ) {}

  submit(connection: TConnection) {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: TConnection) {
    void (async () => {
      try {
        for await (const piece of this.data) {
          const chunk = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
          if (chunk.byteLength === 0) continue;
          connection.sendCopyFromChunk(chunk);
          if (connection.stream.writableNeedDrain) await once(connection.stream, 'drain');
        }
        connection.endCopyFrom();
      } catch (err) {
        connection.sendCopyFail(err instanceof Error ? err.message : 'copy source failed');
      }
    })();
  }

  handleCommandComplete(msg: { text?: string }) {
    const n = /COPY (\d+)/.exec(msg.text ?? '');
    this.rowCount = n ? Number(n[1]) : 0;
  }

  handleReadyForQuery() {
    if (this.settled) return;
    this.settled = true;
    this.resolve(this.rowCount);
  }

  handleError(err: Error) {
    if (this.settled) return;
    this.settled = true;
    this.reject(err);
  }

  // Messages a COPY FROM never gets; pg calls them only on other statements.
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
}

/** Runs one `COPY <table> FROM STDIN …` statement with `data`; answers the number of rows copied. */
export const copyFrom = (
  client: pg.ClientBase,
  statement: string,
  data: Iterable<Buffer | string> | AsyncIterable<Buffer | string>,
): Promise<number> =>
  new Promise<number>((resolve, reject) => {
    void client.query(new CopyIn(statement, data, resolve, reject) as unknown as pg.QueryConfig);
  });

/**
 * Rows for `COPY … FROM STDIN WITH (FORMAT binary)`: each field is its length and its bytes, so nothing is
 * escaped or scanned (the text format has to double every backslash of a JSON text) and the server does not
 * unescape either. Fields are written in the COPY's column order with the writer of the column's type; the
 * data builds up in buffers of about 1 MB, handed out by `pieces()`.
 */
export class BinaryCopyRows {
  private static readonly PIECE = 1024 * 1024;
  private readonly done: Buffer[] = [];
  private buf = Buffer.allocUnsafe(BinaryCopyRows.PIECE);
  private pos = 0;
  private lastUuid = '';
  private lastUuidBytes = Buffer.alloc(0);

  constructor() {
    // Signature, flags, header extension length.
    this.room(19);
    this.pos += this.buf.write('PGCOPY\n\xff\r\n\0', this.pos, 'latin1');
    this.pos = this.buf.writeInt32BE(0, this.pos);
    this.pos = this.buf.writeInt32BE(0, this.pos);
  }

  /** Starts a row of `fields` fields. */
  row(fields: number): this {
    this.room(2);
    this.pos = this.buf.writeInt16BE(fields, this.pos);
    return this;
  }

  /** text (or varchar): UTF-8; null is SQL NULL. The caller keeps NUL out (PostgreSQL text refuses it). */
  text(value: string | null): this {
    if (value === null) return this.nil();
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    this.room(4 + value.length * 3);
    const length = this.buf.write(value, this.pos + 4, 'utf8');
    this.buf.writeInt32BE(length, this.pos);
    this.pos += 4 + length;
    return this;
  }

  /** jsonb from JSON text: jsonb's binary form is a version byte (1) and the text. */
  jsonb(json: string): this {
    this.room(5 + json.length * 3);
    const length = this.buf.write(json, this.pos + 5, 'utf8');
    this.buf.writeInt32BE(length + 1, this.pos);
    this.buf[this.pos + 4] = 1;
    this.pos += 5 + length;
    return this;
  }

  int4(value: number): this {
    this.room(8);
    this.pos = this.buf.writeInt32BE(4, this.pos);
    this.pos = this.buf.writeInt32BE(value, this.pos);
    return this;
  }

  /** bigint, from its decimal text (ids come back from the database as text). */
  int8(value: string | number): this {
    this.room(12);
    this.pos = this.buf.writeInt32BE(8, this.pos);
    this.pos = this.buf.writeBigInt64BE(BigInt(value), this.pos);
    return this;
  }

  /** uuid, from its canonical text (the last one's bytes are kept: a COPY often repeats one, e.g. the shop's). */
  uuid(value: string): this {
    if (value !== this.lastUuid) {
      const hex = value.replace(/-/g, '');
      if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error('not a uuid');
      this.lastUuid = value;
      this.lastUuidBytes = Buffer.from(hex, 'hex');
    }
    this.room(20);
    this.pos = this.buf.writeInt32BE(16, this.pos);
    this.pos += this.lastUuidBytes.copy(this.buf, this.pos);
    return this;
  }

  /** The data so far and the trailer; the writer is spent. */
  pieces(): Buffer[] {
    this.room(2);
    this.pos = this.buf.writeInt16BE(-1, this.pos);
    this.done.push(this.buf.subarray(0, this.pos));
    return this.done;
  }

  private nil(): this {
    this.room(4);
    this.pos = this.buf.writeInt32BE(-1, this.pos);
    return this;
  }

  /** Makes sure `bytes` more fit, handing the current buffer over when they do not. */
  private room(bytes: number) {
    if (this.pos + bytes <= this.buf.length) return;
    if (this.pos > 0) this.done.push(this.buf.subarray(0, this.pos));
    this.buf = Buffer.allocUnsafe(Math.max(BinaryCopyRows.PIECE, bytes));
    this.pos = 0;
  }
}
