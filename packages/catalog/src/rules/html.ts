// HTML in product text. Microsoft and Meta take plain text only; Google takes plain text or a few plain tags
// (reference: the description page lists strong, em, ul, ol, li, br, sub, sup, div, span, dl, dt, dd; no
// attributes, no unsafe tags). The import turns shop HTML into text with htmlToText; the channel tables use
// the same functions to clean what reaches a feed, so the validator judges exactly what the writer sends.

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  deg: '°',
  euro: '€',
  pound: '£',
  copy: '©',
  reg: '®',
  trade: '™',
  times: '×',
};
const HTML_TEST = /[<&]/;
const BLOCK_END_RE = /<\s*(?:br\s*\/?|\/p|\/div|\/h[1-6]|\/tr|\/ul|\/ol|\/table)\s*>/gi;
const LIST_ITEM_RE = /<\s*li\b[^>]*>/gi;
const DROP_RE = /<\s*(script|style)\b[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi;
const TAG_RE = /<[^>]*>/g;
const ENTITY_RE = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi;
const SPACES_RE = /[ \t\u00a0]+/g;
const LIST_GAP_RE = /\n{2,}(?=- )/g;
const BLANK_LINES_RE = /\n\s*\n\s*(?:\n\s*)+/g;

const entity = (whole: string, name: string): string => {
  if (name[0] === '#') {
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  }
  return ENTITIES[name.toLowerCase()] ?? whole;
};

/**
 * Plain text of an HTML description (Shopify's Body (HTML), WooCommerce's Description): channels want text, not
 * markup. Block ends become line breaks, list items a leading dash, entities their characters.
 */
export const htmlToText = (html: string): string => {
  if (!HTML_TEST.test(html)) return html;
  if (!html.includes('<')) return html.replace(ENTITY_RE, entity);
  return html
    .replace(DROP_RE, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n/g, ' ')
    .replace(BLOCK_END_RE, '\n')
    .replace(LIST_ITEM_RE, '\n- ')
    .replace(TAG_RE, '')
    .replace(ENTITY_RE, entity)
    .replace(SPACES_RE, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(BLANK_LINES_RE, '\n\n')
    .replace(LIST_GAP_RE, '\n')
    .trim();
};

const MARKUP_RE = /<\s*\/?\s*[a-z!][^>]*>|&(?:#x[0-9a-f]+|#\d+|[a-z]+);/i;

/** Does the text hold HTML tags or entities? */
export const hasHtml = (s: string): boolean => HTML_TEST.test(s) && MARKUP_RE.test(s);

/** Tags Google accepts in a description, written without attributes. */
const GOOGLE_TAGS: ReadonlySet<string> = new Set(
  'strong em ul ol li br sub sup div span dl dt dd'.split(' '),
);
/** Closing these (not allowed) ends a line: they become a `<br>`. */
const GOOGLE_BREAKS: ReadonlySet<string> = new Set('p h1 h2 h3 h4 h5 h6 tr table'.split(' '));
const DROPPED_CONTENT: ReadonlySet<string> = new Set(['script', 'style']);

const isNameChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);

/**
 * A description as Google accepts it: its allowed tags kept (their attributes dropped), script and style
 * dropped with their content, comments dropped, other tags removed (a closed paragraph, heading or table row
 * becomes a line break). Text without tags comes back unchanged (the same string). One pass from `<` to `<`:
 * this runs on every description of every feed.
 */
export const googleHtml = (html: string): string => {
  let lt = html.indexOf('<');
  if (lt < 0) return html;
  let out = '';
  let from = 0;
  let changed = false;
  while (lt >= 0) {
    let i = lt + 1;
    if (html.charCodeAt(i) === 33) {
      // <!-- comment --> or <!doctype …>: dropped
      const end = html.startsWith('<!--', lt) ? html.indexOf('-->', lt + 4) : html.indexOf('>', i);
      const stop = end < 0 ? html.length : end + (html.startsWith('<!--', lt) ? 3 : 1);
      out += html.slice(from, lt);
      from = stop;
      changed = true;
      lt = html.indexOf('<', stop);
      continue;
    }
    while (html.charCodeAt(i) === 32) i++;
    const closing = html.charCodeAt(i) === 47;
    if (closing) i++;
    const nameStart = i;
    while (isNameChar(html.charCodeAt(i))) i++;
    const gt = html.indexOf('>', i);
    const first = html.charCodeAt(nameStart);
    // Not a tag (`2 < 3`, `<3`, no closing `>`): plain text, kept.
    if (i === nameStart || gt < 0 || !((first >= 97 && first <= 122) || (first >= 65 && first <= 90))) {
      lt = html.indexOf('<', lt + 1);
      continue;
    }
    const name = html.slice(nameStart, i).toLowerCase();
    let stop = gt + 1;
    let replacement = '';
    if (GOOGLE_TAGS.has(name)) replacement = name === 'br' ? '<br>' : closing ? `</${name}>` : `<${name}>`;
    else if (closing && GOOGLE_BREAKS.has(name)) replacement = '<br>';
    else if (!closing && DROPPED_CONTENT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, gt);
      const endGt = end < 0 ? -1 : html.indexOf('>', end);
      stop = endGt < 0 ? html.length : endGt + 1;
    }
    if (replacement !== html.slice(lt, stop)) {
      out += html.slice(from, lt) + replacement;
      from = stop;
      changed = true;
    }
    lt = html.indexOf('<', stop);
  }
  if (!changed) return html;
  return (out + html.slice(from)).trim();
};
