// The activity log entry of every change made through the api. Each endpoint that changes something is
// declared once (changes.ts at the composition root): the kind of thing it changes, the action, what to call
// it, and optionally the read endpoint whose answer shows the thing, read before and after the change so the
// entry says before → after. Endpoints whose service records its own entries (members, invitations, roles,
// organisation settings, stores: in the transaction of the change) are declared as such; the coverage test
// fails for a changing endpoint declared neither way.
import {
  buildPath,
  API_PREFIX,
  type TAuditAction,
  type TAuditEntity,
  type TAuditValues,
  type TEndpoint,
} from '@feedloom/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { TDb } from '../../db/client';
import { changeNotes } from '../../lib/request-scope';
import { auditRepo } from './repo';

/** The parsed request an endpoint's handler received. */
export interface TChangeInput {
  params: Record<string, unknown> | undefined;
  query: Record<string, unknown> | undefined;
  body: unknown;
}

/** How an endpoint's change is recorded. */
export interface TChangeDeclaration {
  entity: TAuditEntity;
  action: TAuditAction | ((input: TChangeInput) => TAuditAction);
  /** What the change was about, as people know it (a service may replace it with `noteChange`). */
  summary: (input: TChangeInput, result: unknown) => string;
  /** The id of the thing changed (default: the path's id, run id or the answer's id). */
  entityId?: (input: TChangeInput, result: unknown) => string | undefined;
  /** The store concerned (default: the path's or body's shop id). */
  shopId?: (input: TChangeInput, result: unknown) => string | undefined;
  /** A read endpoint of the same caller whose answer shows the thing: read before and after the change. */
  snapshot?: {
    endpoint: TEndpoint;
    params?: (input: TChangeInput) => Record<string, unknown>;
    query?: (input: TChangeInput) => Record<string, unknown>;
  };
  /** Counts and values worth keeping from the answer (e.g. how many products a bulk run selected). */
  after?: (input: TChangeInput, result: unknown) => TAuditValues | null;
}

/** An endpoint whose service records its own entries, or one that changes nothing of the organisation. */
export type TChangeEntry = TChangeDeclaration | { recordedBy: 'service' } | { exempt: string };

export type TChangeDeclarations = ReadonlyMap<TEndpoint, TChangeEntry>;

const MAX_KEYS = 40;
const MAX_VALUE = 300;

const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s;
};

/** Keys whose values never go into the log (a secret feed URL, a token). */
const HIDDEN_RE = /token|secret|password|feed_url/i;

/** A value as field → text, nested objects as dotted keys; lists of plain values joined. */
export const flatten = (value: unknown, prefix = '', out: Record<string, string | null> = {}, depth = 0) => {
  if (prefix && HIDDEN_RE.test(prefix.split('.').pop() ?? '')) {
    out[prefix] = value === null || value === undefined ? null : '(hidden)';
    return out;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && depth < 4) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out, depth + 1);
    return out;
  }
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
    out[prefix] = text(value.join(', '));
    return out;
  }
  out[prefix || 'value'] = text(value);
  return out;
};

/** The fields whose text differs, at most MAX_KEYS of them; null when nothing differs. */
export const difference = (before: unknown, after: unknown) => {
  const b = flatten(before);
  const a = flatten(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => (b[k] ?? null) !== (a[k] ?? null))
    .slice(0, MAX_KEYS);
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((k) => [k, b[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, a[k] ?? null])),
  };
};

const str = (v: unknown): string | undefined =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
const field = (o: unknown, key: string): unknown =>
  o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined;

const defaultEntityId = (input: TChangeInput, result: unknown): string =>
  str(field(input.params, 'run_id')) ??
  str(field(input.params, 'id')) ??
  str(field(result, 'id')) ??
  str(field(input.body, 'id')) ??
  '';

const defaultShopId = (input: TChangeInput, result: unknown): string | undefined =>
  str(field(input.params, 'shop_id')) ??
  str(field(input.body, 'shop_id')) ??
  str(field(input.query, 'shop_id')) ??
  str(field(result, 'shop_id'));

interface TCaller {
  org_id: string | null;
  user_id: string | null;
}

/**
 * What `route()` calls around the handler of a declared endpoint: `begin` before it (reads the snapshot),
 * the returned function after it succeeded (writes the entry). A failure to record is logged, never turned
 * into a failure of the change that already happened.
 */
export const createChangeRecorder = (deps: {
  db: TDb;
  app: FastifyInstance;
  declarations: TChangeDeclarations;
}) => {
  const read = async (
    request: FastifyRequest,
    d: TChangeDeclaration,
    input: TChangeInput,
  ): Promise<unknown> => {
    const s = d.snapshot;
    if (!s) return undefined;
    const params = s.params?.(input) ?? {};
    const query = s.query?.(input) ?? {};
    const qs = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]): [string, string][] =>
        v === undefined ? [] : [[k, String(v)]],
      ),
    ).toString();
    const res = await deps.app.inject({
      method: 'GET',
      url: `${API_PREFIX}${buildPath(s.endpoint.path, params)}${qs ? `?${qs}` : ''}`,
      headers: { authorization: request.headers.authorization ?? '' },
    });
    if (res.statusCode !== 200) return undefined;
    return res.json<{ data?: unknown }>().data;
  };

  return {
    begin: async (
      endpoint: TEndpoint,
      request: FastifyRequest,
      caller: TCaller,
      input: TChangeInput,
      log: FastifyBaseLogger,
    ): Promise<((result: unknown) => Promise<void>) | null> => {
      const entry = deps.declarations.get(endpoint);
      if (!entry || 'recordedBy' in entry || 'exempt' in entry) return null;
      const { org_id: orgId, user_id: userId } = caller;
      if (!orgId) return null;
      const before = await read(request, entry, input).catch(() => undefined);
      return async (result) => {
        try {
          const notes = changeNotes();
          const after = entry.snapshot ? await read(request, entry, input) : undefined;
          const diff = entry.snapshot ? difference(before, after) : null;
          const extra = entry.after?.(input, result) ?? null;
          await auditRepo(deps.db).record(orgId, userId, {
            entity: entry.entity,
            action: typeof entry.action === 'function' ? entry.action(input) : entry.action,
            entity_id: (
              notes.entity_id ??
              entry.entityId?.(input, result) ??
              defaultEntityId(input, result)
            ).slice(0, 200),
            summary: (notes.summary ?? entry.summary(input, result)).slice(0, 500),
            shop_id: (entry.shopId ?? defaultShopId)(input, result) ?? null,
            before: notes.before ?? diff?.before ?? null,
            after: notes.after ?? (diff || extra ? { ...diff?.after, ...extra } : null),
          });
        } catch (error) {
          log.error(
            { err: error, url: endpoint.path },
            'the activity log entry of a change could not be written',
          );
        }
      };
    },
  };
};
export type TChangeRecorder = ReturnType<typeof createChangeRecorder>;
