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
const ANY_TAG_RE = /<\s*(\/?)\s*([a-z][a-z0-9]*)\b[^>]*>|<![\s\S]*?>/gi;
const GOOGLE_BREAK_RE = /^(?:p|h[1-6]|tr|table)$/;

/**
 * A description as Google accepts it: its allowed tags kept (their attributes dropped), script and style
 * dropped with their content, comments dropped, other tags removed (a closed paragraph, heading or table
 * becomes a line break). Plain text comes back unchanged.
 */
export const googleHtml = (html: string): string => {
  if (!html.includes('<')) return html;
  const out = html.replace(DROP_RE, '').replace(ANY_TAG_RE, (whole, slash: string, name: string) => {
    if (name === undefined) return '';
    const tag = name.toLowerCase();
    if (GOOGLE_TAGS.has(tag)) {
      const clean = tag === 'br' ? '<br>' : `<${slash}${tag}>`;
      return clean;
    }
    return slash && GOOGLE_BREAK_RE.test(tag) ? '<br>' : '';
  });
  return out === html ? html : out.trim();
};
