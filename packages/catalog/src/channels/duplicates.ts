import type { ChannelItem } from '../model/product';
import { normaliseOfferId } from '../rules/clean';
import type { TIssue } from './types';

// Item ids must be unique in a channel: two items with one id are one item to the channel, and which of them
// it keeps is anybody's guess. Ids compare as the channel sends them (normaliseOfferId: ` SKU-1 ` is `SKU-1`).

const describeItem = (item: ChannelItem): string =>
  item.variantId === undefined
    ? `product ${item.productId}`
    : `variant ${item.variantId} of product ${item.productId}`;

/** The issue of an item whose id another item uses (`other`: that item, when known). */
export const duplicateIdIssue = (channelName: string, id: string, other?: ChannelItem): TIssue => ({
  code: 'duplicate_id',
  severity: 'error',
  attribute: 'id',
  message: `ID "${id}" is also used by ${other ? describeItem(other) : 'another item earlier in this feed'}. ${channelName} needs a unique ID for every product and variant: give each its own ID.`,
  layer: 'source',
});

/** Items grouped by the id they are sent with; only ids used more than once are returned. */
export const duplicateIds = <T extends { item: ChannelItem }>(results: readonly T[]): Map<string, T[]> => {
  const byId = new Map<string, T[]>();
  for (const r of results) {
    const id = normaliseOfferId(r.item.offerId);
    const list = byId.get(id);
    if (list) list.push(r);
    else byId.set(id, [r]);
  }
  for (const [id, list] of byId) if (list.length < 2) byId.delete(id);
  return byId;
};

const EMPTY = 0;

/**
 * The ids written so far in one streaming build, for millions of items in little memory: a 63-bit hash of
 * each id (two independent 32-bit hashes) in an open-addressing table, 8 bytes a slot, growing at 3/4 full.
 * Two different ids share a hash with odds of about n² / 2⁶⁴ (1 in 10 million for 1.6 million items).
 */
export class SeenIds {
  private table = new Uint32Array(2 * 1024);
  private mask = 1023;
  private count = 0;

  /** Records `id`; false when it was already recorded. */
  add(id: string): boolean {
    let h1 = 0x811c9dc5;
    let h2 = 0x9747b28c;
    for (let i = 0; i < id.length; i++) {
      const c = id.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    }
    // murmur3's finaliser: every input bit reaches the low bits the slot is taken from (FNV alone clusters
    // ids that differ in their last characters, and linear probing then walks long runs).
    h1 ^= h1 >>> 16;
    h1 = Math.imul(h1, 0x85ebca6b);
    h1 ^= h1 >>> 13;
    h1 = Math.imul(h1, 0xc2b2ae35);
    h1 = (h1 ^ (h1 >>> 16)) >>> 0;
    h2 = (h2 | 1) >>> 0; // never EMPTY
    const table = this.table;
    let slot = h1 & this.mask;
    for (;;) {
      const k = slot * 2;
      const stored = table[k + 1] as number;
      if (stored === EMPTY) break;
      if (stored === h2 && table[k] === h1) return false;
      slot = (slot + 1) & this.mask;
    }
    table[slot * 2] = h1;
    table[slot * 2 + 1] = h2;
    if (++this.count * 4 > (this.mask + 1) * 3) this.grow();
    return true;
  }

  private grow(): void {
    const old = this.table;
    const size = (this.mask + 1) * 2;
    this.table = new Uint32Array(size * 2);
    this.mask = size - 1;
    for (let k = 0; k < old.length; k += 2) {
      const h2 = old[k + 1] as number;
      if (h2 === EMPTY) continue;
      const h1 = old[k] as number;
      let slot = h1 & this.mask;
      while (this.table[slot * 2 + 1] !== EMPTY) slot = (slot + 1) & this.mask;
      this.table[slot * 2] = h1;
      this.table[slot * 2 + 1] = h2;
    }
  }
}
