// Text hygiene for feed files: characters no feed should carry are stripped, XML special characters become
// entities, and delimited cells are quoted the RFC 4180 way (a `"` doubled inside quotes).

// C0 controls except tab, LF and CR; DEL and C1 controls; the non-characters U+FFFE/U+FFFF; lone surrogates.
const STRIP_RE =
  // eslint-disable-next-line no-control-regex
  /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex
const STRIP_TEST = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF\uD800-\uDFFF]/;

/** Removes control characters (keeping tab and line breaks), non-characters and unpaired surrogates. */
export const stripControl = (s: string): string => (STRIP_TEST.test(s) ? s.replace(STRIP_RE, '') : s);

// eslint-disable-next-line no-control-regex
const XML_TEST = /[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF\uD800-\uDFFF]/;

// eslint-disable-next-line no-control-regex
const XML_SPECIAL_G = /[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF\uD800-\uDFFF]/g;
const XML_ENTITY: Readonly<Record<number, string>> = { 38: '&amp;', 60: '&lt;', 62: '&gt;', 13: '&#13;' };

/**
 * Text content of an XML element. `\r` is written as a character reference so a parser gives it back
 * instead of normalising it into `\n`; control characters, non-characters and unpaired surrogates are
 * dropped. Most values need nothing: one native scan, no copy.
 */
export const escapeXml = (s: string): string => {
  if (!XML_TEST.test(s)) return s;
  const re = XML_SPECIAL_G;
  re.lastIndex = 0;
  let out = '';
  let from = 0;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    const i = m.index;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      re.lastIndex = i + 2; // a valid surrogate pair stays
      continue;
    }
    out += s.slice(from, i) + (XML_ENTITY[c] ?? '');
    from = i + 1;
  }
  return from === 0 ? s : out + s.slice(from);
};

/** An attribute value in double quotes. */
export const escapeXmlAttribute = (s: string): string => escapeXml(s).replace(/"/g, '&quot;');

const quoteCell = (s: string): string => `"${s.replace(/"/g, '""')}"`;

const TSV_QUOTE = /[\t\n\r"]/;
/** Meta's CSV guidance: quote fields that contain whitespace or commas. */
const CSV_QUOTE = /[\s,"]/;

export const tsvCell = (s: string): string => {
  const clean = stripControl(s);
  return TSV_QUOTE.test(clean) ? quoteCell(clean) : clean;
};

const LINE_BREAKS_AND_TABS = /\s*[\t\r\n]\s*/g;

/**
 * A cell of Microsoft's feed file: one item per line and values never enclosed in quotes (Microsoft's feed
 * file rules), so tabs and line breaks inside a value become a space and quotes are plain characters.
 */
export const plainTsvCell = (s: string): string => {
  const clean = stripControl(s);
  return TSV_QUOTE.test(clean) ? clean.replace(LINE_BREAKS_AND_TABS, ' ') : clean;
};

export const csvCell = (s: string): string => {
  const clean = stripControl(s);
  return CSV_QUOTE.test(clean) ? quoteCell(clean) : clean;
};

/**
 * One part of a composite value inside a cell (`a,b` lists, `a:b:c` sub-attributes): wrapped in double quotes
 * when it contains a separator or a quote, quotes doubled (Google's product_detail convention).
 */
export const compositePart = (s: string, separators: RegExp): string =>
  separators.test(s) || s.includes('"') ? quoteCell(s) : s;

/** Splits on `separator` outside double quotes, keeping each part's quotes (for nested composites). */
export const splitRaw = (text: string, separator: ',' | ':'): string[] => {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
};

/** Removes the quoting of `compositePart`. */
export const unquotePart = (part: string): string =>
  part.length >= 2 && part.startsWith('"') && part.endsWith('"')
    ? part.slice(1, -1).replace(/""/g, '"')
    : part;

/**
 * Splits a composite value on `separator`, honouring the quoting of `compositePart`: the inverse of joining
 * quoted parts. Used by imports of Google-format files and by round-trip tests.
 */
export const splitComposite = (text: string, separator: ',' | ':'): string[] =>
  splitRaw(text, separator).map(unquotePart);
