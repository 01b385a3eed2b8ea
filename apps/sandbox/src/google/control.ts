import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

// The sandbox-only switchboard of the Google stand-in (/__control/google): tests and demos make it misbehave
// the way the real one can — answer 429 or 5xx for the next calls, be slow, expire the access tokens it
// issued, refuse the refresh tokens — and read how many Merchant API calls it answered.

export const ZGoogleControlSchema = z.strictObject({
  /** The next `count` Merchant API calls answer `status` (429, 500, 502, 503 or 504). */
  fail_next: z
    .strictObject({
      count: z.number().int().min(0).max(10_000),
      status: z.union([z.literal(429), z.literal(500), z.literal(502), z.literal(503), z.literal(504)]),
      /** Sent as Retry-After on a 429. */
      retry_after_seconds: z.number().int().min(0).max(3600).optional(),
    })
    .optional(),
  /** Every Merchant API call waits this long before answering. */
  delay_ms: z.number().int().min(0).max(120_000).optional(),
  /** How long a submitted product stays pending before it is approved or disapproved. */
  review_delay_ms: z.number().int().min(0).max(3_600_000).optional(),
  /** Access tokens issued until now are refused (401), as when they expire. */
  expire_access_tokens: z.boolean().optional(),
  /** Refresh tokens issued until now are refused (invalid_grant), as when the user revokes the access. */
  revoke_refresh_tokens: z.boolean().optional(),
  /** Lifetime of access tokens issued from now on. */
  access_token_ttl_seconds: z.number().int().min(1).max(86_400).optional(),
  /** Lists answer at most this many items a page, whatever pageSize asks (an API may return fewer). */
  max_page_size: z.number().int().min(1).max(1000).optional(),
  /** Websites back to each account's own (claims and site verifications forgotten); products stay. */
  reset_websites: z.boolean().optional(),
  /** Back to the defaults, counters and faults cleared (stored products stay). */
  reset: z.boolean().optional(),
});
export type TGoogleControlInput = z.infer<typeof ZGoogleControlSchema>;

/** One API request as the stand-in received it (before it judged it): its route, query and JSON body. */
export interface TReceivedRequest {
  route: string;
  query: Record<string, unknown>;
  body?: unknown;
}

/** How many received requests are kept (the oldest are dropped first). */
const RECEIVED_MAX = 10_000;

export interface TGoogleControlOptions {
  reviewDelayMs?: number;
  accessTokenTtlSeconds?: number;
}

export class GoogleControl {
  failStatus = 503;
  failRemaining = 0;
  retryAfterSeconds: number | undefined = undefined;
  delayMs = 0;
  reviewDelayMs: number;
  accessTokenTtlSeconds: number;
  /** Tokens issued at or before these instants (ms) are refused. */
  accessExpiredBefore = 0;
  refreshRevokedBefore = 0;
  /** Merchant API calls answered, by status, and by `METHOD path-template`. */
  calls = { total: 0, failed: 0, byRoute: {} as Record<string, number> };
  tokenRefreshes = 0;
  /** See `max_page_size`; unset, lists page at the API's own sizes. */
  maxPageSize: number | undefined = undefined;
  /** Every API request received since the last reset, in order, so a test can check what a client sent. */
  received: TReceivedRequest[] = [];
  /** Raised by `reset_websites`; the Merchant API puts websites back when it sees a new value. */
  websitesGeneration = 0;

  constructor(private readonly defaults: TGoogleControlOptions = {}) {
    this.reviewDelayMs = defaults.reviewDelayMs ?? 3000;
    this.accessTokenTtlSeconds = defaults.accessTokenTtlSeconds ?? 3600;
  }

  apply(input: TGoogleControlInput): void {
    if (input.reset) {
      this.failRemaining = 0;
      this.retryAfterSeconds = undefined;
      this.delayMs = 0;
      this.reviewDelayMs = this.defaults.reviewDelayMs ?? 3000;
      this.accessTokenTtlSeconds = this.defaults.accessTokenTtlSeconds ?? 3600;
      this.calls = { total: 0, failed: 0, byRoute: {} };
      this.tokenRefreshes = 0;
      this.maxPageSize = undefined;
      this.received = [];
    }
    if (input.max_page_size !== undefined) this.maxPageSize = input.max_page_size;
    if (input.fail_next) {
      this.failRemaining = input.fail_next.count;
      this.failStatus = input.fail_next.status;
      this.retryAfterSeconds = input.fail_next.retry_after_seconds;
    }
    if (input.reset_websites) this.websitesGeneration += 1;
    if (input.delay_ms !== undefined) this.delayMs = input.delay_ms;
    if (input.review_delay_ms !== undefined) this.reviewDelayMs = input.review_delay_ms;
    if (input.access_token_ttl_seconds !== undefined) this.accessTokenTtlSeconds = input.access_token_ttl_seconds;
    // Strictly after every token issued so far, even within the same millisecond.
    if (input.expire_access_tokens) this.accessExpiredBefore = Date.now();
    if (input.revoke_refresh_tokens) this.refreshRevokedBefore = Date.now();
  }

  /** The injected failure for this call, if one is due. */
  takeFailure(): { status: number; retryAfterSeconds?: number } | undefined {
    if (this.failRemaining <= 0) return undefined;
    this.failRemaining -= 1;
    return { status: this.failStatus, retryAfterSeconds: this.retryAfterSeconds };
  }

  receive(request: TReceivedRequest): void {
    this.received.push(request);
    if (this.received.length > RECEIVED_MAX) this.received.splice(0, this.received.length - RECEIVED_MAX);
  }

  record(route: string, failed: boolean): void {
    this.calls.total += 1;
    if (failed) this.calls.failed += 1;
    this.calls.byRoute[route] = (this.calls.byRoute[route] ?? 0) + 1;
  }

  snapshot() {
    return {
      fail_remaining: this.failRemaining,
      fail_status: this.failStatus,
      delay_ms: this.delayMs,
      review_delay_ms: this.reviewDelayMs,
      max_page_size: this.maxPageSize ?? null,
      access_token_ttl_seconds: this.accessTokenTtlSeconds,
      calls: this.calls,
      token_refreshes: this.tokenRefreshes,
    };
  }
}

/** The switchboard at /__control/{name} (google; microsoft and meta use the same faults and counters). */
export const registerGoogleControl = (app: FastifyInstance, control: GoogleControl, name = 'google'): void => {
  app.get(`/__control/${name}`, async () => control.snapshot());
  app.post(`/__control/${name}`, async (req, reply) => {
    const parsed = ZGoogleControlSchema.safeParse(req.body ?? {});
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.issues[0]?.message ?? 'invalid' });
    control.apply(parsed.data);
    return control.snapshot();
  });
};
