import type { TImportCollision, TImportError, TImportResult, TImportStats } from './core';
import type { TMapping } from './mapping';

// The import report: counts, the columns kept as custom attributes, the first errors for the screen, and
// every error as CSV (row_number,column,message) handed out in pieces, so the api can store a report of any
// size while memory holds a few lines.

export const ERROR_CSV_HEADER = 'row_number,column,message\r\n';

const NEEDS_QUOTES_RE = /[",\r\n]|^\s|\s$/;
// A cell starting with these is run as a formula by spreadsheets (CSV injection).
const FORMULA_START_RE = /^[=+\-@\t\r]/;

/** A CSV cell: quoted when it holds a comma, quote or line break; spreadsheet formulas disarmed with a `'`. */
export const csvField = (value: string): string => {
  const v = FORMULA_START_RE.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES_RE.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
};

export const errorCsvLine = (e: TImportError): string =>
  `${e.row_number},${csvField(e.column)},${csvField(e.message)}\r\n`;

/** Every error of a result stream as CSV text, header first. */
export async function* errorsCsv(
  results: AsyncIterable<TImportResult> | Iterable<TImportResult>,
): AsyncGenerator<string> {
  yield ERROR_CSV_HEADER;
  let buffer = '';
  for await (const r of results) {
    if (r.kind !== 'error') continue;
    buffer += errorCsvLine(r);
    if (buffer.length >= 64 * 1024) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}

export interface TImportSummary extends TImportStats {
  format?: string;
  encoding?: string;
  delimiter?: string;
  /** Headers kept as custom attributes (no product field takes them). */
  unknown_columns: string[];
  /** The first errors (see maxErrors); the error CSV has all of them. */
  errors: TImportError[];
  errors_total: number;
  /** Ids several rows used, with the row numbers of each (the first row kept, the others rejected). */
  collisions: TImportCollision[];
}

/** Collects what the report shows while results stream past. */
export class ImportReport {
  private readonly maxErrors: number;
  private readonly kept: TImportError[] = [];
  private total = 0;
  private csv = '';
  private headerWritten = false;

  constructor(options: { maxErrors?: number } = {}) {
    this.maxErrors = options.maxErrors ?? 100;
  }

  add(result: TImportResult): void {
    if (result.kind !== 'error') return;
    this.total++;
    if (this.kept.length < this.maxErrors) this.kept.push(result);
    if (!this.headerWritten) {
      this.csv += ERROR_CSV_HEADER;
      this.headerWritten = true;
    }
    this.csv += errorCsvLine(result);
  }

  /** The error CSV written since the last call (the header comes with the first error); '' when none. */
  takeErrorCsv(): string {
    const out = this.csv;
    this.csv = '';
    return out;
  }

  summary(
    stats: TImportStats,
    context: {
      mapping?: Pick<TMapping, 'format' | 'unknown_columns'>;
      encoding?: string;
      delimiter?: string;
      collisions?: readonly TImportCollision[];
    } = {},
  ): TImportSummary {
    return {
      ...stats,
      ...(context.mapping ? { format: context.mapping.format } : {}),
      ...(context.encoding ? { encoding: context.encoding } : {}),
      ...(context.delimiter ? { delimiter: context.delimiter } : {}),
      unknown_columns: context.mapping ? [...context.mapping.unknown_columns] : [],
      errors: [...this.kept],
      errors_total: this.total,
      collisions: context.collisions ? [...context.collisions] : [],
    };
  }
}
