// CSV URL downloads through undici: http(s) only, never to loopback, private or link-local addresses unless
// IMPORT_ALLOW_PRIVATE_URLS (checked on the address actually connected to, redirects included, so DNS cannot
// sneak one in), a timeout and the 20 MB cap; the bytes go straight into a kept file.
import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { CSV_MAX_BYTES } from '@feedloom/validation';
import { Agent, fetch } from 'undici';
import type { TDb } from '../../db/client';
import { DATA_SOURCE_API_MSG as M } from './messages';
import { FileTooLargeError, keepFile } from './storage';

/** A download that did not give a file, with the sentence the merchant sees. */
export class FetchFailure extends Error {
  override readonly name = 'FetchFailure';
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

export const isPrivateAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    return mapped ? blocked.check(mapped[1]!, 'ipv4') : blocked.check(address, 'ipv6');
  }
  return true;
};

const PRIVATE_CODE = 'EPRIVATEADDRESS';

/** DNS lookup that refuses private answers (undici connects to what this returns). */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as unknown as { address: string; family: number }[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0) {
      const e = Object.assign(new Error(M.fetchFailed.privateAddress), { code: PRIVATE_CODE });
      return callback(e, '', 0);
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

let guardedAgent: Agent | undefined;
let openAgent: Agent | undefined;
const agentFor = (allowPrivate: boolean) =>
  allowPrivate
    ? (openAgent ??= new Agent({ connect: { timeout: 10_000 } }))
    : (guardedAgent ??= new Agent({ connect: { timeout: 10_000, lookup: guardedLookup } }));

const causeCode = (err: unknown): string | undefined => {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

const fileNameOf = (url: URL) => {
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).at(-1) ?? '').slice(0, 200);
  return last || `${url.hostname}.csv`;
};

export const fetchCsv = async (
  db: TDb,
  opts: { shop_id: string; url: string; timeoutMs: number; allowPrivate: boolean; maxBytes?: number },
): Promise<{ id: string; size: number; file_name: string }> => {
  let url: URL;
  try {
    url = new URL(opts.url);
  } catch {
    throw new FetchFailure(M.fetchFailed.scheme);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchFailure(M.fetchFailed.scheme);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!opts.allowPrivate && isIP(literal) && isPrivateAddress(literal)) {
    throw new FetchFailure(M.fetchFailed.privateAddress);
  }
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const maxBytes = opts.maxBytes ?? CSV_MAX_BYTES;
  try {
    const res = await fetch(url, { dispatcher: agentFor(opts.allowPrivate), signal, redirect: 'follow' });
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      throw new FetchFailure(M.fetchFailed.status(res.status));
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await res.body.cancel().catch(() => undefined);
      throw new FetchFailure(M.fetchFailed.tooLarge);
    }
    const file_name = fileNameOf(new URL(res.url || url.toString()));
    const kept = await keepFile(
      db,
      { shop_id: opts.shop_id, file_name, content_type: res.headers.get('content-type') },
      res.body,
      maxBytes,
    );
    return { ...kept, file_name };
  } catch (err) {
    if (err instanceof FetchFailure) throw err;
    if (err instanceof FileTooLargeError) throw new FetchFailure(M.fetchFailed.tooLarge);
    if (signal.aborted) throw new FetchFailure(M.fetchFailed.timeout);
    const code = causeCode(err);
    if (code === PRIVATE_CODE) throw new FetchFailure(M.fetchFailed.privateAddress);
    throw new FetchFailure(M.fetchFailed.network(code ?? (err as Error).message));
  }
};
