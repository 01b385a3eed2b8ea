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

/** Writes a stream of bytes as a kept file; throws FileTooLargeError (and removes it) past 20 MB. */
export const keepFile = async (
  db: TDb,
  meta: { shop_id: string; file_name: string; content_type?: string | null },
  bytes: AsyncIterable<Uint8Array>,
  maxBytes = CSV_MAX_BYTES,
): Promise<{ id: string; size: number }> => {
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
  try {
    for await (const piece of bytes) {
      size += piece.byteLength;
      if (size > maxBytes) throw new FileTooLargeError('file too large');
      hash.update(piece);
      pending.push(piece);
      pendingBytes += piece.byteLength;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    await flush();
  } catch (err) {
    await db.delete(import_files).where(eq(import_files.id, id));
    throw err;
  }
  await db
    .update(import_files)
    .set({ size, sha256: hash.digest('hex'), complete: true })
    .where(eq(import_files.id, id));
  return { id, size };
};

/** The kept file's bytes, one chunk at a time. */
export async function* readKeptFile(db: TDb, fileId: string): AsyncGenerator<Uint8Array> {
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
    yield row.bytes instanceof Uint8Array ? row.bytes : new Uint8Array(row.bytes);
  }
}
