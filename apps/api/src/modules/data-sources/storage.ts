// Kept CSV files: written as they stream in, in 1 MB chunks, and read back the same way (bytea rows, on
// PGlite and PostgreSQL alike), so a run can be retried and its report reproduced.
import { createHash } from 'node:crypto';
import { CSV_MAX_BYTES } from '@feedloom/validation';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { import_file_chunks, import_files } from '../../db/schema';

const CHUNK_BYTES = 1024 * 1024;

export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
}

/** A kept file being written piece by piece (the import job's error report): 1 MB chunks, as keepFile. */
export interface TKeptFileWriter {
  readonly id: string;
  write(piece: Uint8Array | string): Promise<void>;
  /** Writes what is pending and marks the file complete. */
  close(): Promise<{ id: string; size: number }>;
  /** Removes the file and what was written of it. */
  discard(): Promise<void>;
}

/** Opens a kept file for writing; throws FileTooLargeError past `maxBytes` (the caller discards it). */
export const openKeptFile = async (
  db: TDb,
  meta: { shop_id: string; file_name: string; content_type?: string | null },
  maxBytes = Number.MAX_SAFE_INTEGER,
): Promise<TKeptFileWriter> => {
  const [file] = await db
    .insert(import_files)
    .values({ shop_id: meta.shop_id, file_name: meta.file_name, content_type: meta.content_type ?? null })
    .returning({ id: import_files.id });
  const id = file!.id;
  const hash = createHash('sha256');
  let size = 0;
  let seq = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const chunk = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await db.insert(import_file_chunks).values({ file_id: id, seq: seq++, bytes: chunk });
  };
  return {
    id,
    async write(piece) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      size += bytes.byteLength;
      if (size > maxBytes) throw new FileTooLargeError('file too large');
      hash.update(bytes);
      pending.push(bytes);
      pendingBytes += bytes.byteLength;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    },
    async close() {
      await flush();
      await db
        .update(import_files)
        .set({ size, sha256: hash.digest('hex'), complete: true })
        .where(eq(import_files.id, id));
      return { id, size };
    },
    async discard() {
      pending = [];
      await db.delete(import_files).where(eq(import_files.id, id));
    },
  };
};

/** Writes a stream of bytes as a kept file; throws FileTooLargeError (and removes it) past 20 MB. */
export const keepFile = async (
  db: TDb,
  meta: { shop_id: string; file_name: string; content_type?: string | null },
  bytes: AsyncIterable<Uint8Array>,
  maxBytes = CSV_MAX_BYTES,
): Promise<{ id: string; size: number }> => {
  const file = await openKeptFile(db, meta, maxBytes);
  try {
    for await (const piece of bytes) await file.write(piece);
  } catch (err) {
    await file.discard();
    throw err;
  }
  return file.close();
};

/** The kept file's bytes, one chunk at a time. */
export async function* readKeptFile(db: TDb, fileId: string): AsyncGenerator<Buffer> {
  let seq = -1;
  for (;;) {
    const [row] = await db
      .select({ seq: import_file_chunks.seq, bytes: import_file_chunks.bytes })
      .from(import_file_chunks)
      .where(and(eq(import_file_chunks.file_id, fileId), gt(import_file_chunks.seq, seq)))
      .orderBy(asc(import_file_chunks.seq))
      .limit(1);
    if (!row) return;
    seq = row.seq;
    const bytes = row.bytes instanceof Uint8Array ? row.bytes : new Uint8Array(row.bytes);
    yield Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
