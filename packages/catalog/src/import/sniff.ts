import { sniffEncoding } from './encoding';

// What a file is, from its first bytes, when it is not a CSV: a workbook saved as .csv, a web page a feed URL
// answers with (a sign-in page, an error page), an XML feed, a compressed file. The import fails with this
// sentence instead of reading the bytes as text and finding no products. A data source reads an XML feed as
// a Google product feed (xml.ts); only a file that must be a CSV (a customisation CSV) refuses it.

export const FILE_TYPE_MSG = {
  zip: 'This file is a spreadsheet or archive (XLSX, ODS or ZIP), not a CSV. Save it as "CSV (comma-separated)" and import that.',
  xls: 'This file is an Excel workbook (XLS), not a CSV. Save it as "CSV (comma-separated)" and import that.',
  pdf: 'This file is a PDF, not a CSV.',
  gzip: 'This file is compressed (gzip), not a CSV. Import the CSV inside it.',
  image: (kind: string) =>
    `This file is an image (${kind}), not a CSV. Export your products as CSV and import that.`,
  html: 'This file is a web page (HTML), not a CSV. If it comes from a URL, check that the URL gives the file itself and does not need a sign-in.',
  xml: 'This file is XML (an RSS or Atom feed?), not a CSV. Export your products as CSV and import that.',
} as const;

/** Bytes the check looks at. */
export const FILE_SNIFF_BYTES = 512;

const startsWith = (head: Uint8Array, signature: readonly number[]): boolean =>
  head.length >= signature.length && signature.every((b, i) => head[i] === b);

/** First bytes of the image formats a product photo is saved in. */
const IMAGE_SIGNATURES: readonly (readonly [string, readonly number[]])[] = [
  ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['JPEG', [0xff, 0xd8, 0xff]],
  ['GIF', [0x47, 0x49, 0x46, 0x38]],
  ['TIFF', [0x49, 0x49, 0x2a, 0x00]],
  ['TIFF', [0x4d, 0x4d, 0x00, 0x2a]],
];

const MARKUP_RE = /^\s*<(?:(!doctype\s+html|html|head|body)\b|(\?xml|rss|feed)\b)/i;

/**
 * Whether the first bytes are an XML document that is no web page (an RSS or Atom feed, or other XML), in
 * UTF-8, Windows-1252 or UTF-16: a data source reads it as a Google XML feed.
 */
export const isXmlHead = (head: Uint8Array): boolean => {
  const bytes = head.subarray(0, FILE_SNIFF_BYTES);
  const encoding = sniffEncoding(bytes).encoding;
  const text = new TextDecoder(encoding?.startsWith('utf-16') ? encoding : 'utf-8')
    .decode(bytes)
    .replace(/^\uFEFF/, '');
  const markup = MARKUP_RE.exec(text);
  return markup !== null && markup[2] !== undefined;
};

export interface TFileTypeOptions {
  /** XML is read too (a data source takes Google XML feeds); a customisation CSV does not. */
  xml?: boolean;
}

/**
 * Why the file whose first bytes are `head` is not a CSV (a merchant's sentence), or null when it may be one.
 * (A stray NUL in a CSV is its row's problem: the row is rejected, not the file.)
 */
export const fileTypeProblem = (head: Uint8Array, options: TFileTypeOptions = {}): string | null => {
  const bytes = head.subarray(0, FILE_SNIFF_BYTES);
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return FILE_TYPE_MSG.zip;
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return FILE_TYPE_MSG.xls;
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return FILE_TYPE_MSG.pdf;
  if (startsWith(bytes, [0x1f, 0x8b])) return FILE_TYPE_MSG.gzip;
  for (const [kind, signature] of IMAGE_SIGNATURES)
    if (startsWith(bytes, signature)) return FILE_TYPE_MSG.image(kind);
  // Text in UTF-16 has a NUL in every other byte; its markup is not looked for.
  if (sniffEncoding(bytes).encoding?.startsWith('utf-16')) return null;
  if (options.xml && isXmlHead(bytes)) return null;
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const markup = MARKUP_RE.exec(text);
  if (markup) return markup[1] ? FILE_TYPE_MSG.html : FILE_TYPE_MSG.xml;
  return null;
};
