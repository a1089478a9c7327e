import { ErrorCode } from '@gogo/shared/api';
import { serverText } from '@gogo/shared/messages';
import { AppError } from '../lib/errors.js';
import { countTimeout, type TimeoutKind } from '../lib/metrics.js';

/**
 * Database errors of both engines mapped to what services need to know. Services never look at a
 * driver's error codes themselves.
 */
interface DriverError {
  code?: string;
  errno?: number;
  message?: string;
}

const codeOf = (err: unknown): string | undefined =>
  typeof err === 'object' && err !== null ? (err as DriverError).code : undefined;

/** A UNIQUE or PRIMARY KEY constraint refused the write (SQLite SQLITE_CONSTRAINT_*, PostgreSQL 23505). */
export function isUniqueViolation(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** A FOREIGN KEY constraint refused the write. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** PostgreSQL gave up on the transaction to keep it serialisable (40001) or broke a deadlock (40P01): retry it. */
export function isRetryable(err: unknown): boolean {
  const code = codeOf(err);
  return code === '40001' || code === '40P01';
}

const UNAVAILABLE_CODES = new Set([
  // SQLite: another process holds the write lock past busy_timeout.
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  // Node sockets.
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  // PostgreSQL: shutdown, crash recovery, too many connections, connection failures.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // statement_timeout and lock_timeout (PG_STATEMENT_TIMEOUT_MS, PG_LOCK_TIMEOUT_MS): try again later.
  '57014',
  '55P03',
]);

/** The database cannot be reached or is not accepting work right now: the request may succeed later. */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  const code = codeOf(err);
  if (code !== undefined && UNAVAILABLE_CODES.has(code)) return true;
  const message = typeof err === 'object' && err !== null ? String((err as DriverError).message ?? '') : '';
  // node-postgres reports a dropped socket or an exhausted pool without a code.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}

/** The Retry-After of a 503: a restart or a lock wait is usually over within seconds. */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

/** Thrown (and answered 503) when the database is unreachable or a transaction exhausted its retries. */
export class DatabaseUnavailableError extends AppError {
  constructor(readonly reason: string) {
    super(503, ErrorCode.SERVICE_UNAVAILABLE, serverText.unavailable);
    this.name = 'DatabaseUnavailableError';
    this.retryAfterS = UNAVAILABLE_RETRY_AFTER_S;
  }
}

/** Turns a driver's "unavailable" failure into the 503 the envelope answers with; anything else passes. */
export function mapDatabaseError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (!isUnavailable(err)) return err;
  const timeout = TIMEOUT_CODES[codeOf(err) ?? ''];
  if (timeout) countTimeout(timeout);
  return new DatabaseUnavailableError(String((err as DriverError).message ?? err));
}

/** Driver codes of a timeout, counted in gogo_timeouts_total (an operator sees locks and slow queries). */
const TIMEOUT_CODES: Record<string, TimeoutKind> = {
  '57014': 'statement',
  '55P03': 'lock',
  SQLITE_BUSY: 'busy',
  SQLITE_BUSY_SNAPSHOT: 'busy',
};
