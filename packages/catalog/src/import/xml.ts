import { CONTROL_CHARACTER_MULTILINE_RE } from '@feedloom/validation';
import { SaxesParser } from 'saxes';
import type { SaxesTagNS } from 'saxes';
import { GOOGLE } from '../channels/index';
import { compositePart } from '../feeds/escape';
import { columnHeader, GOOGLE_NS } from '../feeds/formats';
import { COLUMN_BY_HEADER, normaliseHeader } from './columns';
import type { TCsvRow } from './csv';
import type { TByteSource, TEncoding } from './encoding';
import { decode, peekBytes } from './encoding';
import { rowPieces, rowsOf, type TCsvFile } from './opened-file';
import { FILE_SNIFF_BYTES, FILE_TYPE_MSG } from './sniff';

// Google's own feed format as an import: RSS 2.0 or Atom 1.0 with the `g:` elements, read as it streams in
// (a SAX parser, one item held at a time) and turned into rows of cells under Google attribute names, the
// same names a Google CSV has as headers. Everything after that (mapping, value parsing, variants, the report)
// is the CSV import's: a nested element becomes the text form a CSV cell would hold (`<g:shipping>` with
// `<g:country>`, `<g:price>`… becomes `US:CA:…:4.99 USD` under the header that names its slots), and
// repeated elements a comma-separated list. An item's row number is the line its element starts on.

export const XML_FEED_MSG = {
  notWellFormed: (line: number, detail: string) =>
    `The XML feed is not well-formed at line ${line}: ${detail}. Fix the file (or the shop plugin that writes it) and import it again.`,
  wrongRoot: (name: string) =>
    `This XML file is not a Google product feed: it starts with <${name}>, where an RSS 2.0 feed starts with <rss> and an Atom feed with <feed>.`,
  noItems:
    'This XML feed has no products: it has no <item> (RSS 2.0) or <entry> (Atom) element. Nothing was imported or removed.',
  notGoogle:
    'This XML feed is not a Google product feed: its first item has no Google attribute such as <g:id> or <g:price> (namespace xmlns:g="http://base.google.com/ns/1.0").',
  itemTooLarge: (chars: number) =>
    `This item holds more than ${chars.toLocaleString('en-US')} characters of text, more than any product needs: it is left out.`,
} as const;

/** A feed file that cannot be read on (malformed XML met after its first items): the import stops with this sentence. */
export class FeedFileError extends Error {
  override readonly name = 'FeedFileError';
}

/** Text an item may hold; past it the item is reported instead of kept whole in memory. */
export const XML_ITEM_MAX_CHARS = 4_000_000;
/** Distinct element names (columns) a feed may use; later new names are left out, as a CSV has at most this many columns. */
export const XML_MAX_COLUMNS = 500;

/** RSS 2.0's own item elements that say nothing about the product (feed plumbing). */
const RSS_PLUMBING: ReadonlySet<string> = new Set([
  'guid',
  'pubDate',
  'author',
  'category',
  'comments',
  'enclosure',
  'source',
]);
/** Atom's (its entry id is the feed's, not the product's: that is g:id). */
const ATOM_PLUMBING: ReadonlySet<string> = new Set([
  'id',
  'updated',
  'published',
  'author',
  'contributor',
  'category',
  'rights',
  'source',
]);

/** The feed's own elements that carry product values, and the column each feeds. */
const FEED_COLUMNS: Readonly<Record<string, string>> = {
  title: 'title',
  link: 'link',
  description: 'description',
  summary: 'description',
  content: 'description',
};

type TSlots = readonly (string | readonly string[])[];

/** How a nested Google element is written as text: its column's header and the order of its parts. */
interface TRecordForm {
  header: string;
  slots: TSlots;
}

/**
 * Nested elements, in the positional text form of Google's delimited feeds: the channel table's records
 * (shipping names its slots in its header, as our own Google TSV export does), plus the nested attributes the
 * catalogue keeps as custom attributes, in Google's documented order.
 */
const RECORD_FORMS: ReadonlyMap<string, TRecordForm> = new Map([
  ...GOOGLE.rows.flatMap((row): [string, TRecordForm][] =>
    row.type === 'record' && row.feed
      ? [
          [
            row.feed,
            {
              header: columnHeader(row),
              slots:
                row.textHeader && row.textSlots
                  ? row.textSlots
                  : (row.children ?? []).flatMap((c) => (c.feed ? [c.feed] : [])),
            },
          ],
        ]
      : [],
  ),
  [
    'tax',
    { header: 'tax', slots: ['country', ['region', 'postal_code', 'location_id'], 'rate', 'tax_ship'] },
  ],
  ['installment', { header: 'installment', slots: ['months', 'amount', 'downpayment', 'credit_type'] }],
  ['subscription_cost', { header: 'subscription_cost', slots: ['period', 'period_length', 'amount'] }],
  ['loyalty_points', { header: 'loyalty_points', slots: ['name', 'points_value', 'ratio'] }],
]);

const PART_SEPARATORS = /[,:]/;
const LIST_SEPARATOR = /,/;

/** A nested element's text form: its parts in slot order (quoted when they hold a separator), trailing empty ones dropped. */
const recordText = (form: TRecordForm | undefined, parts: ReadonlyMap<string, string>): string => {
  const out: string[] = [];
  if (form) {
    for (const slot of form.slots) {
      const keys = typeof slot === 'string' ? [slot] : slot;
      let text = '';
      for (const key of keys) {
        const value = parts.get(key);
        if (value !== undefined && value !== '') {
          text = value;
          break;
        }
      }
      out.push(compositePart(text, PART_SEPARATORS));
    }
  } else for (const value of parts.values()) out.push(compositePart(value, PART_SEPARATORS));
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join(':');
};

/** How the values of an element repeated in one item make one cell. */
const enum Join {
  /** A single value: the first one counts. */
  First,
  /** A list: comma-separated. */
  List,
  /** Free texts (highlights): comma-separated, a text holding a comma quoted. */
  Quoted,
}

const joinOf = (header: string): Join => {
  const column = COLUMN_BY_HEADER.get(normaliseHeader(header));
  // A custom attribute keeps every value, as a CSV's repeated values would be.
  if (!column) return Join.List;
  if (column.kind === 'highlights') return Join.Quoted;
  return column.multiple || column.kind === 'list' || column.kind === 'urls' ? Join.List : Join.First;
};

const cellOf = (join: Join, values: readonly string[]): string => {
  if (join === Join.First || values.length === 1) return values[0] as string;
  if (join === Join.List) return values.join(',');
  return values.map((v) => compositePart(v, LIST_SEPARATOR)).join(',');
};

/** The element of an item being read (a child of <item>/<entry>). */
interface TOpenChild {
  /** Column index, or -1: read to keep the structure, value left out. */
  column: number;
  /** The feed's own element (title, link…): a g: element of the same column wins over it. */
  fallback: boolean;
  /** A Google element: its child elements are the parts of a nested value. */
  google: boolean;
  local: string;
  text: string;
  /** Parts of a nested element, by their local names, in document order. */
  parts: Map<string, string> | undefined;
  /** The part being read. */
  part: string | undefined;
  partText: string;
}

interface TOpenItem {
  line: number;
  depth: number;
  values: Map<number, string[]>;
  fallbacks: Map<number, string[]>;
  chars: number;
  tooLarge: boolean;
  google: boolean;
}

/**
 * Incremental reader of a Google product feed: `push` text pieces, take the rows of the items they completed.
 * Pure (no I/O). After `problem` or `error` is set it reads nothing more.
 */
export class GoogleFeedReader {
  /** Column headers in the order their elements were first met: it grows while the feed is read. */
  readonly headers: string[] = [];
  /** Why the document is no Google feed (wrong root element), once known. */
  problem: string | undefined = undefined;
  /** The first well-formedness error, with its line. */
  error: string | undefined = undefined;
  /** Items read so far. */
  items = 0;
  /** Whether the first item had a Google element. */
  firstItemGoogle = false;

  private readonly parser: SaxesParser<{ xmlns: true }>;
  private readonly index = new Map<string, number>();
  private readonly joins: Join[] = [];
  private rows: TCsvRow[] = [];
  private depth = 0;
  private feedNs: string | undefined = undefined;
  private atom = false;
  private item: TOpenItem | undefined = undefined;
  private child: TOpenChild | undefined = undefined;
  private startLine = 1;

  constructor() {
    // A prefix a feed forgot to declare: g: is Google's, any other one is kept under its own name.
    const parser = new SaxesParser({
      xmlns: true,
      resolvePrefix: (prefix: string) => (prefix === 'g' ? GOOGLE_NS : `urn:undeclared:${prefix}`),
    });
    this.parser = parser;
    parser.on('opentagstart', () => {
      this.startLine = parser.line;
    });
    parser.on('opentag', (tag) => this.open(tag));
    parser.on('closetag', () => this.close());
    parser.on('text', (text) => this.text(text));
    parser.on('cdata', (text) => this.text(text));
  }

  /** Reads a piece of text; answers the rows of the items it completed. */
  push(text: string): TCsvRow[] {
    if (this.problem === undefined && this.error === undefined) {
      try {
        this.parser.write(text);
      } catch (err) {
        this.fail(err);
      }
    }
    return this.take();
  }

  /** The end of the text: the last well-formedness checks (an unclosed element). */
  end(): TCsvRow[] {
    if (this.problem === undefined && this.error === undefined) {
      try {
        this.parser.close();
      } catch (err) {
        this.fail(err);
      }
    }
    return this.take();
  }

  private take(): TCsvRow[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  private fail(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    // saxes writes "line:column: what"; the merchant gets the line in a sentence of ours.
    const detail = message.replace(/^\d+:\d+:\s*/, '').replace(/\.$/, '');
    this.error = XML_FEED_MSG.notWellFormed(this.parser.line, detail);
  }

  private columnOf(header: string): number {
    const known = this.index.get(header);
    if (known !== undefined) return known;
    if (this.headers.length >= XML_MAX_COLUMNS) return -1;
    const i = this.headers.length;
    this.headers.push(header);
    this.index.set(header, i);
    this.joins.push(joinOf(header));
    return i;
  }

  private open(tag: SaxesTagNS): void {
    this.depth++;
    const depth = this.depth;
    if (depth === 1) {
      if (tag.local === 'rss' || tag.local === 'feed') {
        this.feedNs = tag.uri;
        this.atom = tag.local === 'feed';
      } else {
        this.problem =
          tag.local.toLowerCase() === 'html' ? FILE_TYPE_MSG.html : XML_FEED_MSG.wrongRoot(tag.name);
        // Nothing more of this document is read.
        this.parser.off('opentag');
        this.parser.off('closetag');
        this.parser.off('text');
        this.parser.off('cdata');
      }
      return;
    }
    const item = this.item;
    if (!item) {
      const isItem = this.atom
        ? tag.local === 'entry' && tag.uri === this.feedNs
        : tag.local === 'item' && tag.uri === this.feedNs;
      if (isItem) {
        this.item = {
          line: this.startLine,
          depth,
          values: new Map(),
          fallbacks: new Map(),
          chars: 0,
          tooLarge: false,
          google: false,
        };
      }
      return;
    }
    if (depth === item.depth + 1) {
      this.child = this.openChild(tag, item);
      return;
    }
    const child = this.child;
    // A part of a nested Google element (deeper elements only add their text to it).
    if (child && child.google && depth === item.depth + 2) {
      child.parts ??= new Map();
      child.part = tag.local;
      child.partText = '';
    }
  }

  private openChild(tag: SaxesTagNS, item: TOpenItem): TOpenChild {
    const child: TOpenChild = {
      column: -1,
      fallback: false,
      google: false,
      local: tag.local,
      text: '',
      parts: undefined,
      part: undefined,
      partText: '',
    };
    if (tag.uri === GOOGLE_NS) {
      child.google = true;
      item.google = true;
      return child;
    }
    if (tag.uri === this.feedNs) {
      if ((this.atom ? ATOM_PLUMBING : RSS_PLUMBING).has(tag.local)) return child;
      child.fallback = true;
      const column = FEED_COLUMNS[tag.local];
      if (this.atom && tag.local === 'link') {
        // Atom's link is an href; the product page is the alternate one (or one without rel).
        const rel = tag.attributes.rel?.value ?? 'alternate';
        const href = tag.attributes.href?.value ?? '';
        if (rel === 'alternate' && href.trim() !== '') this.add(item, this.columnOf('link'), href, true);
        return child;
      }
      // Other elements of the feed's own namespace: a Google attribute written without its prefix, or a custom one.
      child.column = this.columnOf(column ?? tag.local);
      return child;
    }
    // Elements of other namespaces are custom attributes under their written name (c:size_chart).
    child.column = this.columnOf(tag.name);
    return child;
  }

  private text(text: string): void {
    const child = this.child;
    const item = this.item;
    if (!child || !item || item.tooLarge) return;
    item.chars += text.length;
    if (item.chars > XML_ITEM_MAX_CHARS) {
      item.tooLarge = true;
      return;
    }
    if (child.part !== undefined) child.partText += text;
    else child.text += text;
  }

  private close(): void {
    const depth = this.depth;
    this.depth--;
    const item = this.item;
    if (!item || depth < item.depth) return;
    if (depth === item.depth) {
      this.endItem(item);
      return;
    }
    const child = this.child;
    if (!child) return;
    if (depth === item.depth + 2 && child.part !== undefined) {
      const value = child.partText.trim();
      // A part given twice keeps its first value.
      if (value !== '' && !child.parts?.has(child.part)) child.parts?.set(child.part, value);
      child.part = undefined;
      child.partText = '';
      return;
    }
    if (depth !== item.depth + 1) return;
    this.child = undefined;
    if (child.google) {
      const nested = child.parts !== undefined;
      const form = nested ? RECORD_FORMS.get(child.local) : undefined;
      // A nested element goes to the header naming its slots (shipping(country:…)); written as text, to its own name.
      const header = nested ? (form?.header ?? child.local) : child.local;
      const value = nested ? recordText(form, child.parts!) : child.text;
      this.add(item, this.columnOf(header), value, false);
      return;
    }
    if (child.column >= 0) this.add(item, child.column, child.text, child.fallback);
  }

  private add(item: TOpenItem, column: number, value: string, fallback: boolean): void {
    if (column < 0 || value.trim() === '') return;
    const into = fallback ? item.fallbacks : item.values;
    const list = into.get(column);
    if (list) list.push(value);
    else into.set(column, [value]);
  }

  private endItem(item: TOpenItem): void {
    this.item = undefined;
    this.child = undefined;
    this.items++;
    if (this.items === 1) this.firstItemGoogle = item.google;
    const row: TCsvRow = { row_number: item.line, cells: [] };
    if (item.tooLarge) {
      row.problem = XML_FEED_MSG.itemTooLarge(XML_ITEM_MAX_CHARS);
      this.rows.push(row);
      return;
    }
    const cells = new Array<string>(this.headers.length).fill('');
    let control = false;
    const put = (column: number, values: readonly string[]) => {
      const cell = cellOf(this.joins[column] as Join, values);
      if (!control && CONTROL_CHARACTER_MULTILINE_RE.test(cell)) control = true;
      cells[column] = cell;
    };
    for (const [column, values] of item.values) put(column, values);
    // RSS's title/link/description and Atom's title/link/summary count where the item has no g: one.
    for (const [column, values] of item.fallbacks) if (!item.values.has(column)) put(column, values);
    row.cells = cells;
    if (control) row.control = true;
    this.rows.push(row);
  }
}

/** Text parsed per step: a few hundred items, as the CSV reader's pieces. */
const PIECE_CHARS = 64 * 1024;

const LATIN_ENCODINGS = /^(?:iso[-_]?8859[-_]1|latin-?1|l1|windows-1252|cp-?1252|us-ascii|ascii)$/i;

/**
 * The encoding an XML declaration names, when it is one the import reads differently from its detection:
 * Latin-1 and Windows-1252 (read as Windows-1252, its superset). UTF-8 and UTF-16 are detected from the bytes.
 */
export const declaredXmlEncoding = (head: Uint8Array): TEncoding | undefined => {
  const text = new TextDecoder('latin1').decode(head.subarray(0, FILE_SNIFF_BYTES));
  const m = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?\s*<\?xml\s[^?]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
    text,
  );
  return m && LATIN_ENCODINGS.test(m[1] as string) ? 'windows-1252' : undefined;
};

export interface TOpenXmlFeedOptions {
  /** Skip detection (the declaration and the bytes). */
  encoding?: TEncoding;
}

/**
 * Opens a Google product feed in XML (RSS 2.0 or Atom 1.0): reads up to its first item, so that a document
 * that is no such feed (another root element, no item, no g: attribute) or is malformed there is known as the
 * file's `problem`; then its items are pulled as rows. Malformed XML met later ends the rows with a
 * FeedFileError (the import fails: nothing is removed on the strength of a file read halfway).
 */
export const openXmlFeed = async (
  bytes: TByteSource,
  options: TOpenXmlFeedOptions = {},
): Promise<TCsvFile> => {
  const { head, bytes: all } = await peekBytes(bytes, FILE_SNIFF_BYTES);
  let encoding: TEncoding = options.encoding ?? 'utf-8';
  const text = decode(all, {
    encoding: options.encoding ?? declaredXmlEncoding(head),
    onEncoding: (e) => (encoding = e),
  })[Symbol.asyncIterator]();
  const reader = new GoogleFeedReader();
  let pending: TCsvRow[] = [];
  let chunk = '';
  let offset = 0;
  let textDone = false;
  let ended = false;
  /** Parses the next piece of text; false once the text is done. */
  const pull = async (): Promise<boolean> => {
    if (ended) return false;
    if (offset >= chunk.length) {
      const next = textDone ? undefined : await text.next();
      if (!next || next.done) {
        textDone = true;
        ended = true;
        pending.push(...reader.end());
        return true;
      }
      chunk = next.value;
      offset = 0;
    }
    const end = Math.min(chunk.length, offset + PIECE_CHARS);
    const rows = reader.push(offset === 0 && end === chunk.length ? chunk : chunk.slice(offset, end));
    offset = end;
    if (rows.length > 0) pending.push(...rows);
    if (reader.problem !== undefined) ended = true;
    return true;
  };
  // Up to the first item: enough to tell a Google feed.
  while (reader.items === 0 && reader.problem === undefined && reader.error === undefined && (await pull()));
  const problem =
    reader.problem ??
    (reader.items === 0
      ? (reader.error ?? XML_FEED_MSG.noItems)
      : reader.firstItemGoogle
        ? null
        : XML_FEED_MSG.notGoogle);
  if (problem !== null) {
    pending = [];
    ended = true;
    if (!textDone) await text.return?.(undefined);
  }

  // A file with a problem gives no rows (the problem says why): nothing is pending and the text is let go.
  const rowBatches = rowPieces({
    take: () => {
      const batch = pending;
      pending = [];
      return batch;
    },
    pull: () => (problem !== null ? Promise.resolve(false) : pull()),
    check: () => {
      if (problem === null && reader.error !== undefined) throw new FeedFileError(reader.error);
    },
    close: async () => {
      if (!textDone) await text.return?.(undefined);
    },
  });
  const rows = () => rowsOf(rowBatches);

  return {
    format: 'google_xml',
    get encoding() {
      return encoding;
    },
    delimiter: ',',
    problem,
    headers: reader.headers,
    headerRow: 1,
    rows: rows(),
    rowBatches,
  };
};
