import {
  TREASURY_DEFAULT_DAYS,
  TreasuryErrorCode,
  type TreasuryDay,
  type TreasuryResult,
  type WithdrawalQuote,
} from '@gogo/shared/api';
import { treasuryText } from '@gogo/shared/messages';
import {
  fitsBudget,
  formatUnits,
  isCryptoType,
  ledgerKind,
  MONEY_SCALE,
  overBudget,
  PAYOUT_DECIMALS,
  payoutUnits,
  priceKeyOf,
  redemptionCents,
} from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Queryable, Tx } from '../../db/sql.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { treasuryOf, type TreasuryConfig } from '../../settings/index.js';
import { hitInTx } from '../throttle/index.js';
import { treasuryRepo as repo, type CashDayRow } from './treasury-repo.js';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dollars = (cents: number) => Math.round(cents) / 100;

/** Today's prices of the coins (the prices module, wired by the app); null when none is known. */
export interface CoinPrices {
  latest(): Promise<{ pricesUsd: Record<string, number>; updatedAt: number } | null>;
}

/** A withdrawal to quote: its GOGO and the coin it is paid in. */
export interface QuoteInput {
  amount: number;
  cryptoType: string | null;
}

/**
 * The treasury: what the house owes (every balance plus the withdrawals waiting), what came in and
 * went out, and the daily payout budget. The quote of a withdrawal (its USD at the redemption price
 * and its coin amount at today's price) is the one the queue shows and the approval checks.
 */
export function createTreasury(deps: {
  database: Database;
  clock: Clock;
  /** The app's settings: REDEMPTION_PRICE_USD and WITHDRAW_DAILY_BUDGET_USD (treasuryOf), LAUNCH_PRICE_USD. */
  config: { treasury?: TreasuryConfig; site: { launchPriceUsd: number; redemptionPriceUsd?: number } };
  prices: CoinPrices;
}) {
  const { database, clock, prices } = deps;
  const config = treasuryOf(deps.config);
  const launchPriceUsd = deps.config.site.launchPriceUsd;
  const budgetCents = Math.round(config.dailyBudgetUsd * 100);
  const midnight = (now: number) => Math.floor(now / DAY_MS) * DAY_MS;

  /** Cents paid today: recorded values, and GOGO without one at the redemption price. */
  async function paidTodayCents(q: Queryable, now: number): Promise<number> {
    const paid = await repo.paidSince(q, midnight(now));
    return paid.cents + redemptionCents(paid.gogo, config.redemptionPriceUsd);
  }

  const cashCents = (row: { cents: number; gogo: number }) =>
    row.cents + redemptionCents(row.gogo, config.redemptionPriceUsd);

  async function quoteAll(rows: readonly QuoteInput[], now: number): Promise<WithdrawalQuote[]> {
    const snapshot = await prices.latest();
    const paid = await paidTodayCents(database.read, now);
    const cents = rows.map((r) => redemptionCents(r.amount, config.redemptionPriceUsd));
    const over = overBudget(paid, budgetCents, cents);
    return rows.map((r, i) => {
      const coin = r.cryptoType !== null && isCryptoType(r.cryptoType) ? r.cryptoType : null;
      const coinPrice = coin && snapshot ? (snapshot.pricesUsd[priceKeyOf(coin)] ?? null) : null;
      const units = coin && coinPrice !== null ? payoutUnits(cents[i]!, coinPrice, PAYOUT_DECIMALS[coin]) : null;
      return {
        usdValue: dollars(cents[i]!),
        redemptionPriceUsd: config.redemptionPriceUsd,
        cryptoAmount: units === null ? null : formatUnits(units),
        coinPriceUsd: coinPrice,
        priceUpdatedAt: snapshot && coinPrice !== null ? new Date(snapshot.updatedAt).toISOString() : null,
        overBudget: over[i]!,
      };
    });
  }

  return {
    quoteAll,

    /** The quote of one withdrawal now, in minor units of its coin (null without a price). */
    async quoteUnits(row: QuoteInput): Promise<{ cents: number; units: number | null }> {
      const cents = redemptionCents(row.amount, config.redemptionPriceUsd);
      const coin = row.cryptoType !== null && isCryptoType(row.cryptoType) ? row.cryptoType : null;
      const snapshot = coin ? await prices.latest() : null;
      const price = coin && snapshot ? snapshot.pricesUsd[priceKeyOf(coin)] : undefined;
      return { cents, units: coin && price ? payoutUnits(cents, price, PAYOUT_DECIMALS[coin]) : null };
    },

    /**
     * Inside an approval's transaction: refuses (409) a payout that would take today beyond the
     * budget. The day's counter row serialises approvals, so two at once cannot both squeeze in.
     * Answers the withdrawal's USD value in minor units, to be recorded with it.
     */
    async reserveBudget(tx: Tx, amount: number, now: number): Promise<number> {
      const cents = redemptionCents(amount, config.redemptionPriceUsd);
      if (budgetCents > 0) {
        await hitInTx(tx, `withdraw-budget:${isoDay(now)}`, midnight(now) + DAY_MS - now, now);
        const paid = await paidTodayCents(tx, now);
        if (!fitsBudget(paid, budgetCents, cents)) {
          throw new AppError(
            409,
            TreasuryErrorCode.WITHDRAW_BUDGET_EXCEEDED,
            treasuryText.overBudget(dollars(cents), dollars(Math.max(0, budgetCents - paid)), config.dailyBudgetUsd),
          );
        }
      }
      return cents * (MONEY_SCALE / 100);
    },

    async report(query: { days?: number }): Promise<TreasuryResult> {
      const now = clock();
      const days = query.days ?? TREASURY_DEFAULT_DAYS;
      const today = midnight(now);
      const from = today - (days - 1) * DAY_MS;
      const q = database.read;
      const held = await repo.outstanding(q);
      const raw = await repo.days(q, from);
      const allTime = await repo.allTime(q);
      const paid = await paidTodayCents(q, now);

      const series: TreasuryDay[] = Array.from({ length: days }, (_, i) => ({
        date: isoDay(from + i * DAY_MS),
        depositsUsd: 0,
        withdrawalsUsd: 0,
        minted: {},
        mintedTotal: 0,
        spent: {},
        spentTotal: 0,
      }));
      const put = (rows: CashDayRow[], key: 'depositsUsd' | 'withdrawalsUsd') => {
        for (const r of rows) {
          const day = series[r.day];
          if (day) day[key] = dollars(cashCents(r));
        }
      };
      put(raw.deposits, 'depositsUsd');
      put(raw.withdrawals, 'withdrawalsUsd');
      for (const r of raw.ledger) {
        const day = series[r.day];
        if (!day) continue;
        const kind = ledgerKind(r.type, r.reason);
        if (r.minted > 0) {
          day.minted[kind] = (day.minted[kind] ?? 0) + r.minted;
          day.mintedTotal += r.minted;
        }
        if (r.spent > 0) {
          day.spent[kind] = (day.spent[kind] ?? 0) + r.spent;
          day.spentTotal += r.spent;
        }
      }
      const sumKinds = (pick: (d: TreasuryDay) => Record<string, number>) => {
        const out: Record<string, number> = {};
        for (const d of series) for (const [k, v] of Object.entries(pick(d))) out[k] = (out[k] ?? 0) + v;
        return out;
      };
      const total = held.balances + held.pendingGogo;
      const depositsCents = cashCents(allTime.deposits);
      const withdrawalsCents = cashCents(allTime.withdrawals);
      const owedCents = redemptionCents(total, config.redemptionPriceUsd);
      return {
        generatedAt: new Date(now).toISOString(),
        launchPriceUsd: launchPriceUsd,
        redemptionPriceUsd: config.redemptionPriceUsd,
        outstanding: {
          balances: held.balances,
          pendingWithdrawals: held.pendingGogo,
          pendingWithdrawalCount: held.pendingCount,
          total,
          ledgerBalances: held.ledgerBalances,
          valueAtLaunchUsd: dollars(redemptionCents(total, launchPriceUsd)),
          valueAtRedemptionUsd: dollars(owedCents),
        },
        budget: {
          dailyUsd: config.dailyBudgetUsd,
          paidTodayUsd: dollars(paid),
          remainingUsd: budgetCents > 0 ? dollars(Math.max(0, budgetCents - paid)) : null,
        },
        days,
        from: isoDay(from),
        to: isoDay(today),
        series,
        totals: {
          depositsUsd: dollars(series.reduce((s, d) => s + Math.round(d.depositsUsd * 100), 0)),
          withdrawalsUsd: dollars(series.reduce((s, d) => s + Math.round(d.withdrawalsUsd * 100), 0)),
          minted: sumKinds((d) => d.minted),
          mintedTotal: series.reduce((s, d) => s + d.mintedTotal, 0),
          spent: sumKinds((d) => d.spent),
          spentTotal: series.reduce((s, d) => s + d.spentTotal, 0),
        },
        net: {
          depositsUsd: dollars(depositsCents),
          withdrawalsUsd: dollars(withdrawalsCents),
          cashUsd: dollars(depositsCents - withdrawalsCents),
          owedUsd: dollars(owedCents),
          positionUsd: dollars(depositsCents - withdrawalsCents - owedCents),
        },
      };
    },
  };
}

export type Treasury = ReturnType<typeof createTreasury>;
