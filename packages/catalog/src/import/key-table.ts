// The import's memory of every id it has seen (duplicate item ids, duplicate product keys, groups already
// emitted): checked across the whole file, so it grows with the file. A Map of strings costs ~100 bytes a key
// on the V8 heap (the string, its copy, the entry), which every major collection walks; this table keeps a
// 64-bit hash and a number per key in typed arrays, ~24 bytes a key that the collector does not trace.
//
// Two different keys with the same 64-bit hash are taken for one. Over a file of n distinct keys the chance
// of that is about n² / 2⁶⁵: 3 in 100 million for a million keys, and the 20 MB file limit holds far fewer.

const EMPTY = 0;

/** Two independent 32-bit hashes of `s`'s UTF-16 code units (multiply-xorshift mixing, as in cyrb53). */
const hashInto = (s: string, out: Int32Array): void => {
  let h1 = 0xdeadbeef ^ s.length;
  let h2 = 0x41c6ce57 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  out[0] = h1;
  out[1] = h2;
};

/** Strings, each with a number from 0 to 2³¹ − 2 (a row number, a flag): set, get, has. */
export class KeyTable {
  private mask: number;
  private hi: Int32Array;
  private lo: Int32Array;
  /** The value + 1 (0: an empty slot). */
  private values: Int32Array;
  private count = 0;
  private readonly hash = new Int32Array(2);

  constructor(capacity = 1024) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.mask = size - 1;
    this.hi = new Int32Array(size);
    this.lo = new Int32Array(size);
    this.values = new Int32Array(size);
  }

  get size(): number {
    return this.count;
  }

  /** The slot holding the key last hashed into `this.hash`, or the empty slot where it would go. */
  private slotOf(h1: number, h2: number): number {
    const { hi, lo, values, mask } = this;
    let i = h1 & mask;
    while (values[i] !== EMPTY && (hi[i] !== h1 || lo[i] !== h2)) i = (i + 1) & mask;
    return i;
  }

  get(key: string): number | undefined {
    hashInto(key, this.hash);
    const v = this.values[this.slotOf(this.hash[0] as number, this.hash[1] as number)] as number;
    return v === EMPTY ? undefined : v - 1;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: number): void {
    hashInto(key, this.hash);
    const h1 = this.hash[0] as number;
    const h2 = this.hash[1] as number;
    let i = this.slotOf(h1, h2);
    if (this.values[i] === EMPTY) {
      if ((this.count + 1) * 2 > this.values.length) {
        this.grow();
        i = this.slotOf(h1, h2);
      }
      this.count++;
      this.hi[i] = h1;
      this.lo[i] = h2;
    }
    this.values[i] = value + 1;
  }

  private grow(): void {
    const { hi, lo, values } = this;
    const size = values.length * 2;
    this.mask = size - 1;
    this.hi = new Int32Array(size);
    this.lo = new Int32Array(size);
    this.values = new Int32Array(size);
    for (let j = 0; j < values.length; j++) {
      if (values[j] === EMPTY) continue;
      const i = this.slotOf(hi[j] as number, lo[j] as number);
      this.hi[i] = hi[j] as number;
      this.lo[i] = lo[j] as number;
      this.values[i] = values[j] as number;
    }
  }
}
