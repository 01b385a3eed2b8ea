// Small string helpers shared by validators and writers.

/** Length in Unicode code points: what a merchant counts (an emoji is one character, not two). */
export const charLength = (s: string): number => {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
};

/** Code-point length above a limit? Fast path: UTF-16 length never undercounts. */
export const exceeds = (s: string, max: number): boolean => s.length > max && charLength(s) > max;

const WHITESPACE_RE = /\s/;

/**
 * An absolute http(s) URL: scheme, a host with an inner dot (optionally user info and a port), then a path,
 * query or fragment, and no raw whitespace anywhere. Hand-written, one pass: it runs on every link of every
 * item of every feed.
 */
export const isHttpUrl = (s: string): boolean => {
  const h = s.charCodeAt(0) | 32;
  const t1 = s.charCodeAt(1) | 32;
  const t2 = s.charCodeAt(2) | 32;
  const p = s.charCodeAt(3) | 32;
  if (h !== 104 || t1 !== 116 || t2 !== 116 || p !== 112) return false; // http
  let i = 4;
  if ((s.charCodeAt(4) | 32) === 115) i = 5; // https
  if (s.charCodeAt(i) !== 58 || s.charCodeAt(i + 1) !== 47 || s.charCodeAt(i + 2) !== 47) return false; // ://
  i += 3;
  if (WHITESPACE_RE.test(s)) return false;
  let hostStart = i;
  let colon = -1;
  let end = s.length;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35) {
      end = i;
      break;
    }
    if (c === 64) {
      hostStart = i + 1; // user info before @
      colon = -1;
    } else if (c === 58) colon = i;
  }
  const hostEnd = colon >= 0 ? colon : end;
  if (colon >= 0) {
    if (colon + 1 === end) return false;
    for (let j = colon + 1; j < end; j++) {
      const c = s.charCodeAt(j);
      if (c < 48 || c > 57) return false; // the port is digits
    }
  }
  const dot = s.indexOf('.', hostStart);
  return dot > hostStart && dot < hostEnd - 1 && s.charCodeAt(hostEnd - 1) !== 46;
};

/** The host of an http(s) URL, lower-cased, or undefined. */
export const urlHost = (s: string): string | undefined => {
  const start = s.indexOf('://');
  if (start < 0) return undefined;
  let end = start + 3;
  while (end < s.length) {
    const c = s.charCodeAt(end);
    if (c === 47 || c === 63 || c === 35 || c === 58) break; // / ? # :
    end++;
  }
  const host = s.slice(start + 3, end);
  const at = host.lastIndexOf('@');
  return (at >= 0 ? host.slice(at + 1) : host).toLowerCase();
};

const NON_ASCII_RE = /[^\x20-\x7e]/;
export const isAscii = (s: string): boolean => !NON_ASCII_RE.test(s);

/** Enumeration values compare without case, spaces, hyphens or underscores mattering: `in stock` = `IN_STOCK`. */
export const enumKey = (s: string): string =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
