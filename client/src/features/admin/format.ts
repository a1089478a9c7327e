import type { ADMIN_LIST_LIMITS, AUDIT_ACTIONS, TRANSACTION_STATUSES } from '@gogo/shared/api';
import { formatTimeAgo, TRANSACTION_TYPES } from '@gogo/shared/rules';

// The lists of the contract, restated here as values (the client imports only types from the API
// module, which keeps the schema library out of the bundle); `satisfies` keeps them in step.
export const LIST_LIMITS = [25, 50, 100, 200] as const satisfies readonly (typeof ADMIN_LIST_LIMITS)[number][];
export const TX_TYPES = TRANSACTION_TYPES;
export const TX_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'completed',
  'failed',
  'cancelled',
] as const satisfies readonly (typeof TRANSACTION_STATUSES)[number][];
export const AUDIT_ACTION_NAMES = [
  'login',
  'login_failed',
  'logout',
  'unlock_user',
  'sync_user_balance',
  'reset_user_password',
  'test_login',
  'approve_deposit',
  'reject_deposit',
  'approve_withdrawal',
  'reject_withdrawal',
  'cleanup_corrupted_deposits',
  'fail_corrupted_deposit',
  'grant_credits',
  'totp_enrolled',
  'recovery_code_used',
  'totp_reset',
  'create_event',
  'update_event',
  'cancel_event',
] as const satisfies readonly (typeof AUDIT_ACTIONS)[number][];

const numberFormat = new Intl.NumberFormat('en-US');
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

export const formatNumber = (n: number) => numberFormat.format(n);

/** '15 Jan 2026, 12:00 UTC' (the back office works in UTC, like the analytics days). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? `${dateTimeFormat.format(ms)} UTC` : '—';
}

/** '3h ago': the time ago in days, hours, minutes or seconds (formatTimeAgo). */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'never';
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? `${formatTimeAgo(now - ms)} ago` : 'never';
}

/** 'approve_deposit' -> 'Approve deposit'. */
export const humanize = (key: string) => {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** USD value of a deposit x 10 (1 USD = 10 rolls), the approve dialog's starting value. */
export function defaultDiceRolls(suggested: number | null, usdValue: number | null): string {
  if (suggested !== null && suggested > 0) return String(suggested);
  if (usdValue !== null && usdValue > 0) return String(Math.floor(usdValue * 10 + 1e-9));
  return '';
}

/** A random password for the reset dialog: 14 characters from an unambiguous alphabet, letters and digits. */
export function generatePassword(
  random: (n: number) => Uint32Array = (n) => crypto.getRandomValues(new Uint32Array(n)),
) {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const values = random(14);
  let out = '';
  for (let i = 0; i < values.length; i += 1) {
    const pool = i === 0 ? letters : i === 1 ? digits : all;
    out += pool[values[i]! % pool.length];
  }
  return out;
}

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** '$1,234.50': the treasury's amounts, to the cent. */
export const formatUsdAmount = (n: number) => usdFormat.format(n);
