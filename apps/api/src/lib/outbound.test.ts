// The guarded outbound fetch against real sockets on 127.0.0.1: a redirector that answers every redirect status
// with a Location on a refused address, an "internal" server that must never be reached, and an injected
// resolver for DNS rebinding. Nothing here connects anywhere but 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  createGuardedFetch,
  isPublicAddress,
  MAX_REDIRECTS,
  OutboundError,
  pickAddress,
  type TOutboundGuard,
} from './outbound';

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** Addresses (as URL hosts) of every kind the guard must refuse. */
const REFUSED_HOSTS = [
  '127.0.0.1',
  '127.0.0.2',
  '0.0.0.0',
  '10.1.2.3',
  '172.16.0.1',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '192.0.0.1',
  '192.0.2.1',
  '198.18.0.1',
  '198.51.100.1',
  '203.0.113.1',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
  '2130706433', // 127.0.0.1 as one number
  '0x7f.1', // 127.0.0.1 in hex, short form
  '[::1]',
  '[::]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]', // IPv4-mapped, written in hex
  '[::ffff:a00:1]', // 10.0.0.1 mapped
  '[::7f00:1]', // IPv4-compatible 127.0.0.1
  '[::127.0.0.1]',
  '[64:ff9b::7f00:1]', // NAT64
  '[64:ff9b:1::a00:1]', // local-use NAT64
  '[2002:7f00:1::]', // 6to4 of 127.0.0.1
  '[2001::1]', // Teredo
  '[2001:db8::1]',
  '[fc00::1]',
  '[fd12:3456::1]',
  '[fe80::1]',
  '[fec0::1]',
  '[ff02::1]',
];

describe('isPublicAddress', () => {
  it('refuses every special-purpose range, IPv4 inside IPv6 included', () => {
    for (const host of REFUSED_HOSTS) {
      const address = new URL(`http://${host}/`).hostname;
      expect([host, isPublicAddress(address)]).toEqual([host, false]);
    }
  });

  it('allows globally routable unicast, also when IPv4-mapped', () => {
    for (const address of [
      '8.8.8.8',
      '93.184.216.34',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '[2a00:1450::1]',
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
  });

  it('does not take a name for an address', () => {
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('checkOutboundUrl (where a URL is saved)', () => {
  const guard: TOutboundGuard = { allowPrivate: false };
  it('refuses a private address written in the URL, and localhost', () => {
    for (const host of [...REFUSED_HOSTS, 'localhost', 'feeds.localhost'])
      expect(() => checkOutboundUrl(`http://${host}/feed.csv`, guard), host).toThrow(
        expect.objectContaining({ kind: 'private' }),
      );
  });
  it('refuses other schemes and lets public addresses and names through', () => {
    expect(() => checkOutboundUrl('file:///etc/passwd', guard)).toThrow(
      expect.objectContaining({ kind: 'scheme' }),
    );
    expect(() => checkOutboundUrl('gopher://8.8.8.8/', guard)).toThrow(
      expect.objectContaining({ kind: 'scheme' }),
    );
    expect(checkOutboundUrl('https://8.8.8.8/feed.csv', guard).hostname).toBe('8.8.8.8');
    expect(checkOutboundUrl('https://shop.example.com/feed.csv', guard).hostname).toBe('shop.example.com');
  });
  it('lets everything through when private addresses are allowed', () => {
    expect(checkOutboundUrl('http://127.0.0.1:8080/f.csv', { allowPrivate: true }).port).toBe('8080');
  });
});

describe('pickAddress (the decision, with an injected resolver and no connection)', () => {
  const resolving =
    (...answers: string[][]) =>
    () => {
      let call = 0;
      const resolve = async () =>
        (answers[Math.min(call++, answers.length - 1)] ?? []).map((address) => ({
          address,
          family: address.includes(':') ? 6 : 4,
        }));
      return { resolve, calls: () => call };
    };

  it('connects to the public answer it checked', async () => {
    const { resolve } = resolving(['93.184.216.34'])();
    expect(await pickAddress('shop.example.com', 443, { allowPrivate: false, resolve })).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('refuses a name when any answer is private (round-robin cannot mix one in)', async () => {
    const { resolve } = resolving(['93.184.216.34', '10.0.0.5'])();
    await expect(
      pickAddress('shop.example.com', 443, { allowPrivate: false, resolve }),
    ).rejects.toBeInstanceOf(OutboundError);
  });

  it('decides on each answer: public the first time, private the second (DNS rebinding)', async () => {
    const { resolve, calls } = resolving(['93.184.216.34'], ['127.0.0.1'])();
    const guard = { allowPrivate: false, resolve };
    await expect(pickAddress('rebind.example', 80, guard)).resolves.toMatchObject({
      address: '93.184.216.34',
    });
    await expect(pickAddress('rebind.example', 80, guard)).rejects.toMatchObject({ kind: 'private' });
    expect(calls()).toBe(2);
  });

  it('refuses a name with no answer, and IPv6 answers in the mapped form', async () => {
    await expect(
      pickAddress('none.example', 80, { allowPrivate: false, resolve: async () => [] }),
    ).rejects.toMatchObject({ kind: 'private' });
    await expect(
      pickAddress('v6.example', 80, {
        allowPrivate: false,
        resolve: async () => [{ address: '::ffff:169.254.169.254', family: 6 }],
      }),
    ).rejects.toMatchObject({ kind: 'private' });
  });
});

describe('createGuardedFetch against a local redirector', () => {
  let redirector: Server;
  let internal: Server;
  let port = 0;
  let internalPort = 0;
  /** Requests the internal server received: must stay 0 in every refusal. */
  let internalHits = 0;
  beforeAll(async () => {
    internal = createServer((_req, res) => {
      internalHits++;
      res.end('secret');
    });
    internalPort = await listen(internal);
    redirector = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const to = url.searchParams.get('to');
      const status = Number(url.searchParams.get('status') ?? 302);
      if (url.pathname === '/chain') {
        const left = Number(url.searchParams.get('left'));
        res.writeHead(302, { location: left > 0 ? `/chain?left=${left - 1}` : '/file.csv' });
        return res.end();
      }
      if (url.pathname === '/redirect' && to) {
        // Each redirect closes its connection, so the next hop opens (and checks) a new one.
        res.writeHead(status, { location: to, connection: 'close' });
        return res.end();
      }
      res.setHeader('content-type', 'text/csv');
      res.end(`served ${url.pathname}`);
    });
    port = await listen(redirector);
  });
  afterAll(async () => {
    redirector.close();
    internal.close();
  });
  beforeEach(() => {
    internalHits = 0;
  });

  /** The guard of a production server, with the redirector (only it) standing in for a public site. */
  const guard = (extra: Partial<TOutboundGuard> = {}): TOutboundGuard => ({
    allowPrivate: false,
    allowAddress: (address, p) => address === '127.0.0.1' && p === port,
    ...extra,
  });

  const get = async (g: TOutboundGuard, url: string) => {
    const fetchGuarded = createGuardedFetch(g);
    try {
      const { response, url: final } = await fetchGuarded(url, {});
      return { status: response.status, text: await response.text(), url: final.href };
    } finally {
      await fetchGuarded.close();
    }
  };

  it('follows redirects to allowed addresses', async () => {
    expect(await get(guard(), `http://127.0.0.1:${port}/chain?left=2`)).toEqual({
      status: 200,
      text: 'served /file.csv',
      url: `http://127.0.0.1:${port}/file.csv`,
    });
  });

  it(`stops after ${MAX_REDIRECTS} redirects`, async () => {
    expect((await get(guard(), `http://127.0.0.1:${port}/chain?left=${MAX_REDIRECTS - 1}`)).status).toBe(200);
    await expect(get(guard(), `http://127.0.0.1:${port}/chain?left=${MAX_REDIRECTS}`)).rejects.toMatchObject({
      kind: 'redirects',
    });
  });

  it('refuses a redirect to loopback on another port, with every redirect status', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '2130706433', 'localhost']) {
        const to = encodeURIComponent(`http://${host}:${internalPort}/admin`);
        await expect(
          get(guard(), `http://127.0.0.1:${port}/redirect?status=${status}&to=${to}`),
          `${status} -> ${host}`,
        ).rejects.toMatchObject({ kind: 'private' });
      }
    }
    expect(internalHits).toBe(0);
  });

  it('refuses a redirect to every special-purpose range and IPv6 form', async () => {
    for (const host of REFUSED_HOSTS) {
      const to = encodeURIComponent(`http://${host}:${internalPort}/latest/meta-data`);
      await expect(
        get(guard(), `http://127.0.0.1:${port}/redirect?status=307&to=${to}`),
        host,
      ).rejects.toMatchObject({ kind: 'private' });
    }
    expect(internalHits).toBe(0);
  });

  it('refuses a redirect through a chain (a second redirector hop to a private address)', async () => {
    const inner = encodeURIComponent(`http://127.0.0.2:${internalPort}/`);
    const outer = encodeURIComponent(`/redirect?status=301&to=${inner}`);
    await expect(
      get(guard(), `http://127.0.0.1:${port}/redirect?status=308&to=${outer}`),
    ).rejects.toMatchObject({ kind: 'private' });
    expect(internalHits).toBe(0);
  });

  it('connects to the address the injected resolver answered (no second lookup of its own)', async () => {
    let lookups = 0;
    const resolve = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // "feed.invalid" resolves nowhere in real DNS: the request can only land through the checked answer.
    expect(await get(guard({ resolve }), `http://feed.invalid:${port}/file.csv`)).toMatchObject({
      status: 200,
      text: 'served /file.csv',
    });
    expect(lookups).toBe(1);
  });

  it('refuses DNS rebinding: the name answers the allowed address first and a private one on the next hop', async () => {
    let lookups = 0;
    const resolve = async () => [{ address: lookups++ === 0 ? '127.0.0.1' : '10.0.0.7', family: 4 }];
    const self = encodeURIComponent(`http://rebind.invalid:${port}/file.csv`);
    await expect(
      get(guard({ resolve }), `http://rebind.invalid:${port}/redirect?to=${self}`),
    ).rejects.toMatchObject({ kind: 'private' });
    expect(lookups).toBe(2);
  });

  it('reaches private addresses only when they are allowed', async () => {
    const to = encodeURIComponent(`http://127.0.0.1:${internalPort}/x`);
    expect(await get({ allowPrivate: true }, `http://127.0.0.1:${port}/redirect?to=${to}`)).toMatchObject({
      text: 'secret',
    });
    expect(internalHits).toBe(1);
  });
});
