// Judges every product of a shop again when a setting of the shop that judging reads changes (its default
// condition, website or currency). A page of products at a time: each page is locked, judged and its statuses written in one
// transaction, so an edit or an import in between is never overwritten by an older judgement. Statuses go
// through writeStatuses with `sameContent`: a product that sends a channel what it sent before (it has a
// condition of its own) keeps the channel's verdict; one whose condition came from the old default now sends
// another one, and is pending a resend. Run as a job (it may be a large shop); without a queue, at once.
import type { TShopDefaults } from '@feedloom/catalog';
import { inTransaction, type TDb } from '../../db/client';
import { QUEUES, type TJobs } from '../../jobs/boss';
import { productsRepo } from './repo';
import { productOfRow } from './service';
import {
  judgeProduct,
  sameContentOf,
  shopDefaults,
  statusRows,
  writeStatuses,
  type TSameContent,
  type TStatusRow,
} from '../catalogue';

/** The re-judgement's message on the queue: the shop, and the defaults its products were judged with. */
export interface TShopRejudgeJob {
  shop_id: string;
  defaults_before: TShopDefaults;
}

/** Products judged per transaction. */
const PAGE_SIZE = 500;
/** Products judged between two turns of the event loop (requests keep being answered meanwhile). */
const YIELD_EVERY = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export const createShopRejudge = (deps: { db: TDb; jobs: TJobs | null; pageSize?: number }) => {
  const { db, jobs } = deps;
  const pageSize = deps.pageSize ?? PAGE_SIZE;

  /** One page after `after`; answers the last id judged, or null when the shop has no more products. */
  const judgePage = (job: TShopRejudgeJob, after: number): Promise<number | null> =>
    inTransaction(db, async (t) => {
      const repo = productsRepo(t);
      // Read anew for each page: a later change of the setting is what the products are judged with.
      const shop = await repo.judgingShop(job.shop_id);
      if (!shop) return null;
      const rows = await repo.pageForUpdate(job.shop_id, after, pageSize);
      if (rows.length === 0) return null;
      const defaults = shopDefaults(shop);
      const judged: TStatusRow[] = [];
      const sameContent: TSameContent[number][] = [];
      for (const [i, row] of rows.entries()) {
        const product = productOfRow(row);
        for (const j of judgeProduct(product, shop)) judged.push({ product_id: row.id, ...j });
        sameContent.push(...sameContentOf(row.id, product, product, defaults, job.defaults_before));
        if (i % YIELD_EVERY === YIELD_EVERY - 1) await nextTurn();
      }
      await writeStatuses(t, job.shop_id, statusRows(judged), { sameContent });
      return rows.length < pageSize ? null : Number(rows.at(-1)!.id);
    });

  /** The worker's part: every page of the shop, from the first (a retry starts over; a page is atomic). */
  const run = async (job: TShopRejudgeJob): Promise<void> => {
    for (let after: number | null = 0; after !== null;) after = await judgePage(job, after);
  };

  return {
    run,
    /** Queues the re-judgement of a shop's products; without a queue it runs here. */
    request: async (job: TShopRejudgeJob): Promise<void> => {
      if (!jobs) return run(job);
      await jobs.send(QUEUES.shopRejudge, job, { retryLimit: 2, retryDelay: 10, expireInSeconds: 3600 });
    },
  };
};
export type TShopRejudge = ReturnType<typeof createShopRejudge>;
