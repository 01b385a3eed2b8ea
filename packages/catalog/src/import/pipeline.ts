import { CONTROL_CHARACTER_RE } from '@feedloom/validation';
import type { TImportCollision, TImportResult, TImportStats, TProductKeyFormat, TShopSettings } from './core';
import type { TCsvRow, TDelimiter } from './csv';
import { CsvParser, DELIMITERS, detectDelimiter } from './csv';
import type { TByteSource, TEncoding } from './encoding';
import { decode, peekBytes } from './encoding';
import { createImporter } from './importer';
import type { TImportFormat, TMapping, TMappingTarget } from './mapping';
import { suggestMapping } from './mapping';
import { FILE_SNIFF_BYTES, fileTypeProblem, isXmlHead } from './sniff';
import { rowPieces, rowsOf, type TCsvFile, type TOpenCsvOptions } from './opened-file';
import { openXmlFeed } from './xml';

// From bytes to results in one call, for the api's import job and preview: decode, detect the delimiter on
// the first kilobytes, read the header, map, import. Everything stays a stream: the caller pulls rows or
// results and memory holds one chunk of text plus one product's rows.

/** Text looked at to detect the delimiter. */
const SAMPLE_CHARS = 64 * 1024;
/** Text parsed per step of `rows`/`rowBatches`: a few hundred rows, not a whole (megabyte) chunk of them. */
const PIECE_CHARS = 64 * 1024;

const HEADER_CONTROL_RE = new RegExp(CONTROL_CHARACTER_RE.source, 'g');
const SEP_DIRECTIVE_RE = /^"?sep=(.)"?[^\S\r\n]*(?:\r\n|\n|\r)/i;

/** Opens a CSV byte stream: encoding, delimiter and header detected, data rows to pull. */
export const openCsv = async (bytes: TByteSource, options: TOpenCsvOptions = {}): Promise<TCsvFile> => {
  let encoding: TEncoding = options.encoding ?? 'utf-8';
  let head: Uint8Array | undefined;
  async function* watched(): AsyncGenerator<Uint8Array> {
    for await (const chunk of bytes) {
      // A copy of its first bytes: a view would keep the whole (megabyte) chunk alive.
      head ??= Uint8Array.from(chunk.subarray(0, FILE_SNIFF_BYTES));
      yield chunk;
    }
  }
  const text = decode(watched(), { encoding: options.encoding, onEncoding: (e) => (encoding = e) })[
    Symbol.asyncIterator
  ]();
  const sample: string[] = [];
  let sampled = 0;
  let textDone = false;
  while (sampled < SAMPLE_CHARS) {
    const next = await text.next();
    if (next.done) {
      textDone = true;
      break;
    }
    sample.push(next.value);
    sampled += next.value.length;
  }
  // Excel's "sep=;" first line names the delimiter and is not a row (Excel does not show it).
  const directive = SEP_DIRECTIVE_RE.exec(sample.length > 0 ? (sample[0] as string).slice(0, 16) : '');
  const named = directive && (DELIMITERS as readonly string[]).includes(directive[1] as string);
  if (named) {
    const text = sample.join('').slice(directive[0].length);
    sample.length = 0;
    sample.push(text);
  }
  const delimiter =
    options.delimiter ??
    (named ? (directive[1] as TDelimiter) : detectDelimiter(sample.join('').slice(0, SAMPLE_CHARS)));
  const parser = new CsvParser({ delimiter });
  let pending: TCsvRow[] = [];
  const emit = (row: TCsvRow) => {
    pending.push(row);
  };
  /** Text read but not parsed yet: the sample's chunks, then the current chunk from `offset`. */
  const unparsed = sample;
  let offset = 0;
  let ended = false;
  /** Parses the next piece of text (reading a chunk when none is left); false once the text is done. */
  const pull = async (): Promise<boolean> => {
    if (ended) return false;
    while (unparsed.length > 0) {
      const chunk = unparsed[0] as string;
      if (offset < chunk.length) {
        // A piece at a time: its rows and their products are done with (young garbage) before the next
        // piece is read, instead of a megabyte chunk's worth outliving minor collections.
        const end = Math.min(chunk.length, offset + PIECE_CHARS);
        parser.push(offset === 0 && end === chunk.length ? chunk : chunk.slice(offset, end), emit);
        offset = end;
        return true;
      }
      unparsed.shift();
      offset = 0;
    }
    const next = textDone ? undefined : await text.next();
    if (!next || next.done) {
      textDone = true;
      parser.end(emit);
      ended = true;
    } else unparsed.push(next.value);
    return true;
  };
  while (pending.length === 0 && (await pull()));
  const header = pending.shift();

  const rowBatches = rowPieces({
    take: () => {
      const batch = pending;
      pending = [];
      return batch;
    },
    pull,
    close: async () => {
      if (!textDone) await text.return?.(undefined);
    },
  });
  const rows = () => rowsOf(rowBatches);

  return {
    format: 'csv',
    get encoding() {
      return encoding;
    },
    delimiter,
    problem: head === undefined ? null : fileTypeProblem(head),
    // A header names a column (and a custom attribute): control characters in it are dropped, not stored.
    headers: header ? header.cells.map((h) => h.replace(HEADER_CONTROL_RE, '').trim()) : [],
    headerRow: header?.row_number ?? 1,
    rows: rows(),
    rowBatches,
  };
};

export interface TImportCsvOptions extends TOpenCsvOptions {
  format?: TImportFormat;
  /** The merchant's mapping changes, by header. */
  edits?: Readonly<Record<string, TMappingTarget>>;
  shop?: TShopSettings;
  dataSourceName?: string;
  /** What identifies a product in the catalogue (the data source's product id format; default `id`). */
  productKey?: TProductKeyFormat;
}

export interface TImportRun {
  file: TCsvFile;
  /** The mapping of the file's headers (an XML feed's grows with them: final once `results` is done). */
  readonly mapping: TMapping;
  /** Products and errors, in file order (a product when its last row is read). */
  results: AsyncGenerator<TImportResult>;
  /**
   * The same results, those of a piece of text (see TCsvFile.rowBatches) at a time, never an empty batch: one
   * async step per piece instead of per result, for callers that go through every result. `results` reads
   * from it: pull one or the other. (`stats` run ahead of the results pulled by up to a piece.)
   */
  resultBatches: AsyncGenerator<readonly TImportResult[]>;
  /** Counters, current while `results` is pulled and final after it. */
  stats: TImportStats;
  /** Ids several rows used, with the row numbers of each: final once `results` is done. */
  collisions(): TImportCollision[];
}

/** Opens, maps (suggestion plus the merchant's edits) and imports a CSV file. */
export const importCsv = async (bytes: TByteSource, options: TImportCsvOptions = {}): Promise<TImportRun> =>
  importOpened(await openCsv(bytes, options), options);

/**
 * Opens, maps and imports a data source's file: a Google product feed in XML (RSS 2.0 or Atom, told by its
 * first bytes) or else a CSV. Both go through the same mapping and import; an XML feed is always in Google's
 * format.
 */
export const importFile = async (
  bytes: TByteSource,
  options: TImportCsvOptions = {},
): Promise<TImportRun> => {
  const { head, bytes: all } = await peekBytes(bytes, FILE_SNIFF_BYTES);
  return isXmlHead(head)
    ? importOpened(await openXmlFeed(all, { encoding: options.encoding }), { ...options, format: 'google' })
    : importOpened(await openCsv(all, options), options);
};

const importOpened = (file: TCsvFile, options: TImportCsvOptions): TImportRun => {
  const suggest = () => suggestMapping(file.headers, { format: options.format, edits: options.edits });
  let mapping = suggest();
  const importer = createImporter({
    mapping,
    shop: options.shop,
    dataSourceName: options.dataSourceName,
    decimalComma: file.delimiter === ';',
    productKey: options.productKey,
  });
  /** Columns an XML feed met since the last batch: mapped (with the merchant's edits) before their rows are read. */
  const follow = () => {
    if (file.headers.length === mapping.columns.length) return;
    const known = mapping.columns.length;
    mapping = suggest();
    importer.addColumns(mapping.columns.slice(known));
  };
  async function* batches(): AsyncGenerator<readonly TImportResult[]> {
    for await (const rows of file.rowBatches) {
      follow();
      const done = importer.pushRows(rows);
      if (done.length > 0) yield done;
    }
    const last = importer.end();
    if (last.length > 0) yield last;
  }
  const resultBatches = batches();
  async function* results(): AsyncGenerator<TImportResult> {
    for await (const batch of resultBatches) for (const result of batch) yield result;
  }
  return {
    file,
    get mapping() {
      return mapping;
    },
    results: results(),
    resultBatches,
    stats: importer.stats,
    collisions: () => importer.collisions(),
  };
};

/** Bytes of a string, for tests and callers holding a whole file: one chunk, or chunks of `size`. */
export function* bytesOfText(text: string, size = 64 * 1024): Generator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
