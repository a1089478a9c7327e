import { useState } from 'react';
import type { TreasuryResult } from '@gogo/shared/api';
import { ledgerKindText, treasuryText as t } from '@gogo/shared/messages';
import { ListState } from '../../../components/ListState';
import { SelectField } from '../../../components/SelectField';
import { useTreasury } from '../api/reports';
import { formatNumber, formatUsdAmount } from '../format';
import { DayChart } from './charts';
import './TreasuryTab.css';

const RANGES = [7, 30, 90].map((r) => ({ value: r, label: `Last ${r} days` }));

const gogo = (n: number) => `${formatNumber(n)} GOGO`;
const kindLabel = (kind: string) => ledgerKindText[kind as keyof typeof ledgerKindText] ?? kind;

function Card(props: { label: string; value: string; note: string; tone?: 'good' | 'bad'; testId: string }) {
  return (
    <article className={`admin-card treasury-card${props.tone ? ` treasury-card--${props.tone}` : ''}`}>
      <h3 className="admin-card__label">{props.label}</h3>
      <p className="admin-card__value" data-testid={props.testId}>
        {props.value}
      </p>
      <p className="admin-card__note">{props.note}</p>
    </article>
  );
}

function Cards({ data }: { data: TreasuryResult }) {
  const { outstanding: o, budget: b, net } = data;
  return (
    <section className="treasury-cards" aria-label={t.title}>
      <Card
        testId="treasury-outstanding"
        label={t.outstanding}
        value={gogo(o.total)}
        note={t.outstandingNote(formatNumber(o.balances), formatNumber(o.pendingWithdrawals))}
      />
      <Card
        testId="treasury-owed"
        label={t.valueAtRedemption}
        value={formatUsdAmount(o.valueAtRedemptionUsd)}
        note={t.valueAtRedemptionNote(formatUsdAmount(data.redemptionPriceUsd))}
      />
      <Card
        testId="treasury-launch-value"
        label={t.valueAtLaunch}
        value={formatUsdAmount(o.valueAtLaunchUsd)}
        note={t.valueAtLaunchNote(formatUsdAmount(data.launchPriceUsd))}
      />
      <Card
        testId="treasury-net"
        label={t.netPosition}
        value={formatUsdAmount(net.positionUsd)}
        tone={net.positionUsd < 0 ? 'bad' : 'good'}
        note={t.netPositionNote(formatUsdAmount(net.cashUsd), formatUsdAmount(net.owedUsd))}
      />
      <Card
        testId="treasury-budget"
        label={t.budget}
        value={b.remainingUsd === null ? '—' : formatUsdAmount(b.remainingUsd)}
        note={
          b.dailyUsd > 0 ? t.budgetNote(formatUsdAmount(b.paidTodayUsd), formatUsdAmount(b.dailyUsd)) : t.budgetNone
        }
      />
    </section>
  );
}

function KindTable({ title, byKind, total }: { title: string; byKind: Record<string, number>; total: number }) {
  const rows = Object.entries(byKind).sort((a, b) => b[1] - a[1]);
  return (
    <section className="admin-box">
      <h3 className="treasury-kinds__title">{title}</h3>
      <table className="admin-table admin-table--compact">
        <thead>
          <tr>
            <th scope="col">{t.kindColumn}</th>
            <th scope="col" className="num">
              {t.gogoColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([kind, n]) => (
            <tr key={kind}>
              <th scope="row">{kindLabel(kind)}</th>
              <td className="num">{formatNumber(n)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="num">
              <strong>{formatNumber(total)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/**
 * The treasury: what the house owes (GOGO outstanding and its value at the redemption and launch
 * prices), the net position, today's payout budget, money in and out and GOGO minted and spent per
 * day. Drawn with the back office's own SVG chart kit (charts.tsx).
 */
export function TreasuryTab() {
  const [days, setDays] = useState<number>(30);
  const { data, isLoading, error } = useTreasury(days);
  const dates = data?.series.map((d) => d.date) ?? [];
  const o = data?.outstanding;
  return (
    <div className="admin-stack treasury">
      <div className="admin-toolbar">
        <h2>{t.title}</h2>
        <SelectField
          label="Period"
          className="field--inline"
          options={RANGES}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        />
      </div>
      <ListState loading={isLoading} error={error} empty={false} emptyText="" />
      {data && o && (
        <>
          <Cards data={data} />
          {o.balances !== o.ledgerBalances && (
            <p className="treasury-warning" role="alert">
              {t.ledgerMismatch(formatNumber(o.balances), formatNumber(o.ledgerBalances))}
            </p>
          )}
          <div className="admin-charts">
            <DayChart
              title={t.cashChart}
              dates={dates}
              kind="bar"
              unit="USD"
              series={[
                { label: t.depositsSeries, values: data.series.map((d) => d.depositsUsd) },
                { label: t.withdrawalsSeries, values: data.series.map((d) => d.withdrawalsUsd) },
              ]}
            />
            <DayChart
              title={t.gogoChart}
              dates={dates}
              kind="bar"
              unit="GOGO"
              series={[
                { label: t.mintedSeries, values: data.series.map((d) => d.mintedTotal) },
                { label: t.spentSeries, values: data.series.map((d) => d.spentTotal) },
              ]}
            />
          </div>
          <div className="admin-grid-2">
            <KindTable title={t.mintedByKind} byKind={data.totals.minted} total={data.totals.mintedTotal} />
            <KindTable title={t.spentByKind} byKind={data.totals.spent} total={data.totals.spentTotal} />
          </div>
        </>
      )}
    </div>
  );
}
