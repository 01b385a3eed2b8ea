// Outbound HTTP to addresses a merchant chooses (CSV URLs today, images later): http(s) only, never to a
// loopback, private, link-local or other special-purpose address. The decision is made on the address the
// socket is opened to, for every hop: redirects are followed here (at most 5, each Location checked again),
// host names are resolved here and the connection goes to the checked address (a second DNS answer cannot
// swap it), and the socket's remote address is checked once more before a byte is sent.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, fetch, type Response } from 'undici';

/** Why an outbound request was not made or gave no answer; `kind` picks the sentence the caller shows. */
export class OutboundError extends Error {
  override readonly name = 'OutboundError';
  constructor(
    readonly kind: 'scheme' | 'private' | 'redirects' | 'network',
    message: string,
  ) {
    super(message);
  }
}

export type TResolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface TOutboundGuard {
  /** Let every address through (IMPORT_ALLOW_PRIVATE_URLS: tests and closed networks). */
  allowPrivate: boolean;
  /** The DNS resolver; tests inject one to play DNS rebinding without a name server. */
  resolve?: TResolve;
  /** A non-public address:port let through anyway (tests: the one 127.0.0.1 fixture server). */
  allowAddress?: (address: string, port: number) => boolean;
}

const systemResolve: TResolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * IPv6 blocks that ipaddr.js files under 'unicast' but that carry an IPv4 address or are reserved for
 * local NAT64: IPv4-compatible (::/96, deprecated) and the local-use NAT64 prefix 64:ff9b:1::/48.
 */
const EXTRA_V6: [ipaddr.IPv6, number][] = [
  [ipaddr.IPv6.parse('::'), 96],
  [ipaddr.IPv6.parse('64:ff9b:1::'), 48],
];

/**
 * True for a globally routable unicast address (ipaddr.js's maintained special-purpose ranges decide;
 * IPv4-mapped IPv6 is judged by its IPv4 address). Anything that is not an IP address is not public.
 */
export const isPublicAddress = (address: string): boolean => {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (EXTRA_V6.some((range) => v6.match(range))) return false;
  }
  return parsed.range() === 'unicast';
};

const PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** The URL parsed, or an OutboundError for anything but an absolute http(s) URL. */
export const parseOutboundUrl = (raw: string | URL, base?: URL): URL => {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundError('scheme', 'Only http and https URLs can be fetched.');
  }
  if (!(url.protocol in PORTS)) throw new OutboundError('scheme', 'Only http and https URLs can be fetched.');
  return url;
};

const portOf = (url: URL) => Number(url.port || PORTS[url.protocol]);
const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

const refuse = () => new OutboundError('private', 'This URL points to a private or local address.');

const allowed = (guard: TOutboundGuard, address: string, port: number) =>
  guard.allowPrivate || isPublicAddress(address) || (guard.allowAddress?.(address, port) ?? false);

/**
 * What can be said of a URL without a network: its scheme, and a host written as an IP address. Used where
 * a URL is saved, so a private address is refused then and not only on the first download.
 */
export const checkOutboundUrl = (raw: string, guard: TOutboundGuard): URL => {
  const url = parseOutboundUrl(raw);
  const host = bareHost(url.hostname);
  if (isIP(host) && !allowed(guard, host, portOf(url))) throw refuse();
  if (!guard.allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) throw refuse();
  return url;
};

/**
 * The address to connect to for a host: the literal itself, or the resolver's answers, all of which must be
 * allowed (one private answer refuses the host, so a round-robin name cannot mix one in).
 */
export const pickAddress = async (
  hostname: string,
  port: number,
  guard: TOutboundGuard,
): Promise<{ address: string; family: number }> => {
  const host = bareHost(hostname);
  const family = isIP(host);
  if (family) {
    if (!allowed(guard, host, port)) throw refuse();
    return { address: host, family };
  }
  const answers = await (guard.resolve ?? systemResolve)(host);
  if (answers.length === 0 || answers.some((a) => !allowed(guard, a.address, port))) throw refuse();
  return answers[0]!;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
export const MAX_REDIRECTS = 5;

export interface TGuardedFetch {
  /**
   * GET `url`, following at most MAX_REDIRECTS redirects, each to an allowed address. Resolves with the
   * final response (any status but a redirect) and its URL; the caller reads or cancels the body.
   */
  (
    url: string,
    opts: { signal?: AbortSignal; headers?: Record<string, string> },
  ): Promise<{
    response: Response;
    url: URL;
  }>;
  /** Drops the connection pool (call when the last body has been read or cancelled). */
  close(): Promise<void>;
}

/** A fetch whose every connection goes through `guard`, on its own connection pool. */
export const createGuardedFetch = (guard: TOutboundGuard, opts: { connectTimeoutMs?: number } = {}) => {
  const base = buildConnector({ timeout: opts.connectTimeoutMs ?? 10_000 });
  const dispatcher = new Agent({
    connect: (options, callback) => {
      const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
      pickAddress(options.hostname, port, guard).then(
        ({ address }) =>
          // `host` keeps the name for TLS's server name; the socket goes to the address checked above.
          base({ ...options, hostname: address }, (err, socket) => {
            if (err) return callback(err, null);
            const remote = socket.remoteAddress;
            if (!remote || !allowed(guard, remote, port)) {
              socket.destroy();
              return callback(refuse(), null);
            }
            return callback(null, socket);
          }),
        (err: Error) => callback(err, null),
      );
    },
  });

  const guarded = (async (raw, { signal, headers }) => {
    let url = parseOutboundUrl(raw);
    for (let hop = 0; ; hop++) {
      // A literal is refused before any socket is opened; names are checked in the connector.
      await pickLiteral(url, guard);
      let response: Response;
      try {
        response = await fetch(url, { dispatcher, signal, headers, redirect: 'manual' });
      } catch (err) {
        throw outboundCause(err) ?? err;
      }
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || !location) return { response, url };
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new OutboundError('redirects', 'Too many redirects.');
      url = parseOutboundUrl(location, url);
    }
  }) as TGuardedFetch;
  guarded.close = () => dispatcher.destroy();
  return guarded;
};

const pickLiteral = async (url: URL, guard: TOutboundGuard) => {
  if (isIP(bareHost(url.hostname))) await pickAddress(url.hostname, portOf(url), guard);
};

/** The OutboundError somewhere in a fetch failure's cause chain (undici wraps connector errors). */
export const outboundCause = (err: unknown): OutboundError | undefined => {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (e instanceof OutboundError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};
