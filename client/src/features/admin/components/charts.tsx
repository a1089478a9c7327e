import { useId } from 'react';
import { formatNumber } from '../format';
import './charts.css';

export interface Series {
  label: string;
  values: readonly number[];
}

/** A round upper bound and its ticks: 0, step, 2 step, ... >= max (steps of 1, 2 or 5 x 10^n). */
export function niceScale(max: number, targetTicks = 4): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const rough = max / targetTicks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const wholeStep = Math.max(1, step); // counts are whole numbers
  const top = Math.ceil(max / wholeStep) * wholeStep;
  const ticks: number[] = [];
  for (let v = 0; v <= top + 1e-9; v += wholeStep) ticks.push(v);
  return { top, ticks };
}

const W = 640;
const H = 240;
const PAD = { left: 52, right: 12, top: 14, bottom: 34 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

const shortDate = (iso: string) => iso.slice(5); // 'MM-DD'

/**
 * A per-day chart drawn as SVG: bars (one or two series side by side) or lines. Readable by a screen
 * reader through its label and the data table beneath it.
 */
export function DayChart({
  title,
  dates,
  series,
  kind,
  unit,
}: {
  title: string;
  dates: readonly string[];
  series: readonly Series[];
  kind: 'bar' | 'line';
  unit: string;
}) {
  const titleId = useId();
  const descId = useId();
  const n = dates.length;
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const { top, ticks } = niceScale(max);
  const y = (v: number) => PAD.top + PLOT_H - (v / top) * PLOT_H;
  const slot = PLOT_W / Math.max(1, n);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  // Every k-th day is labelled, and always the last one (today), dropping a label too close to it.
  const labelEvery = Math.max(1, Math.ceil(n / 10));
  const labelled = new Set<number>();
  for (let i = 0; i < n; i += labelEvery) labelled.add(i);
  const lastLabelled = Math.max(-1, ...labelled);
  if (n > 0 && lastLabelled !== n - 1) {
    if (n - 1 - lastLabelled < labelEvery) labelled.delete(lastLabelled);
    labelled.add(n - 1);
  }
  const totals = series.map((s) => s.values.reduce((a, b) => a + b, 0));
  const summary = series.map((s, i) => `${s.label}: ${formatNumber(totals[i]!)} ${unit}`).join('; ');

  return (
    <figure className="admin-chart">
      <figcaption id={titleId}>
        <span className="admin-chart__title">{title}</span>
        <span className="admin-chart__legend">
          {series.map((s, i) => (
            <span key={s.label} className="admin-chart__key">
              <span className={`admin-chart__swatch series-${i}`} aria-hidden="true" />
              {s.label}: <strong>{formatNumber(totals[i]!)}</strong>
            </span>
          ))}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="admin-chart__svg"
        preserveAspectRatio="xMidYMid meet"
      >
        <desc id={descId}>{`Per day from ${dates[0] ?? ''} to ${dates[n - 1] ?? ''}. ${summary}.`}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line className="admin-chart__grid" x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text className="admin-chart__axis" x={PAD.left - 8} y={y(t)} textAnchor="end" dominantBaseline="middle">
              {formatNumber(t)}
            </text>
          </g>
        ))}
        {dates.map((d, i) =>
          labelled.has(i) ? (
            <text key={d} className="admin-chart__axis" x={x(i)} y={H - PAD.bottom + 18} textAnchor="middle">
              {shortDate(d)}
            </text>
          ) : null,
        )}
        {kind === 'bar'
          ? series.map((s, si) => {
              const groupW = Math.min(28, slot * 0.8);
              const barW = groupW / series.length;
              return (
                <g key={s.label} className={`series-${si}`}>
                  {s.values.map((v, i) => {
                    const left = x(i) - groupW / 2 + barW * si;
                    const h = y(0) - y(v);
                    return (
                      <rect
                        key={dates[i]}
                        x={left}
                        y={y(v)}
                        width={Math.max(1, barW - 1)}
                        height={Math.max(0, h)}
                        rx={2}
                      >
                        <title>{`${dates[i]}: ${formatNumber(v)} ${s.label.toLowerCase()}`}</title>
                      </rect>
                    );
                  })}
                </g>
              );
            })
          : series.map((s, si) => (
              <g key={s.label} className={`series-${si}`}>
                <polyline
                  className="admin-chart__line"
                  fill="none"
                  points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
                />
                {s.values.map((v, i) => (
                  <circle key={dates[i]} cx={x(i)} cy={y(v)} r={n > 60 ? 1.5 : 3}>
                    <title>{`${dates[i]}: ${formatNumber(v)} ${unit} ${s.label.toLowerCase()}`}</title>
                  </circle>
                ))}
              </g>
            ))}
        <line className="admin-chart__baseline" x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} />
      </svg>
      <details className="admin-chart__data">
        <summary>Data table</summary>
        <TableOf dates={dates} series={series} />
      </details>
    </figure>
  );
}

function TableOf({ dates, series }: { dates: readonly string[]; series: readonly Series[] }) {
  return (
    <table className="admin-table admin-table--compact">
      <thead>
        <tr>
          <th scope="col">Day (UTC)</th>
          {series.map((s) => (
            <th key={s.label} scope="col" className="num">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {dates.map((d, i) => (
          <tr key={d}>
            <th scope="row">{d}</th>
            {series.map((s) => (
              <td key={s.label} className="num">
                {formatNumber(s.values[i] ?? 0)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
