// Bulk customisation with drafts. Drafts are rows per user and shop; applying one records a run
// and queues it. The worker goes through the selection in id order, a batch at a time: it reads the batch's
// products, applies the rules to each, writes every changed override layer with one UPDATE,
// re-judges those products and upserts their statuses with one statement, and moves the run's progress on —
// all in one transaction, so a retried run resumes exactly after its last finished batch. Products outside
// the selection are never read for writing.
import {
  applyProductEdit,
  FIELD_NAMES,
  resetToSource,
  setLayerValues,
  ZLayerValuesSchema,
  type TFieldName,
  type TLayerValues,
  type TProduct,
} from '@feedloom/catalog';
import type { TBulkDraft, TBulkRun, TProductDetail } from '@feedloom/contracts';
import {
  BULK_LIMITS,
  bulkEditOf,
  ZBulkSelectionSchema,
  ZProductAttributesSchema,
  ZProductListQuerySchema,
  type TBulkDraftBody,
  type TBulkEdit,
  type TBulkSelection,
  type TBulkVariantUpdate,
  type TCustomisationRule,
} from '@feedloom/validation';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction, queryRows, type TDb } from '../../db/client';
import { bulk_drafts, bulk_runs, users, type TBulkDraftRow, type TBulkRunRow } from '../../db/schema';
import { QUEUES, type TJobs } from '../../jobs/boss';
import type { TClock } from '../../lib/clock';
import { badRequest, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { BULK_API_MSG as M } from './bulk-messages';
import { PRODUCTS_API_MSG } from './messages';
import { productsRepo, type TProductListRow } from './repo';
import { customOf } from '../catalogue';
import { productOfRow, type TProductsService } from './service';
import {
  judgeProduct,
  sameContentOf,
  shopDefaults,
  statusRows,
  writeStatuses,
  type TJudgingShop,
  type TStatusRow,
} from '../catalogue';
import { reachShop, type TCaller, type TShopCaller } from '../tenancy/reach';

export interface TBulkApplyJob {
  run_id: string;
}

/** How many products the worker judges before letting other work (requests, other jobs) run. */
const YIELD_EVERY = 100;
const RUNS_LISTED = 20;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** JSON text with object keys sorted, so a stored jsonb and a computed value compare equal when they are. */
const canonical = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
};

const FIELD_SET: ReadonlySet<string> = new Set(FIELD_NAMES);
const modelFields = (names: readonly string[]): TFieldName[] =>
  names.filter((n): n is TFieldName => FIELD_SET.has(n));

/** A draft's rules made ready to apply: checked once, then the same for every product. */
interface TPlan extends TBulkEdit {
  nulls: TLayerValues;
}

/** Checks the add_update_value payload with the product edit rules (same messages as the form). */
const planOf = (rules: readonly TCustomisationRule[]): TPlan => {
  if (rules.length === 0) throw badRequest(M.noRules);
  const plan = bulkEditOf(rules);
  const parsed = ZProductAttributesSchema.safeParse(plan.edit);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, String(issue.path[0] ?? 'rules'));
  }
  const nulls = ZLayerValuesSchema.parse(Object.fromEntries(modelFields(plan.remove).map((f) => [f, null])));
  return { ...plan, nulls };
};

const hasEdit = (plan: TPlan) => Object.keys(plan.edit).length > 0;

/** The plan applied to a product, or to some of its variants. */
const applyPlan = (product: TProduct, plan: TPlan, variantIds?: readonly string[]): TProduct => {
  if (!variantIds) {
    let p = resetToSource(product, modelFields(plan.reset));
    p = setLayerValues(p, 'overrides', plan.nulls);
    return hasEdit(plan) ? applyProductEdit(p, plan.edit).product : p;
  }
  const reset = new Set(plan.reset);
  let p: TProduct = {
    ...product,
    variants: product.variants.map((v) =>
      variantIds.includes(v.id)
        ? {
            ...v,
            overrides: Object.fromEntries(Object.entries(v.overrides).filter(([k]) => !reset.has(k))),
          }
        : v,
    ),
  };
  for (const id of variantIds) {
    p = setLayerValues(p, 'overrides', plan.nulls, id);
    if (hasEdit(plan)) p = applyProductEdit(p, plan.edit, id).product;
  }
  return p;
};

const draftOf = (row: TBulkDraftRow): TBulkDraft => ({
  id: row.id,
  name: row.name,
  selection: row.selection as TBulkSelection,
  rules: row.rules as TBulkDraft['rules'],
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const runOf = (row: TBulkRunRow): TBulkRun => ({
  id: row.id,
  draft_name: row.draft_name,
  selection: row.selection as TBulkSelection,
  rules: row.rules as TBulkRun['rules'],
  status: row.status,
  total: row.total,
  processed: row.processed,
  changed: row.changed,
  message: row.message,
  triggered_by_name: row.triggered_by_name,
  created_at: row.created_at.toISOString(),
  started_at: iso(row.started_at),
  finished_at: iso(row.finished_at),
});

const PRODUCT_COLUMNS = sql`p.id::int as id, p.product_key, p.offer_id, p.item_group_id, p.source, p.source_custom,
  p.custom, p.variants, p.created_at, p.updated_at, null as status, null as issues, null as data_source_name`;

const idList = (ids: readonly number[]): SQL =>
  sql`(select x::bigint from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as t(x))`;

export const createProductsBulkService = (deps: {
  db: TDb;
  clock: TClock;
  jobs: TJobs | null;
  products: TProductsService;
  log: FastifyBaseLogger;
  batchSize: number;
}) => {
  const { db, clock, jobs, products, log, batchSize } = deps;
  const repo = productsRepo(db);

  const ownDraft = async (caller: TCaller, shopId: string, id: string) => {
    await reachShop(db, caller, shopId);
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(bulk_drafts)
          .where(
            and(
              eq(bulk_drafts.id, id),
              eq(bulk_drafts.shop_id, shopId),
              eq(bulk_drafts.organization_id, caller.org_id),
              eq(bulk_drafts.user_id, caller.user_id),
            ),
          )
      : [];
    if (!row) throw notFound(M.draftNotFound);
    return row;
  };

  /** The selection as the list's own query (tab, search, channel, filters, issue), normalised the list's way. */
  const listQueryOf = (selection: Extract<TBulkSelection, { kind: 'filter' }>) => {
    const parsed = ZProductListQuerySchema.safeParse({
      tab: selection.tab,
      search: selection.search,
      active_channel: selection.active_channel,
      filters: selection.filters,
      issue_code: selection.issue_code,
      issue_attribute: selection.issue_attribute,
    });
    if (!parsed.success)
      throw badRequest(parsed.error.issues[0]?.message ?? 'Filter: invalid row.', 'filters');
    return parsed.data;
  };

  /** Selected product ids after `after`, in id order, at most `limit`. */
  const nextIds = async (shopId: string, selection: TBulkSelection, after: number, limit: number) => {
    if (selection.kind === 'ids') {
      return queryRows<{ id: number }>(
        db,
        sql`select p.id::int as id from products p
            where p.shop_id = ${shopId}::uuid and p.id in ${idList(selection.ids)} and p.id > ${after}
            order by p.id limit ${limit}`,
      );
    }
    const { from, where } = repo.where(shopId, listQueryOf(selection));
    return queryRows<{ id: number }>(
      db,
      sql`select p.id::int as id from ${from} where ${where} and p.id > ${after} order by p.id limit ${limit}`,
    );
  };

  const countSelected = async (shopId: string, selection: TBulkSelection): Promise<number> => {
    if (selection.kind === 'filter') return repo.count(shopId, listQueryOf(selection));
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products p
          where p.shop_id = ${shopId}::uuid and p.id in ${idList(selection.ids)}`,
    );
    return row?.n ?? 0;
  };

  /** Writes changed override layers (one UPDATE) and their re-judged statuses (one upsert). */
  const writeBatch = async (
    t: TDb,
    shop: TJudgingShop & { id: string },
    changed: { id: number; product: TProduct; before: TProduct }[],
  ) => {
    if (changed.length === 0) return;
    const customs = changed.map((c) => ({ id: c.id, custom: customOf(c.product) }));
    const judged: TStatusRow[] = [];
    const sameContent: { product_id: number; channel: string }[] = [];
    for (const [i, c] of changed.entries()) {
      for (const j of judgeProduct(c.product, shop)) judged.push({ product_id: c.id, ...j });
      sameContent.push(...sameContentOf(c.id, c.before, c.product, shopDefaults(shop)));
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await pause();
    }
    await t.execute(sql`
      update products p set custom = x.custom, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(customs)}::jsonb) as x(id bigint, custom jsonb)
      where p.id = x.id and p.shop_id = ${shop.id}::uuid`);
    await writeStatuses(t, shop.id, statusRows(judged), { sameContent });
  };

  /** One batch of a run: products locked, rules applied, changes written, progress moved on, atomically. */
  const applyBatch = async (
    run: TBulkRunRow,
    shop: TJudgingShop & { id: string },
    plan: TPlan,
    ids: number[],
  ) =>
    inTransaction(db, async (t) => {
      const rows = await queryRows<TProductListRow>(
        t,
        sql`select ${PRODUCT_COLUMNS} from products p
            where p.shop_id = ${shop.id}::uuid and p.id in ${idList(ids)} order by p.id for update`,
      );
      const changed: { id: number; product: TProduct; before: TProduct }[] = [];
      for (const [i, row] of rows.entries()) {
        const before = productOfRow(row);
        const next = applyPlan(before, plan);
        if (canonical(customOf(next)) !== canonical(row.custom)) {
          changed.push({ id: Number(row.id), product: next, before });
        }
        if (i % YIELD_EVERY === YIELD_EVERY - 1) await pause();
      }
      await writeBatch(t, shop, changed);
      await t
        .update(bulk_runs)
        .set({
          processed: sql`${bulk_runs.processed} + ${ids.length}`,
          changed: sql`${bulk_runs.changed} + ${changed.length}`,
          last_product_id: ids.at(-1)!,
        })
        .where(eq(bulk_runs.id, run.id));
    });

  const shopOfRun = async (run: TBulkRunRow) =>
    reachShop(db, { org_id: run.organization_id, shop_ids: null }, run.shop_id);

  /** The worker's part: the whole run, batch by batch (resuming after the last finished batch). */
  const runApply = async (runId: string) => {
    const [run] = await db.select().from(bulk_runs).where(eq(bulk_runs.id, runId));
    if (!run || run.status === 'succeeded' || run.status === 'failed') return;
    await db
      .update(bulk_runs)
      .set({ status: 'running', started_at: run.started_at ?? clock.now() })
      .where(eq(bulk_runs.id, run.id));
    const shop = await shopOfRun(run);
    const plan = planOf(run.rules as TCustomisationRule[]);
    const selection = ZBulkSelectionSchema.parse(run.selection);
    let after = run.last_product_id;
    for (;;) {
      const ids = (await nextIds(run.shop_id, selection, after, batchSize)).map((r) => Number(r.id));
      if (ids.length === 0) break;
      await applyBatch(run, shop, plan, ids);
      after = ids.at(-1)!;
      await pause();
    }
    const [done] = await db.select().from(bulk_runs).where(eq(bulk_runs.id, run.id));
    await db
      .update(bulk_runs)
      .set({
        status: 'succeeded',
        finished_at: clock.now(),
        message: M.succeeded(done!.changed, done!.processed),
      })
      .where(eq(bulk_runs.id, run.id));
    log.info(
      { run_id: run.id, processed: done!.processed, changed: done!.changed },
      'bulk customisation applied',
    );
  };

  const failRun = async (runId: string) => {
    await db
      .update(bulk_runs)
      .set({ status: 'failed', finished_at: clock.now(), message: M.failed })
      .where(eq(bulk_runs.id, runId));
  };

  const userName = async (userId: string) => {
    const [u] = await db
      .select({ first_name: users.first_name, last_name: users.last_name, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return [u?.first_name, u?.last_name].filter(Boolean).join(' ') || u?.email || null;
  };

  const draftValues = async (body: TBulkDraftBody) => {
    // A filter selection is checked now (its message names the bad row), not first when applied.
    if (body.selection.kind === 'filter') listQueryOf(body.selection);
    // Checked products must all be products of the draft's store (never another store's or organisation's).
    else if ((await countSelected(body.shop_id, body.selection)) < new Set(body.selection.ids).size) {
      throw badRequest(M.productsOutsideStore, 'selection');
    }
    return { name: body.name, selection: body.selection, rules: body.rules };
  };

  return {
    job: { run: runApply, fail: failRun },

    async drafts(caller: TCaller, shopId: string): Promise<TBulkDraft[]> {
      await reachShop(db, caller, shopId);
      const rows = await db
        .select()
        .from(bulk_drafts)
        .where(
          and(
            eq(bulk_drafts.shop_id, shopId),
            eq(bulk_drafts.organization_id, caller.org_id),
            eq(bulk_drafts.user_id, caller.user_id),
          ),
        )
        .orderBy(desc(bulk_drafts.updated_at));
      return rows.map(draftOf);
    },

    async createDraft(caller: TCaller, body: TBulkDraftBody): Promise<TBulkDraft> {
      await reachShop(db, caller, body.shop_id);
      const values = await draftValues(body);
      const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from bulk_drafts
            where shop_id = ${body.shop_id}::uuid and user_id = ${caller.user_id}::uuid`,
      );
      if (n >= BULK_LIMITS.drafts) throw badRequest(M.tooManyDrafts(BULK_LIMITS.drafts));
      const now = clock.now();
      const [row] = await db
        .insert(bulk_drafts)
        .values({
          organization_id: caller.org_id,
          shop_id: body.shop_id,
          user_id: caller.user_id,
          ...values,
          created_at: now,
          updated_at: now,
        })
        .returning();
      return draftOf(row!);
    },

    async updateDraft(caller: TCaller, shopId: string, id: string, body: TBulkDraftBody) {
      if (body.shop_id !== shopId) throw notFound(M.draftNotFound);
      await ownDraft(caller, shopId, id);
      const [row] = await db
        .update(bulk_drafts)
        .set({ ...(await draftValues(body)), updated_at: clock.now() })
        .where(eq(bulk_drafts.id, id))
        .returning();
      return draftOf(row!);
    },

    async deleteDraft(caller: TCaller, shopId: string, id: string) {
      await ownDraft(caller, shopId, id);
      await db.delete(bulk_drafts).where(eq(bulk_drafts.id, id));
      return { id };
    },

    async discardDrafts(caller: TCaller, shopId: string) {
      await reachShop(db, caller, shopId);
      const gone = await db
        .delete(bulk_drafts)
        .where(
          and(
            eq(bulk_drafts.shop_id, shopId),
            eq(bulk_drafts.organization_id, caller.org_id),
            eq(bulk_drafts.user_id, caller.user_id),
          ),
        )
        .returning({ id: bulk_drafts.id });
      return { discarded: gone.length };
    },

    /** Records a run from the draft (which it uses up) and queues it; without a queue it runs here. */
    async applyDraft(caller: TCaller, shopId: string, id: string): Promise<TBulkRun> {
      const draft = await ownDraft(caller, shopId, id);
      const rules = draft.rules as TCustomisationRule[];
      planOf(rules);
      const selection = ZBulkSelectionSchema.parse(draft.selection);
      const total = await countSelected(shopId, selection);
      if (total === 0) throw badRequest(M.nothingSelected);
      const triggeredByName = await userName(caller.user_id);
      const run = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bulk_runs)
          .values({
            organization_id: caller.org_id,
            shop_id: shopId,
            triggered_by: caller.user_id,
            triggered_by_name: triggeredByName,
            draft_name: draft.name,
            selection: draft.selection,
            rules: draft.rules,
            total,
            created_at: clock.now(),
          })
          .returning();
        await tx.delete(bulk_drafts).where(eq(bulk_drafts.id, draft.id));
        return row!;
      });
      if (jobs) {
        await jobs.send(QUEUES.bulkApply, { run_id: run.id } satisfies TBulkApplyJob, {
          retryLimit: 2,
          retryDelay: 10,
          expireInSeconds: 3600,
        });
        return runOf(run);
      }
      try {
        await runApply(run.id);
      } catch (err) {
        await failRun(run.id);
        throw err;
      }
      const [after] = await db.select().from(bulk_runs).where(eq(bulk_runs.id, run.id));
      return runOf(after!);
    },

    async runs(caller: TShopCaller, shopId: string): Promise<TBulkRun[]> {
      await reachShop(db, caller, shopId);
      const rows = await db
        .select()
        .from(bulk_runs)
        .where(and(eq(bulk_runs.shop_id, shopId), eq(bulk_runs.organization_id, caller.org_id)))
        .orderBy(desc(bulk_runs.created_at))
        .limit(RUNS_LISTED);
      return rows.map(runOf);
    },

    async run(caller: TShopCaller, shopId: string, id: string): Promise<TBulkRun> {
      await reachShop(db, caller, shopId);
      const [row] = isUuid(id)
        ? await db
            .select()
            .from(bulk_runs)
            .where(
              and(
                eq(bulk_runs.id, id),
                eq(bulk_runs.shop_id, shopId),
                eq(bulk_runs.organization_id, caller.org_id),
              ),
            )
        : [];
      if (!row) throw notFound(M.runNotFound);
      return runOf(row);
    },

    /** PUT bulk-variant-update: the rules on chosen variants of one product, re-judged at once. */
    async variantUpdate(caller: TShopCaller, body: TBulkVariantUpdate): Promise<TProductDetail> {
      const shop = await reachShop(db, caller, body.shop_id);
      const plan = planOf(body.rules);
      await inTransaction(db, async (t) => {
        const [row] = await queryRows<TProductListRow>(
          t,
          sql`select ${PRODUCT_COLUMNS} from products p
              where p.shop_id = ${body.shop_id}::uuid and p.id = ${body.product_id} for update`,
        );
        if (!row) throw notFound(PRODUCTS_API_MSG.notFound);
        const product = productOfRow(row);
        const known = new Set(product.variants.map((v) => v.id));
        if (!body.variant_ids.every((v) => known.has(v))) throw notFound(PRODUCTS_API_MSG.variantNotFound);
        const next = applyPlan(product, plan, body.variant_ids);
        await writeBatch(t, { ...shop, id: body.shop_id }, [
          { id: Number(row.id), product: next, before: product },
        ]);
      });
      return products.get(caller, body.shop_id, body.product_id);
    },
  };
};
export type TProductsBulkService = ReturnType<typeof createProductsBulkService>;
