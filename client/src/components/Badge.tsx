import type { ReactNode } from 'react';
import './Badge.css';

export type BadgeTone = 'neutral' | 'warning' | 'success' | 'danger';

/** A small rounded label for a state ('pending', 'locked'). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

const STATUS_TONE: Record<string, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  completed: 'success',
  rejected: 'danger',
  failed: 'danger',
  cancelled: 'danger',
};

/** A money request's status as a badge: pending in amber, done in green, refused or failed in red. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONE[status] ?? 'neutral'}>{status}</Badge>;
}
