import { CONTROL_CHARACTER_MULTILINE_RE } from '@feedloom/validation';
// A streaming CSV reader, RFC 4180 plus what real exports do: comma, semicolon, tab or pipe; quoted fields
// with delimiters, doubled quotes and line breaks; CRLF, LF or lone CR; blank lines; rows with more or fewer
// cells than the header; stray quotes. Hand-written (not csv-parse) because the package stays free of Node
// streams and the import's throughput target wants one pass over each character with no per-field regex.

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type TDelimiter = (typeof DELIMITERS)[number];

export interface TCsvRow {
  /** The row number a spreadsheet shows: the header is row 1, blank lines count, a quoted line break does not. */
  row_number: number;
  cells: string[];
  /** Set when the row could not be read as written (an unclosed quote): the row is reported, not imported. */
  problem?: string;
  /**
   * Set when the row may hold a control character other than tab and line breaks (its part of the file
   * does): its cells are to be checked. Unset, the row has none.
   */
  control?: true;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Lines looked at to detect the delimiter. */
const SAMPLE_LINES = 50;

/**
 * The delimiter of a CSV sample (the first few kilobytes): the candidate that splits the header and the
 * following lines into the same number of cells, preferring more cells; counted outside quotes. A file with a
 * single column reads as comma-separated.
 */
export const detectDelimiter = (sample: string): TDelimiter => {
  const counts: number[][] = DELIMITERS.map(() => []);
  const current = DELIMITERS.map(() => 0);
  const codes = DELIMITERS.map((d) => d.charCodeAt(0));
  let quoted = false;
  let lines = 0;
  let lineHasText = false;
  const endLine = () => {
    if (lineHasText) {
      for (let d = 0; d < codes.length; d++) (counts[d] as number[]).push(current[d] as number);
      lines++;
    }
    current.fill(0);
    lineHasText = false;
  };
  for (let i = 0; i < sample.length && lines < SAMPLE_LINES; i++) {
    const c = sample.charCodeAt(i);
    if (c === QUOTE) {
      quoted = !quoted;
      lineHasText = true;
    } else if (quoted) continue;
    else if (c === LF || c === CR) endLine();
    else {
      const d = codes.indexOf(c);
      if (d >= 0) current[d] = (current[d] as number) + 1;
      if (c !== 32) lineHasText = true;
    }
  }
  // The last line may be cut off by the end of the sample: use it only when it is the only one.
  if (lines === 0) endLine();
  let best: TDelimiter = ',';
  let bestScore = 0;
  DELIMITERS.forEach((delimiter, d) => {
    const perLine = counts[d] as number[];
    const header = perLine[0] ?? 0;
    if (header === 0) return;
    const consistent = perLine.filter((n) => n === header).length / perLine.length;
    // Consistency dominates; among equally consistent candidates the one giving more columns wins.
    const score = consistent * 1000 + Math.min(header, 999);
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  });
  return best;
};

const enum State {
  /** At the start of a field. */
  Start,
  /** Inside an unquoted field. */
  Plain,
  /** Inside a quoted field. */
  Quoted,
  /** Just after a quote inside a quoted field: a doubled quote, the closing quote, or a stray one. */
  QuoteInQuoted,
  /** After a stray quote in a quoted field: the rest up to the delimiter is kept as written. */
  QuotedTail,
  /** Skipping the rest of a line after a field grew past the limit. */
  Skip,
}

export interface TCsvParserOptions {
  delimiter: TDelimiter;
  /** A quoted field longer than this is taken as an unclosed quote (default 1,000,000 characters). */
  maxFieldLength?: number;
}

/**
 * Incremental CSV parser: `push` text chunks, get complete rows through `emit`; `end` flushes the last row.
 * Chunks may split a field, a doubled quote or a CRLF anywhere. Blank rows are counted but not emitted.
 */
export class CsvParser {
  private readonly delimiter: number;
  private readonly maxField: number;
  private state = State.Start;
  /**
   * The current row's cells, the first `count` of `cells`: each row's array is made as long as the previous
   * row (rows of a file are alike), filled by index and cut to its count at the end, instead of being
   * regrown by push every few cells.
   */
  private cells: string[] = [];
  private count = 0;
  /** The part of the current field taken from earlier chunks (or unquoted pieces of a quoted field). */
  private field = '';
  /** The previous chunk ended in CR: an LF at the start of the next one belongs to it. */
  private pendingCr = false;
  /** Rows completed so far (including blank ones): the number of the row being read is this + 1. */
  private rows = 0;
  /** Row number where the current row started. */
  private rowStart = 1;
  /** The chunk being read holds a control character (see TCsvRow.control). */
  private chunkControl = false;
  /** The current row may hold one: it was begun in, or runs through, such a chunk. */
  private rowControl = false;

  constructor(options: TCsvParserOptions) {
    this.delimiter = options.delimiter.charCodeAt(0);
    this.maxField = options.maxFieldLength ?? 1_000_000;
  }

  push(chunk: string, emit: (row: TCsvRow) => void): void {
    // One scan of the chunk (native, at memory speed) spares checking each cell of every row.
    this.chunkControl = CONTROL_CHARACTER_MULTILINE_RE.test(chunk);
    if (this.chunkControl) this.rowControl = true;
    this.read(chunk, emit);
    this.chunkControl = false;
  }

  private read(chunk: string, emit: (row: TCsvRow) => void): void {
    const delim = this.delimiter;
    const n = chunk.length;
    let i = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (chunk.charCodeAt(0) === LF) i = 1;
    }
    let start = i;
    // Where the next delimiter, LF and CR are at or after `i` (n: none left in this chunk). Found with indexOf
    // (native, far faster than a charCodeAt loop) and searched again only once `i` has passed them, so every
    // character is looked at once per kind however the fields fall.
    let nextDelim = -1;
    let nextLf = -1;
    let nextCr = -1;
    const delimChar = String.fromCharCode(delim);
    while (i < n) {
      switch (this.state) {
        case State.Start: {
          if (chunk.charCodeAt(i) === QUOTE) {
            this.state = State.Quoted;
            i++;
            continue;
          }
          this.state = State.Plain;
          start = i;
          continue;
        }
        case State.Plain: {
          if (nextDelim < i) nextDelim = indexOrEnd(chunk, delimChar, i);
          if (nextLf < i) nextLf = indexOrEnd(chunk, '\n', i);
          if (nextCr < i) nextCr = indexOrEnd(chunk, '\r', i);
          const lineEnd = nextLf < nextCr ? nextLf : nextCr;
          i = nextDelim < lineEnd ? nextDelim : lineEnd;
          const c = i < n ? chunk.charCodeAt(i) : 0;
          if (i === n) {
            this.field += chunk.slice(start, n);
            break;
          }
          this.addCell(this.field === '' ? chunk.slice(start, i) : this.field + chunk.slice(start, i));
          this.field = '';
          this.state = State.Start;
          i++;
          if (c !== delim) i = this.endRow(chunk, i, c, emit);
          start = i;
          break;
        }
        case State.Quoted: {
          const q = chunk.indexOf('"', i);
          if (q < 0) {
            this.field += chunk.slice(i);
            i = n;
          } else {
            this.field += chunk.slice(i, q);
            i = q + 1;
            this.state = State.QuoteInQuoted;
          }
          if (this.field.length > this.maxField) {
            // Most likely an unclosed quote: report the row and read on from the line after it.
            const field = this.field;
            this.cells = [];
            this.count = 0;
            this.field = '';
            this.rows++;
            emit({
              row_number: this.rowStart,
              cells: [],
              problem: `This row has a value longer than ${this.maxField.toLocaleString('en-US')} characters: a quote is probably not closed. The rest of its line was skipped.`,
            });
            this.rowStart = this.rows + 1;
            const nl = field.search(/[\r\n]/);
            if (nl < 0) {
              this.state = State.Skip;
              continue;
            }
            this.state = State.Start;
            const lf = field.charCodeAt(nl) === CR && field.charCodeAt(nl + 1) === LF ? 2 : 1;
            this.push(field.slice(nl + lf) + chunk.slice(i), emit);
            return;
          }
          break;
        }
        case State.QuoteInQuoted: {
          const c = chunk.charCodeAt(i);
          if (c === QUOTE) {
            this.field += '"';
            this.state = State.Quoted;
            i++;
          } else if (c === delim || c === LF || c === CR) {
            this.addCell(this.field);
            this.field = '';
            this.state = State.Start;
            i++;
            if (c !== delim) i = this.endRow(chunk, i, c, emit);
            start = i;
          } else {
            // A stray quote inside a quoted value (`"12" screen",…`): keep it and read on up to the next
            // delimiter, so one bad quote can never swallow the following cells or rows.
            this.field += '"';
            this.state = State.QuotedTail;
            start = i;
          }
          break;
        }
        case State.QuotedTail: {
          let c = 0;
          for (; i < n; i++) {
            c = chunk.charCodeAt(i);
            if (c === delim || c === LF || c === CR) break;
          }
          if (i === n) {
            this.field += chunk.slice(start, n);
            break;
          }
          const value = this.field + chunk.slice(start, i);
          // The quote that was meant to close the value.
          this.addCell(value.endsWith('"') ? value.slice(0, -1) : value);
          this.field = '';
          this.state = State.Start;
          i++;
          if (c !== delim) i = this.endRow(chunk, i, c, emit);
          start = i;
          break;
        }
        case State.Skip: {
          let c = 0;
          for (; i < n; i++) {
            c = chunk.charCodeAt(i);
            if (c === LF || c === CR) break;
          }
          if (i < n) {
            this.state = State.Start;
            i++;
            if (c === CR) {
              if (i < n && chunk.charCodeAt(i) === LF) i++;
              else if (i === n) this.pendingCr = true;
            }
            start = i;
          }
          break;
        }
      }
    }
  }

  /** After the line break `c` at `i - 1`: closes the row and returns where the next one starts. */
  private endRow(chunk: string, i: number, c: number, emit: (row: TCsvRow) => void): number {
    if (c === CR) {
      if (i < chunk.length) {
        if (chunk.charCodeAt(i) === LF) i++;
      } else this.pendingCr = true;
    }
    this.flushRow(emit);
    return i;
  }

  private addCell(value: string): void {
    this.cells[this.count++] = value;
  }

  /** The current row's cells; the next row's array is made as long. */
  private takeCells(): string[] {
    const cells = this.cells;
    if (this.count < cells.length) cells.length = this.count;
    this.cells = new Array<string>(this.count);
    this.count = 0;
    return cells;
  }

  private flushRow(emit: (row: TCsvRow) => void): void {
    const cells = this.takeCells();
    // A quoted line break makes one spreadsheet row, so the row number counts records, not lines.
    this.rows++;
    const rowNumber = this.rowStart;
    this.rowStart = this.rows + 1;
    const control = this.rowControl;
    this.rowControl = this.chunkControl;
    if (isBlank(cells)) return;
    emit(control ? { row_number: rowNumber, cells, control } : { row_number: rowNumber, cells });
  }

  end(emit: (row: TCsvRow) => void): void {
    if (this.state === State.Skip) return;
    if (this.state === State.Quoted) {
      this.addCell(this.field);
      this.field = '';
      this.state = State.Start;
      const cells = this.takeCells();
      this.rows++;
      emit({
        row_number: this.rowStart,
        cells,
        problem: 'A quoted value in this row is not closed: the quote runs to the end of the file.',
      });
      return;
    }
    if (this.state === State.Start && this.count === 0) return;
    const last = this.field;
    this.addCell(this.state === State.QuotedTail && last.endsWith('"') ? last.slice(0, -1) : last);
    this.field = '';
    this.state = State.Start;
    this.flushRow(emit);
  }
}

/** The index of `ch` in `text` from `from`, or the text's length when there is none. */
const indexOrEnd = (text: string, ch: string, from: number): number => {
  const at = text.indexOf(ch, from);
  return at < 0 ? text.length : at;
};

const isBlank = (cells: readonly string[]): boolean => {
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i] as string;
    if (cell.length > 0 && cell.trim() !== '') return false;
  }
  return true;
};

export type TTextSource = AsyncIterable<string> | Iterable<string>;

/** Reads rows from a text stream (see CsvParser); rows come out in batches of a chunk but one at a time. */
export async function* readCsv(text: TTextSource, options: TCsvParserOptions): AsyncGenerator<TCsvRow> {
  const parser = new CsvParser(options);
  let rows: TCsvRow[] = [];
  const emit = (row: TCsvRow) => {
    rows.push(row);
  };
  for await (const chunk of text) {
    parser.push(chunk, emit);
    if (rows.length > 0) {
      const batch = rows;
      rows = [];
      yield* batch;
    }
  }
  parser.end(emit);
  yield* rows;
}
