import { realtimeText } from '@gogo/shared/messages';
import { useLiveStatus } from '../lib/realtime';
import './live-indicator.css';

const LABELS = {
  live: { label: realtimeText.live, title: realtimeText.liveTitle },
  connecting: { label: realtimeText.connecting, title: realtimeText.connectingTitle },
  polling: { label: realtimeText.polling, title: realtimeText.pollingTitle },
} as const;

/**
 * A small dot and word telling how this page stays current: live pushes, connecting, or the polling
 * fallback. Nothing when signed out. The word hides on narrow screens; the dot and its title stay.
 */
export function LiveIndicator({ className = '' }: { className?: string }) {
  const status = useLiveStatus();
  if (status === 'off') return null;
  const { label, title } = LABELS[status];
  return (
    // No live region: pages own their status messages, and a connection flapping must not chatter.
    <span
      className={`live-indicator live-indicator--${status} ${className}`.trim()}
      title={title}
      data-live-status={status}
    >
      <span className="live-indicator__dot" aria-hidden="true" />
      <span className="live-indicator__label" aria-hidden="true">
        {label}
      </span>
      <span className="visually-hidden">{title}</span>
    </span>
  );
}
