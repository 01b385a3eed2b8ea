import { Readable } from 'node:stream';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { duplicateIdIssue, SeenIds } from '../channels/duplicates';
import type { TItemResult } from '../channels/engine';
import { hasErrors, resolveContext, validateItem, ValidationMemo } from '../channels/engine';
import type { TValidationContext } from '../channels/types';
import type { TProduct } from '../model/product';
import { channelItems } from '../model/product';
import { heldBack } from '../status';
import { normaliseOfferId } from '../rules/clean';
import { ByteBuilder } from './bytes';
import { VariantMemo } from './formats';
import type { TFeedFormat, TFeedMeta } from './formats';

// Streaming feed builds: products go in one at a time (from an array, a generator or an async source), items
// the merchant holds back from the channel (heldBack) are left out, each other item is validated, items with
// errors are left out, the rest are serialised into ~64 KB chunks. The output is
// pulled by the destination stream, so memory stays flat whatever the catalogue size.

export interface TFeedBuild {
  format: TFeedFormat;
  products: Iterable<TProduct> | AsyncIterable<TProduct>;
  context?: TValidationContext;
  meta?: TFeedMeta;
  /** Called with every item's issues, written or not (to record statuses). */
  onItem?: (result: TItemResult) => void;
  /** Validate before writing (default true). Without it every item is written. */
  validate?: boolean;
  /** Characters per chunk handed to the stream (default 64 Ki). */
  chunkSize?: number;
  /** Write the document's header and footer (default true; a shard of a larger feed has neither). */
  frame?: boolean;
  /** Chunks that own their memory, to be transferred to another thread (sharded builds). */
  transferable?: boolean;
}

export interface TFeedStats {
  products: number;
  items: number;
  written: number;
  /** Items left out because they have errors. */
  rejected: number;
  /** Items left out because the merchant holds them back from the channel (heldBack). */
  heldBack: number;
}

export const DEFAULT_META: TFeedMeta = {
  title: 'Products',
  link: 'https://example.com',
  description: 'Product feed',
};

const isSyncIterable = (x: object): x is Iterable<TProduct> => Symbol.iterator in x;

/**
 * The feed as an async sequence of UTF-8 chunks (each ends on an item boundary). `stats` (if given) is filled
 * in as the build goes.
 */
export async function* feedChunks(
  build: TFeedBuild,
  stats: TFeedStats = { products: 0, items: 0, written: 0, rejected: 0, heldBack: 0 },
): AsyncGenerator<Uint8Array> {
  const { format, onItem } = build;
  const channelOf = format.channel.channel;
  const ctx = resolveContext(build.context);
  const validate = build.validate ?? true;
  const size = build.chunkSize ?? 65_536;
  const frame = build.frame ?? true;
  const transferable = build.transferable ?? false;
  // A transferable chunk takes its whole buffer along: size that buffer to one chunk plus room for an item.
  const out = new ByteBuilder(transferable ? size * 2 : Math.max(size * 16, 4096));
  const take = (): Uint8Array => (transferable ? out.takeOwned() : out.take());
  if (frame) out.plain(format.header(build.meta ?? DEFAULT_META));
  const values: unknown[] = new Array<unknown>(format.channel.rows.length);
  const memo = new VariantMemo();
  const validation = new ValidationMemo();
  // Ids written so far: a second item with one of them is left out (a sharded build checks within a shard).
  const seen = new SeenIds();
  const idIndex = format.channel.rows.findIndex((row) => row.attribute === 'id');
  // The shop's defaults (its default condition) fill what a product's layers leave empty.
  const defaults = build.context?.defaults;

  const add = (product: TProduct): void => {
    stats.products++;
    for (const item of channelItems(product, defaults)) {
      stats.items++;
      if (heldBack(channelOf, item.values)) {
        stats.heldBack++;
        continue;
      }
      if (validate) {
        const issues = validateItem(format.channel, item, ctx, values, validation);
        let rejected = issues.length > 0 && hasErrors(issues);
        if (!rejected) {
          // The id row's value is the id as written (readOfferId, already normalised).
          const written = values[idIndex];
          const id = typeof written === 'string' ? written : normaliseOfferId(item.offerId);
          if (!seen.add(id)) {
            issues.push(duplicateIdIssue(format.channel.name, id));
            rejected = true;
          }
        }
        onItem?.({ item, issues });
        if (rejected) {
          stats.rejected++;
          continue;
        }
      }
      if (format.writeItem) format.writeItem(out, item, ctx, validate ? values : undefined, memo);
      else out.plain(format.item(item, ctx, validate ? values : undefined));
      stats.written++;
    }
  };

  if (isSyncIterable(build.products)) {
    for (const product of build.products) {
      add(product);
      if (out.length >= size) yield take();
    }
  } else {
    for await (const product of build.products) {
      add(product);
      if (out.length >= size) yield take();
    }
  }
  if (frame) out.plain(format.footer());
  if (out.length > 0) yield take();
}

/** The feed as a Readable (UTF-8 text), optionally gzip-compressed. */
export const feedReadable = (
  build: TFeedBuild,
  options: { gzip?: boolean } = {},
  stats?: TFeedStats,
): Readable => {
  const text = Readable.from(feedChunks(build, stats), { objectMode: false });
  return options.gzip ? text.pipe(createGzip()) : text;
};

/**
 * Writes the feed to `out`, honouring its backpressure, and resolves with the counts once `out` has flushed.
 * With `gzip` the bytes are gzip-compressed on the way.
 */
export const writeFeed = async (
  out: Writable,
  build: TFeedBuild & { gzip?: boolean },
): Promise<TFeedStats> => {
  const stats: TFeedStats = { products: 0, items: 0, written: 0, rejected: 0, heldBack: 0 };
  const source = Readable.from(feedChunks(build, stats), { objectMode: false });
  if (build.gzip) await pipeline(source, createGzip(), out);
  else await pipeline(source, out);
  return stats;
};

/** Builds the whole feed into one string: for tests and small previews only. */
export const feedToString = async (build: TFeedBuild): Promise<string> => {
  let s = '';
  for await (const chunk of feedChunks(build))
    s += Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
  return s;
};
