import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';

/** What every list query has (`ZListQuerySchema` of @feedloom/validation and the limits). */
export interface ListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  sort_col?: string | undefined;
  order: SortOrder;
}
export type SortOrder = 1 | -1;

/** A list query schema: `ZListQuerySchema` or one extended with its screen's columns and filters. */
export type ListQuerySchema = z.ZodType<ListQuery> & { shape: Record<string, unknown> };

export const SEARCH_DEBOUNCE_MS = 300;

/** The server-side sort of a list, as `DataTable` takes it. */
export interface ListSorting {
  column: string | undefined;
  order: SortOrder;
  onChange: (column: string, order: SortOrder) => void;
}

/** The page of a list, as `Pagination` takes it. */
export interface ListPaging {
  page: number;
  limit: number;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
}

type Changes<TQuery> = { [K in keyof TQuery]?: TQuery[K] | undefined };

/** One address value: absent when empty; lists and objects (filters) as JSON. */
function toParam(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The address as the schema reads it. A value the schema refuses rather than replaces (a search with a
 * control character or over its length) is left out, so the list shows without it instead of failing.
 */
function readQuery(schema: ListQuerySchema, fields: Record<string, string>): Record<string, unknown> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data as unknown as Record<string, unknown>;
  const refused = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.entries(fields).filter(([key]) => !refused.has(key));
  return schema.parse(Object.fromEntries(kept)) as unknown as Record<string, unknown>;
}

/**
 * Writes `changes` over `current`, then rewrites every key of the schema as the schema reads it:
 * invalid values become their `.catch` fallbacks and values equal to the defaults leave the address,
 * so one list state has one address. Keys the schema does not know are kept as they are.
 */
function canonical(
  schema: ListQuerySchema,
  current: URLSearchParams,
  changes: Record<string, unknown> = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    const param = toParam(value);
    if (param === undefined) next.delete(key);
    else next.set(key, param);
  }
  const parsed = readQuery(schema, Object.fromEntries(next));
  const defaults = schema.parse({}) as unknown as Record<string, unknown>;
  for (const key of Object.keys(schema.shape)) {
    const param = toParam(parsed[key]);
    if (param === undefined || param === toParam(defaults[key])) next.delete(key);
    else if (next.get(key) !== param) next.set(key, param);
  }
  return next;
}

/**
 * A list screen's state in the address: page, limit, search, sort_col, order and any other key of
 * `schema` (tab, filters), read through the schema so a hand-edited address falls back to its
 * defaults. Setters are stable; changing anything but the page goes back to page 1; the search box
 * text reaches the address once typing settles.
 *
 *   const list = useListParams(ZShopListQuerySchema);
 *   const shops = trpc.shops.find.useQuery(list.query);
 *   <DataTable sorting={list.sorting} … /> <Pagination {...list.paging} total={…} />
 *
 * Pass a schema defined at module level: a new schema object on every render re-reads the address.
 */
export function useListParams<TSchema extends ListQuerySchema>(
  schema: TSchema,
  { debounceMs = SEARCH_DEBOUNCE_MS }: { debounceMs?: number } = {},
) {
  type TQuery = z.output<TSchema>;
  const [params, setSearchParams] = useSearchParams();
  const query = useMemo(() => readQuery(schema, Object.fromEntries(params)) as TQuery, [schema, params]);

  // Setters read the latest address through refs, so they never change and two calls in one
  // handler build on each other instead of the second undoing the first.
  const latest = useRef({ params, setSearchParams, schema });
  useLayoutEffect(() => {
    latest.current = { params, setSearchParams, schema };
  }, [params, setSearchParams, schema]);

  const setParams = useCallback((changes: Changes<TQuery>) => {
    const { params: current, setSearchParams: navigate, schema: currentSchema } = latest.current;
    const now = readQuery(currentSchema, Object.fromEntries(current));
    const defaults = currentSchema.parse({}) as unknown as Record<string, unknown>;
    const resetsPage =
      !('page' in changes) &&
      Object.entries(changes).some(
        ([key, value]) =>
          toParam(value ?? defaults[key]) !==
          toParam(key in now ? now[key] : (current.get(key) ?? undefined)),
      );
    const next = canonical(currentSchema, current, resetsPage ? { ...changes, page: undefined } : changes);
    if (next.toString() === current.toString()) return;
    latest.current = { ...latest.current, params: next };
    navigate(next, { replace: true });
  }, []);

  // A hand-written or outdated address is rewritten to what the list shows.
  useEffect(() => {
    const next = canonical(schema, params);
    if (next.toString() !== params.toString()) setSearchParams(next, { replace: true });
  }, [schema, params, setSearchParams]);

  const setPage = useCallback((page: number) => setParams({ page } as Changes<TQuery>), [setParams]);
  const setLimit = useCallback((limit: number) => setParams({ limit } as Changes<TQuery>), [setParams]);
  const setSort = useCallback(
    (column: string, order: SortOrder) => setParams({ sort_col: column, order } as Changes<TQuery>),
    [setParams],
  );

  // The search box: what is typed shows at once; the address (and so the query) follows after a pause.
  const urlSearch = query.search ?? '';
  const [searchText, setSearchText] = useState(urlSearch);
  const written = useRef(urlSearch);
  useEffect(() => {
    // Back/forward or a link changed the search: the box follows.
    if (urlSearch === written.current) return;
    written.current = urlSearch;
    setSearchText(urlSearch);
  }, [urlSearch]);
  useEffect(() => {
    const term = searchText.trim();
    if (term === urlSearch) return;
    const timer = window.setTimeout(() => {
      written.current = term;
      setParams({ search: term } as Changes<TQuery>);
    }, debounceMs);
    return () => window.clearTimeout(timer);
  }, [searchText, urlSearch, setParams, debounceMs]);
  const clearSearch = useCallback(() => {
    written.current = '';
    setSearchText('');
    setParams({ search: undefined } as Changes<TQuery>);
  }, [setParams]);

  const sorting = useMemo<ListSorting>(
    () => ({ column: query.sort_col, order: query.order, onChange: setSort }),
    [query.sort_col, query.order, setSort],
  );
  const paging = useMemo<ListPaging>(
    () => ({ page: query.page, limit: query.limit, onPageChange: setPage, onLimitChange: setLimit }),
    [query.page, query.limit, setPage, setLimit],
  );

  return {
    /** The normalised query, ready to send. */
    query,
    setParams,
    setPage,
    setLimit,
    setSort,
    searchText,
    setSearchText,
    clearSearch,
    sorting,
    paging,
  };
}
