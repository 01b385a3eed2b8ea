// Bytes to text for CSV imports: UTF-8 (with or without BOM), UTF-16 LE/BE (BOM or NUL pattern) and
// Windows-1252, the encoding Excel on Windows still writes "CSV" in. Streaming: the input is any (async)
// iterable of byte chunks, the output one string per chunk; nothing is held beyond a few bytes.

export const IMPORT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type TEncoding = (typeof IMPORT_ENCODINGS)[number];

export type TByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface TSniffedEncoding {
  /** Known from a byte order mark or NUL pattern; undefined: UTF-8 or Windows-1252, decided on the first non-ASCII byte. */
  encoding: TEncoding | undefined;
  /** Bytes of the byte order mark to skip. */
  bom: number;
}

/** How many leading bytes the NUL-pattern check looks at. */
const SNIFF_BYTES = 1024;

/**
 * The encoding a byte order mark or the NUL pattern of UTF-16 text shows. Text that is mostly ASCII has a NUL
 * in every other byte in UTF-16: in odd positions for little endian, in even positions for big endian.
 */
export const sniffEncoding = (head: Uint8Array): TSniffedEncoding => {
  const [b0, b1, b2] = head;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (b0 === 0xff && b1 === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (b0 === 0xfe && b1 === 0xff) return { encoding: 'utf-16be', bom: 2 };
  const n = Math.min(head.length, SNIFF_BYTES) & ~1;
  if (n < 2) return { encoding: undefined, bom: 0 };
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (head[i] === 0) evenNul++;
    if (head[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul >= pairs * 0.3 && evenNul <= pairs * 0.05) return { encoding: 'utf-16le', bom: 0 };
  if (evenNul >= pairs * 0.3 && oddNul <= pairs * 0.05) return { encoding: 'utf-16be', bom: 0 };
  return { encoding: undefined, bom: 0 };
};

// Windows-1252 bytes 0x80–0x9F (WHATWG index; the five unassigned bytes map to the same C1 code point).
// Node 20.18.3+ decodes 'windows-1252' as Latin-1 (nodejs/node#60888), which turns € into U+0080 and curly
// quotes into controls; these 32 characters are corrected after decoding, which is a no-op on a fixed Node.
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
const C1_RE = /[\x80-\x9f]/g;
const C1_TEST = /[\x80-\x9f]/;
const fixC1 = (c: string): string => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c;

type TDecoder = InstanceType<typeof TextDecoder>;

const latin1 = new TextDecoder('windows-1252');
/**
 * For chunks known to be ASCII (the same text in every candidate encoding): Node's one-shot UTF-8 decoding
 * has a vectorised ASCII path, about twice as fast as its Windows-1252 decoding and its streaming UTF-8.
 */
const asciiDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Decodes Windows-1252 bytes (stateless: every byte is one character). */
export const decodeWindows1252 = (bytes: Uint8Array): string => {
  const s = latin1.decode(bytes);
  return C1_TEST.test(s) ? s.replace(C1_RE, fixC1) : s;
};

/** The index of the first byte >= 0x80, or -1: four bytes at a time over the aligned middle. */
const firstNonAscii = (bytes: Uint8Array): number => {
  const n = bytes.length;
  let i = 0;
  const head = Math.min(n, (4 - (bytes.byteOffset & 3)) & 3);
  for (; i < head; i++) if ((bytes[i] as number) >= 0x80) return i;
  const words = (n - i) >> 2;
  if (words > 0) {
    const w = new Uint32Array(bytes.buffer, bytes.byteOffset + i, words);
    let j = 0;
    while (j < words && ((w[j] as number) & 0x80808080) === 0) j++;
    i += j * 4;
  }
  for (; i < n; i++) if ((bytes[i] as number) >= 0x80) return i;
  return -1;
};

/** True when `bytes` (possibly ending inside a character) is valid UTF-8. */
const isUtf8 = (bytes: Uint8Array): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
};

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
};

export interface TDecodeOptions {
  /** Skip detection and decode as this (a BOM of the same encoding is still skipped). */
  encoding?: TEncoding;
  /** Called once the encoding is known (for an all-ASCII file: 'utf-8' at the end). */
  onEncoding?: (encoding: TEncoding) => void;
}

/**
 * Decodes a byte stream to text. The encoding comes from a byte order mark, the UTF-16 NUL pattern, or — for
 * everything else — the first non-ASCII bytes: valid UTF-8 means UTF-8, anything else Windows-1252. Until a
 * non-ASCII byte shows up both read the same, so nothing has to be decoded twice. A BOM is not part of the text.
 */
export async function* decode(bytes: TByteSource, options: TDecodeOptions = {}): AsyncGenerator<string> {
  let head: Uint8Array = new Uint8Array(0);
  const it = (Symbol.asyncIterator in bytes ? bytes : toAsync(bytes))[Symbol.asyncIterator]();
  let done = false;
  // Enough bytes for the BOM and the NUL pattern.
  while (head.length < SNIFF_BYTES) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    head = head.length === 0 ? next.value : concat(head, next.value);
  }
  const sniffed = sniffEncoding(head);
  let encoding: TEncoding | undefined = options.encoding ?? sniffed.encoding;
  let skip = sniffed.bom;
  if (options.encoding && sniffed.encoding !== options.encoding) skip = 0;
  if (encoding) options.onEncoding?.(encoding);

  let decoder: TDecoder | undefined =
    encoding && encoding !== 'windows-1252' ? new TextDecoder(encoding, { ignoreBOM: true }) : undefined;
  /** Bytes of an undecided chunk whose first non-ASCII byte is too close to its end to judge. */
  let held: Uint8Array | undefined;

  const decideAndDecode = (chunk: Uint8Array, isLast: boolean): string | undefined => {
    if (encoding === 'windows-1252') return decodeWindows1252(chunk);
    if (decoder) return decoder.decode(chunk, { stream: !isLast });
    const k = firstNonAscii(chunk);
    if (k < 0) return asciiDecoder.decode(chunk); // ASCII: the same in both candidates
    if (!isLast && chunk.length - k < 4) {
      held = chunk; // judge it with the next chunk
      return undefined;
    }
    if (isUtf8(chunk.subarray(k))) {
      encoding = 'utf-8';
      decoder = new TextDecoder('utf-8', { ignoreBOM: true });
      options.onEncoding?.(encoding);
      return decoder.decode(chunk, { stream: !isLast });
    }
    encoding = 'windows-1252';
    options.onEncoding?.(encoding);
    return decodeWindows1252(chunk);
  };

  let chunk: Uint8Array | undefined = skip > 0 ? head.subarray(skip) : head;
  for (;;) {
    let next: IteratorResult<Uint8Array> | undefined;
    if (!done) {
      next = await it.next();
      if (next.done) done = true;
    }
    if (chunk && held) {
      chunk = concat(held, chunk);
      held = undefined;
    }
    if (chunk) {
      const text = decideAndDecode(chunk, done);
      if (text) yield text;
    }
    if (done) break;
    chunk = next && !next.done ? next.value : undefined;
  }
  if (held) {
    const last: Uint8Array = held;
    const text = decideAndDecode(last, true);
    if (text) yield text;
  }
  if (!encoding) options.onEncoding?.('utf-8');
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

/**
 * The first bytes of a stream (at least `n` unless it is shorter; copied, so no chunk is kept alive) and the
 * whole stream again, those bytes included: for looking at a file before choosing its reader.
 */
export const peekBytes = async (
  bytes: TByteSource,
  n: number,
): Promise<{ head: Uint8Array; bytes: AsyncIterable<Uint8Array> }> => {
  const it = (Symbol.asyncIterator in bytes ? bytes : toAsync(bytes))[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    size += next.value.length;
  }
  const head = new Uint8Array(Math.min(size, n));
  let at = 0;
  for (const chunk of seen) {
    if (at >= head.length) break;
    const part = chunk.subarray(0, head.length - at);
    head.set(part, at);
    at += part.length;
  }
  async function* replay(): AsyncGenerator<Uint8Array> {
    try {
      while (seen.length > 0) yield seen.shift() as Uint8Array;
      if (done) return;
      for (;;) {
        const next = await it.next();
        if (next.done) {
          done = true;
          return;
        }
        yield next.value;
      }
    } finally {
      if (!done) await it.return?.(undefined);
    }
  }
  return { head, bytes: replay() };
};
