import { formatLaunchDate } from '../../lib/plainFormat';
import { useCountdown } from './countdown';
import './Countdown.css';

const pad = (n: number) => String(n).padStart(2, '0');

interface Props {
  launchAt: string | undefined;
  /** Names the timer for assistive technology. */
  label: string;
  compact?: boolean;
}

/**
 * Days, hours, minutes and seconds until the launch; from the launch moment on, a launched state.
 * The numbers are not a live region (a screen reader would hear every second): the label and the
 * launch date say what they count down to.
 */
export function Countdown({ launchAt, label, compact = false }: Props) {
  const parts = useCountdown(launchAt);
  const className = compact ? 'countdown countdown--compact' : 'countdown';
  if (!launchAt || !parts) {
    return (
      <div className={className} aria-busy="true" aria-label={label}>
        {(['Days', 'Hours', 'Minutes', 'Seconds'] as const).map((unit) => (
          <div className="countdown__cell" key={unit}>
            <span className="countdown__value" aria-hidden="true">
              --
            </span>
            <span className="countdown__unit">{unit}</span>
          </div>
        ))}
      </div>
    );
  }
  if (parts.done) {
    return (
      <div className={`${className} countdown--done`} role="status" data-testid="countdown-launched">
        <span className="countdown__badge">Launch date reached</span>
        {compact ? (
          <span>
            The GOGO token launch was announced for {formatLaunchDate(launchAt)}. Your GOGO stay in your account as game
            credits.
          </span>
        ) : (
          // The hero names the date just above; this stays short to fit the countdown's own box.
          <span className="countdown__note">Your GOGO stay in your account as game credits.</span>
        )}
      </div>
    );
  }
  const cells = [
    { unit: 'Days', value: String(parts.days) },
    { unit: 'Hours', value: pad(parts.hours) },
    { unit: 'Minutes', value: pad(parts.minutes) },
    { unit: 'Seconds', value: pad(parts.seconds) },
  ];
  return (
    <div className={className} role="timer" aria-label={label} data-testid="countdown">
      {cells.map((c) => (
        <div className="countdown__cell" key={c.unit}>
          <span className="countdown__value" data-unit={c.unit.toLowerCase()}>
            {c.value}
          </span>
          <span className="countdown__unit">{c.unit}</span>
        </div>
      ))}
    </div>
  );
}
