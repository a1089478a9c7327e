import { useId, useState } from 'react';
import { useAnalytics } from '../api/reports';
import { formatNumber } from '../format';
import { DayChart } from './charts';
import { LoadState } from './ui';

const RANGES = [7, 30, 90, 365] as const;

/** Analytics: real per-day figures from the server, drawn as SVG charts. */
export function AnalyticsTab() {
  const id = useId();
  const [days, setDays] = useState<number>(30);
  const { data, isLoading, error, isFetching } = useAnalytics(days);
  const dates = data?.series.map((d) => d.date) ?? [];
  const pick = (key: 'signups' | 'rolls' | 'depositsApproved' | 'diceRollsCredited' | 'gogoIssued' | 'gogoWithdrawn') =>
    data?.series.map((d) => d[key]) ?? [];

  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <h2>Activity per day (UTC)</h2>
        <div className="form__field admin-inline-field">
          <label htmlFor={id}>Period</label>
          <select id={id} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {RANGES.map((r) => (
              <option key={r} value={r}>
                Last {r} days
              </option>
            ))}
          </select>
        </div>
      </div>
      <LoadState loading={isLoading} error={error} empty={false} emptyText="" />
      {data && (
        <>
          <div className="admin-summary-strip" aria-live="polite">
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
            {isFetching && <span className="admin-muted">Updating...</span>}
          </div>
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
