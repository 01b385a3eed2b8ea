import type { TCompiledChannel, TCompiledRow } from '../channels/engine';
import { isPresent, readValue, spellEnum } from '../channels/engine';
import { GOOGLE, META, MICROSOFT } from '../channels/index';
import type { TResolvedContext } from '../channels/types';
import { formatMoney } from '../model/money';
import type { TMoney } from '../model/money';
import type { ChannelItem } from '../model/product';
import { ByteBuilder, bytesOf } from './bytes';
import { csvCell, escapeXml, plainTsvCell, tsvCell } from './escape';
import { cellText, scalarText } from './values';

// Feed file formats, each generated from a channel table: which attributes exist, their column or element
// names and how their values are written all come from the rows.

export const GOOGLE_NS = 'http://base.google.com/ns/1.0';

export interface TFeedMeta {
  title: string;
  link: string;
  description: string;
}

export type TFeedFormatId = 'google_xml' | 'google_tsv' | 'microsoft_tsv' | 'meta_csv' | 'meta_xml';

export interface TFeedFormat {
  readonly id: TFeedFormatId;
  readonly channel: TCompiledChannel;
  readonly contentType: string;
  readonly extension: string;
  header(meta: TFeedMeta): string;
  /** One item's text. `values` (optional) holds the value of each channel row by index, as validateItem read them. */
  item(item: ChannelItem, ctx: TResolvedContext, values?: readonly unknown[]): string;
  /**
   * The same item written as UTF-8 bytes (formats that have a byte writer; the others use `item`). A `memo`
   * kept for one build lets the variants of a product reuse the bytes of the elements they share.
   */
  writeItem?(
    out: ByteBuilder,
    item: ChannelItem,
    ctx: TResolvedContext,
    values?: readonly unknown[],
    memo?: VariantMemo,
  ): void;
  footer(): string;
}

/**
 * The elements of the last variant written, by row: the next variant of the same product copies the bytes of
 * every element whose value it shares (the same description, links, highlights…) instead of escaping and
 * encoding them again. One per build.
 */
export class VariantMemo {
  productId: string | undefined = undefined;
  readonly values: unknown[] = [];
  readonly segments: (Uint8Array | undefined)[] = [];
}

/** How a row is written in XML: a single element, repeated elements, or nested records. */
const enum XmlKind {
  Single,
  Repeated,
  Record,
}

interface TXmlChild {
  row: TCompiledRow;
  key: string;
  open: Uint8Array;
  close: Uint8Array;
  content: (out: ByteBuilder, v: unknown) => void;
}

interface TXmlRow {
  row: TCompiledRow;
  /** Index of the row in the channel table (where validateItem left its value). */
  index: number;
  kind: XmlKind;
  open: Uint8Array;
  close: Uint8Array;
  content: (out: ByteBuilder, v: unknown) => void;
  /** Whole elements prepared for the few values an enumeration or a yes/no can take. */
  whole: ReadonlyMap<unknown, Uint8Array> | undefined;
  children: TXmlChild[];
}

const ISO_CODE_RE = /^[A-Z]{3}$/;

/**
 * Element content of one scalar, specialised per type once per table. Values we produce ourselves (numbers,
 * yes/no, the table's own enum spellings, prices with an ISO code) need no escaping; everything that comes
 * from the merchant is escaped.
 */
const xmlContent = (row: TCompiledRow): ((out: ByteBuilder, v: unknown) => void) => {
  switch (row.type) {
    case 'boolean':
    case 'integer':
    case 'number':
      return (out, v) => out.plain(scalarText(row, v));
    case 'price':
      return (out, v) => {
        const m = v as TMoney;
        if (ISO_CODE_RE.test(m.currency)) out.plain(formatMoney(m));
        else out.xmlText(formatMoney(m));
      };
    case 'enum':
      return (out, v) => out.xmlText(typeof v === 'string' ? (spellEnum(row, v) ?? v) : String(v));
    default:
      return (out, v) => out.xmlText(typeof v === 'string' ? v : scalarText(row, v));
  }
};

/** Every spelling an enum row understands (and true/false for a boolean), mapped to its whole element. */
const wholeElements = (
  row: TCompiledRow,
  open: string,
  close: string,
): ReadonlyMap<unknown, Uint8Array> | undefined => {
  if (row.repeated) return undefined;
  if (row.type === 'boolean')
    return new Map<unknown, Uint8Array>([
      [true, bytesOf(`${open}yes${close}`)],
      [false, bytesOf(`${open}no${close}`)],
    ]);
  if (row.type !== 'enum' || !row.enumMap) return undefined;
  const map = new Map<unknown, Uint8Array>();
  for (const [spelling, value] of row.enumMap) map.set(spelling, bytesOf(open + escapeXml(value) + close));
  return map;
};

const ITEM_OPEN = bytesOf('<item>\n');
const ITEM_CLOSE = bytesOf('</item>\n');

/** RSS 2.0 with the Google namespace: every attribute a `g:` element, repeated values repeated, records nested. */
export const rssFormat = (id: TFeedFormatId, channel: TCompiledChannel): TFeedFormat => {
  const rows: TXmlRow[] = channel.rows.flatMap((row, index): TXmlRow[] => {
    if (!row.feed) return [];
    const record = row.type === 'record';
    const open = `  <g:${row.feed}>`;
    const close = `</g:${row.feed}>\n`;
    return [
      {
        row,
        index,
        kind: record ? XmlKind.Record : row.repeated ? XmlKind.Repeated : XmlKind.Single,
        open: bytesOf(record ? `${open}\n` : open),
        close: bytesOf(record ? `  ${close}` : close),
        content: xmlContent(row),
        whole: wholeElements(row, open, close),
        children: (row.children ?? [])
          .filter((c) => c.feed)
          .map((c) => ({
            row: c,
            key: c.key ?? c.attribute,
            open: bytesOf(`    <g:${c.feed}>`),
            close: bytesOf(`</g:${c.feed}>\n`),
            content: xmlContent(c),
          })),
      },
    ];
  });

  const writeItem = (
    out: ByteBuilder,
    item: ChannelItem,
    ctx: TResolvedContext,
    values?: readonly unknown[],
    memo?: VariantMemo,
  ): void => {
    // Only variants share values with the items next to them; remember theirs, reuse for the same product.
    const remember = memo !== undefined && item.variantId !== undefined;
    const reuse = remember && memo.productId === item.productId;
    if (memo && !reuse) {
      memo.productId = remember ? item.productId : undefined;
      memo.segments.length = 0;
    }
    out.raw(ITEM_OPEN);
    for (let k = 0; k < rows.length; k++) {
      const x = rows[k] as TXmlRow;
      const v = values ? values[x.index] : readValue(x.row, item, ctx);
      if (v === undefined || v === null || v === '') continue;
      if (x.kind === XmlKind.Single) {
        const whole = x.whole?.get(v);
        if (whole) {
          out.raw(whole);
          continue;
        }
      }
      if (reuse && memo.values[k] === v) {
        const segment = memo.segments[k];
        if (segment) {
          out.raw(segment);
          continue;
        }
      }
      const mark = remember ? out.mark() : 0;
      writeElements(out, x, v);
      if (remember) {
        memo.values[k] = v;
        memo.segments[k] = out.copySince(mark);
      }
    }
    out.raw(ITEM_CLOSE);
  };

  const writeElements = (out: ByteBuilder, x: TXmlRow, v: unknown): void => {
    if (x.kind === XmlKind.Single) {
      out.raw(x.open);
      x.content(out, v);
      out.raw(x.close);
      return;
    }
    const list = Array.isArray(v) ? (v as readonly unknown[]) : [v];
    for (const one of list) {
      if (!isPresent(one)) continue;
      out.raw(x.open);
      if (x.kind === XmlKind.Repeated) x.content(out, one);
      else {
        for (const c of x.children) {
          const cv = (one as Record<string, unknown>)[c.key];
          if (!isPresent(cv)) continue;
          out.raw(c.open);
          c.content(out, cv);
          out.raw(c.close);
        }
      }
      out.raw(x.close);
    }
  };

  return {
    id,
    channel,
    contentType: 'application/rss+xml; charset=utf-8',
    extension: 'xml',
    header: (meta) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss xmlns:g="${GOOGLE_NS}" version="2.0">\n<channel>\n` +
      `<title>${escapeXml(meta.title)}</title>\n<link>${escapeXml(meta.link)}</link>\n` +
      `<description>${escapeXml(meta.description)}</description>\n`,
    item(item, ctx, values) {
      const out = new ByteBuilder(4096);
      writeItem(out, item, ctx, values);
      return out.take().toString('utf8');
    },
    writeItem,
    footer: () => '</channel>\n</rss>\n',
  };
};

/** A record column's header: its name, with its slots when the row names them (`shipping(country:…)`). */
export const columnHeader = (row: TCompiledRow): string =>
  row.textHeader && row.textSlots
    ? `${row.feed}(${row.textSlots.map((s) => (typeof s === 'string' ? s : s.join('|'))).join(':')})`
    : (row.feed as string);

/**
 * Delimited text: a header row of attribute names, one item per line, RFC 4180 quoting (or, with `quoting:
 * 'never'`, no quotes at all: tabs and line breaks in values become spaces). Lists are comma-joined and
 * records use their positional `a:b:c` form (parts quoted when they contain a separator).
 */
export const delimitedFormat = (
  id: TFeedFormatId,
  channel: TCompiledChannel,
  delimiter: '\t' | ',',
  columns?: readonly string[],
  quoting: 'rfc4180' | 'never' = 'rfc4180',
): TFeedFormat => {
  const all = channel.rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.feed && (row.type !== 'record' || row.textSlots));
  const rows = columns
    ? columns.map((c) => {
        const found = all.find((x) => x.row.feed === c);
        if (!found) throw new Error(`${channel.name} has no feed column ${c}`);
        return found;
      })
    : all;
  const cell = quoting === 'never' ? plainTsvCell : delimiter === '\t' ? tsvCell : csvCell;
  return {
    id,
    channel,
    contentType: delimiter === '\t' ? 'text/tab-separated-values; charset=utf-8' : 'text/csv; charset=utf-8',
    extension: delimiter === '\t' ? 'txt' : 'csv',
    header: () => `${rows.map((x) => columnHeader(x.row)).join(delimiter)}\n`,
    item(item, ctx, values) {
      let s = '';
      for (let i = 0; i < rows.length; i++) {
        const { row, index } = rows[i] as { row: TCompiledRow; index: number };
        if (i > 0) s += delimiter;
        const v = values ? values[index] : readValue(row, item, ctx);
        if (isPresent(v)) s += cell(cellText(row, v));
      }
      return `${s}\n`;
    },
    footer: () => '',
  };
};

export const FEED_FORMATS: Readonly<Record<TFeedFormatId, TFeedFormat>> = {
  google_xml: rssFormat('google_xml', GOOGLE),
  google_tsv: delimitedFormat('google_tsv', GOOGLE, '\t'),
  microsoft_tsv: delimitedFormat('microsoft_tsv', MICROSOFT, '\t', undefined, 'never'),
  meta_csv: delimitedFormat('meta_csv', META, ','),
  meta_xml: rssFormat('meta_xml', META),
};
