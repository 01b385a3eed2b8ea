// A byte builder for feed files: tags are copied as prepared bytes and text is escaped and UTF-8 encoded in
// one pass straight into a reused working buffer. Building the XML as JavaScript strings would create a rope
// of a hundred pieces per item that must then be flattened and encoded again, which costs more than the rest
// of a feed build. Finished chunks are copied out, so the working buffer is never shared with a stream.

const encoder = new TextEncoder();

/** Prepared bytes of a fixed piece of markup. */
export const bytesOf = (s: string): Uint8Array => encoder.encode(s);

// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF\uD800-\uDFFF]/;
// eslint-disable-next-line no-control-regex
const SPECIAL_G = /[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF\uD800-\uDFFF]/g;

const AMP = bytesOf('&amp;');
const LT = bytesOf('&lt;');
const GT = bytesOf('&gt;');
const CR = bytesOf('&#13;');

/** Below this length a JavaScript loop beats a regular-expression scan plus a native copy. */
const SHORT = 48;

export class ByteBuilder {
  private buf: Buffer;
  private off = 0;
  /** Start of the bytes not yet taken; everything before it belongs to chunks handed out. */
  private start = 0;
  private readonly capacity: number;

  constructor(capacity = 1024 * 1024) {
    this.capacity = capacity;
    this.buf = Buffer.allocUnsafeSlow(capacity);
  }

  /** Bytes built since the last take. */
  get length(): number {
    return this.off - this.start;
  }

  /** Room for `extra` more bytes: a fresh buffer when the current one is full (the pending bytes move over). */
  private ensure(extra: number): void {
    if (this.off + extra <= this.buf.length) return;
    const pending = this.off - this.start;
    const next = Buffer.allocUnsafeSlow(Math.max(this.capacity, (pending + extra) * 2));
    this.buf.copy(next, 0, this.start, this.off);
    this.buf = next;
    this.start = 0;
    this.off = pending;
  }

  /** Appends prepared bytes (a plain loop for a few bytes, a native copy above that). */
  raw(bytes: Uint8Array): void {
    const n = bytes.length;
    this.ensure(n);
    const buf = this.buf;
    let o = this.off;
    if (n < 10) for (let i = 0; i < n; i++) buf[o++] = bytes[i] as number;
    else {
      buf.set(bytes, o);
      o += n;
    }
    this.off = o;
  }

  /** Appends text as it is (UTF-8): for markup and values that cannot contain special characters. */
  plain(s: string): void {
    this.ensure(s.length * 3);
    this.off += this.buf.write(s, this.off, 'utf8');
  }

  /**
   * Appends XML text content: `&`, `<`, `>` become entities, CR a character reference; control characters,
   * non-characters and unpaired surrogates are dropped (the same rules as escapeXml).
   */
  xmlText(s: string): void {
    const n = s.length;
    this.ensure(n * 6);
    const buf = this.buf;
    if (n <= SHORT) {
      let o = this.off;
      for (let i = 0; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x20 && c < 0x7f) {
          if (c === 38) {
            buf[o++] = 38; // &amp;
            buf[o++] = 97;
            buf[o++] = 109;
            buf[o++] = 112;
            buf[o++] = 59;
          } else if (c === 60 || c === 62) {
            buf[o++] = 38; // &lt; &gt;
            buf[o++] = c === 60 ? 108 : 103;
            buf[o++] = 116;
            buf[o++] = 59;
          } else buf[o++] = c;
        } else {
          // Anything else (line breaks, controls, non-ASCII): finish the rest the careful way.
          this.off = o;
          this.careful(s.slice(i));
          return;
        }
      }
      this.off = o;
      return;
    }
    if (!NEEDS_WORK.test(s)) {
      this.off += buf.write(s, this.off, 'utf8');
      return;
    }
    this.careful(s);
  }

  /**
   * The general path: a native scan finds each character that needs work, the clean runs between them are
   * encoded natively, and the character is escaped, dropped or (a valid surrogate pair) kept.
   */
  private careful(s: string): void {
    const re = SPECIAL_G;
    re.lastIndex = 0;
    let from = 0;
    for (let m = re.exec(s); m !== null; m = re.exec(s)) {
      const i = m.index;
      const c = s.charCodeAt(i);
      let rep: Uint8Array;
      if (c === 38) rep = AMP;
      else if (c === 60) rep = LT;
      else if (c === 62) rep = GT;
      else if (c === 13) rep = CR;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        re.lastIndex = i + 2; // a valid pair: part of the clean run
        continue;
      } else rep = EMPTY; // controls, non-characters, unpaired surrogates
      if (i > from) this.off += this.buf.write(s.slice(from, i), this.off, 'utf8');
      this.raw(rep);
      from = i + 1;
    }
    if (from < s.length) this.off += this.buf.write(from === 0 ? s : s.slice(from), this.off, 'utf8');
  }

  /** A position in the bytes not yet taken (stays valid when the working buffer is replaced). */
  mark(): number {
    return this.off - this.start;
  }

  /** A copy of the bytes written since `mark`. */
  copySince(mark: number): Buffer {
    const out = Buffer.allocUnsafe(this.off - this.start - mark);
    this.buf.copy(out, 0, this.start + mark, this.off);
    return out;
  }

  /**
   * Takes the bytes built since the last take as a chunk that owns its memory (its whole ArrayBuffer, so it
   * can be transferred to another thread) and goes on in a fresh buffer. No copy when nothing was taken before.
   */
  takeOwned(): Uint8Array {
    if (this.start !== 0) {
      const copy = new Uint8Array(this.buf.subarray(this.start, this.off));
      this.start = this.off;
      return copy;
    }
    const out = new Uint8Array(this.buf.buffer, this.buf.byteOffset, this.off);
    this.buf = Buffer.allocUnsafeSlow(this.capacity);
    this.off = 0;
    return out;
  }

  /**
   * Takes the bytes built since the last take, without copying: a view of the working buffer, whose region is
   * never written again (later bytes go after it, then into a fresh buffer). A view shares its memory with
   * other chunks: copy it before transferring it to another thread.
   */
  take(): Buffer {
    const out = this.buf.subarray(this.start, this.off);
    this.start = this.off;
    return out;
  }
}

const EMPTY = new Uint8Array(0);
