import { useState } from 'react';
import { ListState } from '../../../components/ListState';
import { SelectField } from '../../../components/SelectField';
import { useAnalytics } from '../api/reports';
import { formatNumber } from '../format';
import { DayChart } from './charts';
import { SummaryStrip } from './ui';

type SeriesKey =
  'signups' | 'rolls' | 'depositsApproved' | 'gogoIssued' | 'gogoWithdrawn' | 'gogoSpentOnUpgrades' | 'boardsCompleted';

/** The charts: single series as bars; issued against withdrawn as lines over long periods. */
const CHARTS: Array<{ title: string; unit: string; series: Array<[string, SeriesKey]> }> = [
  { title: 'Signups', unit: 'signups', series: [['Signups', 'signups']] },
  { title: 'Rolls', unit: 'rolls', series: [['Rolls', 'rolls']] },
  { title: 'Deposits approved', unit: 'deposits', series: [['Deposits approved', 'depositsApproved']] },
  {
    title: 'GOGO issued vs GOGO withdrawn',
    unit: 'GOGO',
    series: [
      ['Issued', 'gogoIssued'],
      ['Withdrawn', 'gogoWithdrawn'],
    ],
  },
  { title: 'GOGO spent on upgrades', unit: 'GOGO', series: [['Spent on upgrades', 'gogoSpentOnUpgrades']] },
  { title: 'Boards completed', unit: 'boards', series: [['Boards completed', 'boardsCompleted']] },
];

const RANGES = [7, 30, 90, 365].map((r) => ({ value: r, label: `Last ${r} days` }));

/** Analytics: real per-day figures from the server, drawn as SVG charts. */
export function AnalyticsTab() {
  const [days, setDays] = useState<number>(30);
  const { data, isLoading, error, isFetching } = useAnalytics(days);
  const dates = data?.series.map((d) => d.date) ?? [];
  const pick = (key: SeriesKey) => data?.series.map((d) => d[key]) ?? [];

  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <h2>Activity per day (UTC)</h2>
        <SelectField
          label="Period"
          className="field--inline"
          options={RANGES}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        />
      </div>
      <ListState loading={isLoading} error={error} empty={false} emptyText="" />
      {data && (
        <>
          <SummaryStrip updating={isFetching}>
            <span>
              {data.from} to {data.to}
            </span>
            <span>
              Signups: <strong>{formatNumber(data.totals.signups)}</strong>
            </span>
            <span>
              Rolls: <strong>{formatNumber(data.totals.rolls)}</strong>
            </span>
            <span>
              Deposits approved: <strong>{formatNumber(data.totals.depositsApproved)}</strong> (
              {formatNumber(data.totals.diceRollsCredited)} dice rolls credited)
            </span>
            <span>
              GOGO issued: <strong>{formatNumber(data.totals.gogoIssued)}</strong>, withdrawn:{' '}
              <strong>{formatNumber(data.totals.gogoWithdrawn)}</strong>
            </span>
            <span>
              Spent on upgrades: <strong>{formatNumber(data.totals.gogoSpentOnUpgrades)}</strong> GOGO, boards
              completed: <strong>{formatNumber(data.totals.boardsCompleted)}</strong>
            </span>
          </SummaryStrip>
          <div className="admin-charts">
            {CHARTS.map((c) => (
              <DayChart
                key={c.title}
                title={c.title}
                dates={dates}
                series={c.series.map(([label, key]) => ({ label, values: pick(key) }))}
                kind={c.series.length > 1 && days > 30 ? 'line' : 'bar'}
                unit={c.unit}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
