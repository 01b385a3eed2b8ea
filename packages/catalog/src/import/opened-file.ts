import type { TCsvRow, TDelimiter } from './csv';
import type { TEncoding } from './encoding';

// What opening a file gives the importer, whatever its format: a CSV (pipeline.ts) or a Google XML feed (xml.ts).

export interface TOpenCsvOptions {
  /** Skip detection (e.g. the merchant corrected it). */
  encoding?: TEncoding;
  delimiter?: TDelimiter;
}

export interface TCsvFile {
  /** A CSV, or a Google product feed in XML (RSS 2.0 or Atom) read into the same rows (see xml.ts). */
  readonly format: 'csv' | 'google_xml';
  /** The encoding detected so far: final once `rows` is done (an all-ASCII start reads as UTF-8 until proven otherwise). */
  readonly encoding: TEncoding;
  readonly delimiter: TDelimiter;
  /** Why the bytes are no CSV at all (a workbook, a web page…: see fileTypeProblem), or null. */
  readonly problem: string | null;
  /**
   * The header row's cells (empty for an empty file). An XML feed's are the names of the elements its items
   * use, in the order they were first met: the list grows while rows are pulled, before the batch of rows that
   * first uses a new one.
   */
  readonly headers: string[];
  /** The header's row number (1 unless the file starts with blank lines). */
  readonly headerRow: number;
  /** The data rows after the header. Pull them once; stop early (return) for a preview. */
  readonly rows: AsyncGenerator<TCsvRow>;
  /**
   * The same data rows, a piece of text (64K characters, a few hundred rows) at a time, never an empty batch:
   * one async step per piece instead of per row. `rows` reads from it, so pull one or the other, not both.
   */
  readonly rowBatches: AsyncGenerator<TCsvRow[]>;
}

/**
 * A reader's rows a piece at a time: whatever `take` holds after each `pull` (which answers false at the end),
 * never an empty batch; `check` may throw what the reader found wrong. Leaving early (or at the end) calls
 * `close`, which lets go of the text.
 */
export async function* rowPieces(reader: {
  take: () => TCsvRow[];
  pull: () => Promise<boolean>;
  close: () => Promise<void>;
  check?: () => void;
}): AsyncGenerator<TCsvRow[]> {
  try {
    for (;;) {
      const batch = reader.take();
      if (batch.length > 0) yield batch;
      reader.check?.();
      if (!(await reader.pull())) break;
    }
  } finally {
    await reader.close();
  }
}

/** The rows of `pieces` one at a time: stopping early returns `pieces`, and so lets go of the text. */
export async function* rowsOf(pieces: AsyncGenerator<TCsvRow[]>): AsyncGenerator<TCsvRow> {
  for await (const piece of pieces) for (const row of piece) yield row;
}
