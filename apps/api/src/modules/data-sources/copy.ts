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

/** One field of COPY's CSV format: always quoted (so '' stays an empty string), null as an unquoted blank. */
export const csvField = (value: string | null): string =>
  value === null ? '' : `"${value.replace(/"/g, '""')}"`;

/** A CSV line for COPY … WITH (FORMAT csv). */
export const csvLine = (fields: (string | null)[]): string => fields.map(csvField).join(',') + '\n';

const TEXT_SPECIAL = /[\\\n\r\t]/;
const TEXT_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** One field of COPY's text format: backslash, newline, carriage return and tab escaped; null as \N. */
export const textField = (value: string | null): string =>
  value === null
    ? '\\N'
    : TEXT_SPECIAL.test(value)
      ? value.replace(/[\\\n\r\t]/g, (c) => TEXT_ESCAPES[c]!)
      : value;

/** A line for COPY … FROM STDIN in text format (tab-separated, the default). */
export const textLine = (fields: (string | null)[]): string => fields.map(textField).join('\t') + '\n';
