import { useState } from 'react';
import { ListState } from '../../../components/ListState';
import { SelectField } from '../../../components/SelectField';
import { useAnalytics } from '../api/reports';
import { formatNumber } from '../format';
import { DayChart } from './charts';
import { SummaryStrip } from './ui';

const RANGES = [7, 30, 90, 365].map((r) => ({ value: r, label: `Last ${r} days` }));

/** Analytics: real per-day figures from the server, drawn as SVG charts. */
export function AnalyticsTab() {
  const [days, setDays] = useState<number>(30);
  const { data, isLoading, error, isFetching } = useAnalytics(days);
  const dates = data?.series.map((d) => d.date) ?? [];
  const pick = (key: 'signups' | 'rolls' | 'depositsApproved' | 'diceRollsCredited' | 'gogoIssued' | 'gogoWithdrawn') =>
    data?.series.map((d) => d[key]) ?? [];

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
          </SummaryStrip>
          <div className="admin-charts">
            <DayChart
              title="Signups"
              dates={dates}
              series={[{ label: 'Signups', values: pick('signups') }]}
              kind="bar"
              unit="signups"
            />
            <DayChart
              title="Rolls"
              dates={dates}
              series={[{ label: 'Rolls', values: pick('rolls') }]}
              kind="bar"
              unit="rolls"
            />
            <DayChart
              title="Deposits approved"
              dates={dates}
              series={[{ label: 'Deposits approved', values: pick('depositsApproved') }]}
              kind="bar"
              unit="deposits"
            />
            <DayChart
              title="GOGO issued vs GOGO withdrawn"
              dates={dates}
              series={[
                { label: 'Issued', values: pick('gogoIssued') },
                { label: 'Withdrawn', values: pick('gogoWithdrawn') },
              ]}
              kind={days > 30 ? 'line' : 'bar'}
              unit="GOGO"
            />
          </div>
        </>
      )}
    </div>
  );
}
