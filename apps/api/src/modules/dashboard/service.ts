// The dashboard: per channel of the active shop, the product
// list's status counts (the products module's kept counts, not recounted), their trend from the daily
// snapshots, the issues affecting the most products, and the health of the channel calls.
import type { TApiHealth, TProductDiagnostics, TStatusCounts, TTopIssue } from '@feedloom/contracts';
import {
  CATALOG_CHANNEL_OF,
  CONNECTION_OF,
  DASHBOARD_TOP_ISSUES,
  DASHBOARD_TREND_DAYS,
  PRODUCT_TABS,
  type TApiHealthQuery,
  type TProductDiagnosticsQuery,
} from '@feedloom/validation';
import type { TDb } from '../../db/client';
import { addSeconds, type TClock } from '../../lib/clock';
import type { TProductsService } from '../products/service';
import { dashboardRepo } from './repo';
import type { TShopCaller } from '../tenancy/reach';

const DAY_SECONDS = 86_400;
const TABS_OF_STATUS: Readonly<Record<string, TTopIssue['tab']>> = {
  error: 'error',
  warning: 'warning',
  disapproved: 'disapproved',
  excluded: 'excluded',
  pending: 'pending',
  published: 'published',
  submitted: 'submitted',
};

const emptyCounts = (): TStatusCounts =>
  Object.fromEntries([...PRODUCT_TABS, 'integration_pending'].map((k) => [k, 0])) as TStatusCounts;

const round = (n: number | string | null): number | null =>
  n === null ? null : Math.round(Number(n) * 10) / 10;

export const createDashboardService = (deps: { db: TDb; clock: TClock; products: TProductsService }) => {
  const repo = dashboardRepo(deps.db);

  return {
    /** The daily job: every shop's counts of today (UTC). */
    snapshotAll: () => repo.snapshot(deps.clock.now(), null),

    productDiagnostics: async (
      caller: TShopCaller,
      q: TProductDiagnosticsQuery,
    ): Promise<TProductDiagnostics> => {
      // The products module answers the counts and refuses a shop the caller may not reach (404).
      const counts = await deps.products.counts(caller, q.shop_id, {
        active_channel: q.active_channel,
        product_id: undefined,
      });
      const channel = CATALOG_CHANNEL_OF[q.active_channel];
      const now = deps.clock.now();
      // The first view of the day keeps today's snapshot (the daily job does it for shops nobody opens).
      await repo.snapshot(now, q.shop_id);
      const [rows, issues, connected] = await Promise.all([
        repo.trend(q.shop_id, channel, addSeconds(now, -(DASHBOARD_TREND_DAYS - 1) * DAY_SECONDS)),
        repo.topIssues(q.shop_id, channel, DASHBOARD_TOP_ISSUES),
        repo.connected(q.shop_id, CONNECTION_OF[channel]),
      ]);
      const byDay = new Map<string, TStatusCounts>();
      for (const r of rows) {
        const day = byDay.get(r.day) ?? emptyCounts();
        if (r.channel === '*') day.all = r.n;
        else if (r.status in day && r.status !== 'all') day[r.status as keyof TStatusCounts] = r.n;
        byDay.set(r.day, day);
      }
      return {
        active_channel: q.active_channel,
        counts,
        trend: [...byDay].map(([day, c]) => ({ day, counts: c })),
        top_issues: issues.map((i) => ({
          code: i.code,
          severity: (['error', 'warning', 'info'].includes(i.severity)
            ? i.severity
            : 'error') as TTopIssue['severity'],
          attribute: i.attribute,
          message: i.message,
          products: i.products,
          tab: TABS_OF_STATUS[i.status] ?? 'all',
        })),
        channel_connected: connected,
      };
    },

    apiHealth: async (caller: TShopCaller, q: TApiHealthQuery): Promise<TApiHealth> => {
      await deps.products.counts(caller, q.shop_id, {
        active_channel: 'free_listings',
        product_id: undefined,
      });
      const rows = await repo.apiHealth(q.shop_id, q.start_date, q.end_date);
      const byDay = new Map(rows.map((r) => [r.day, r]));
      const days: TApiHealth['days'] = [];
      for (
        let t = Date.parse(`${q.start_date}T00:00:00Z`);
        t <= Date.parse(`${q.end_date}T00:00:00Z`);
        t += DAY_SECONDS * 1000
      ) {
        const day = new Date(t).toISOString().slice(0, 10);
        const r = byDay.get(day);
        days.push({
          day,
          calls: r?.calls ?? 0,
          failed: r?.failed ?? 0,
          retried: r?.retried ?? 0,
          p50_ms: r ? round(r.p50) : null,
          p95_ms: r ? round(r.p95) : null,
        });
      }
      const sum = (k: 'calls' | 'failed' | 'retried') => days.reduce((n, d) => n + d[k], 0);
      return { days, totals: { calls: sum('calls'), failed: sum('failed'), retried: sum('retried') } };
    },
  };
};
export type TDashboardService = ReturnType<typeof createDashboardService>;
