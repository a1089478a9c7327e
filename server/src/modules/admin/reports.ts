import {
  ACTIVE_USER_WINDOW_DAYS,
  ANALYTICS_DEFAULT_DAYS,
  type AdminSummary,
  type AnalyticsDay,
  type AnalyticsResult,
} from '@gogo/shared/api';
import type { Clock } from '../../lib/clock.js';
import type { Database } from '../../db/database.js';
import { adminMoneyRepo, type DayCount } from './money-repo.js';
import { adminRepo } from './repo.js';

const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The dashboard's figures: summary cards and the per-day analytics. Read-only, real numbers only. */
export function createAdminReports(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;
  // The dashboard's figures tolerate the replica's lag (Database.replica): docs/scaling.md.
  const q = database.replica;

  return {
    async summary(): Promise<AdminSummary> {
      const now = clock();
      const users = await adminRepo.userCounts(q, now, now - ACTIVE_USER_WINDOW_DAYS * DAY_MS, now - DAY_MS);
      const money = await adminMoneyRepo.moneyCounts(q);
      const held = await adminRepo.totalHoldings(q);
      const buckets = await adminMoneyRepo.transactionBuckets(q, {});
      return {
        totalUsers: users.totalUsers,
        active24h: users.active24h,
        activeUsers: users.activeUsers,
        totalTx: buckets.reduce((n, b) => n + b.n, 0),
        pendingDeposits: money.pendingDeposits,
        pendingWithdrawals: money.pendingWithdrawals,
        lockedUsers: users.lockedUsers,
        totalBalance: held.gogo,
        totalDiceRolls: held.dice,
        generatedAt: new Date(now).toISOString(),
      };
    },

    /** One row per UTC day, the last `days` days up to today, with zeros where nothing happened. */
    async analytics(query: { days?: number }): Promise<AnalyticsResult> {
      const days = query.days ?? ANALYTICS_DEFAULT_DAYS;
      const today = Math.floor(clock() / DAY_MS) * DAY_MS;
      const from = today - (days - 1) * DAY_MS;
      const raw = await adminMoneyRepo.analytics(q, from);
      const series: AnalyticsDay[] = Array.from({ length: days }, (_, i) => ({
        date: isoDay(from + i * DAY_MS),
        signups: 0,
        rolls: 0,
        depositsApproved: 0,
        diceRollsCredited: 0,
        gogoIssued: 0,
        gogoWithdrawn: 0,
        gogoSpentOnUpgrades: 0,
        boardsCompleted: 0,
      }));
      const put = (rows: DayCount[], apply: (day: AnalyticsDay, row: DayCount) => void) => {
        for (const row of rows) {
          const day = series[row.day];
          if (day) apply(day, row);
        }
      };
      put(raw.signups, (d, r) => (d.signups = r.n));
      put(raw.rolls, (d, r) => (d.rolls = r.n));
      put(raw.depositsApproved, (d, r) => {
        d.depositsApproved = r.n;
        d.diceRollsCredited = r.amount;
      });
      put(raw.gogoIssued, (d, r) => (d.gogoIssued = r.amount));
      put(raw.gogoWithdrawn, (d, r) => (d.gogoWithdrawn = r.amount));
      put(raw.upgrades, (d, r) => {
        d.gogoSpentOnUpgrades = r.amount;
        d.boardsCompleted = r.n;
      });
      const sum = (key: keyof Omit<AnalyticsDay, 'date'>) => series.reduce((acc, d) => acc + d[key], 0);
      return {
        days,
        from: isoDay(from),
        to: isoDay(today),
        series,
        totals: {
          signups: sum('signups'),
          rolls: sum('rolls'),
          depositsApproved: sum('depositsApproved'),
          diceRollsCredited: sum('diceRollsCredited'),
          gogoIssued: sum('gogoIssued'),
          gogoWithdrawn: sum('gogoWithdrawn'),
          gogoSpentOnUpgrades: sum('gogoSpentOnUpgrades'),
          boardsCompleted: sum('boardsCompleted'),
        },
      };
    },
  };
}

export type AdminReports = ReturnType<typeof createAdminReports>;
