import { ErrorCode } from '@gogo/shared/api';

/** A failure the client should see as is: HTTP status, a stable code and a user-facing message. */
export class AppError extends Error {
  /** Seconds after which the client may try again: the error handler sends it as Retry-After. */
  retryAfterS?: number;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, message: string, details?: unknown) =>
  new AppError(400, code, message, details);
export const conflict = (code: ErrorCode, message: string, details?: unknown) =>
  new AppError(409, code, message, details);
export const notFound = (message: string, code: ErrorCode = ErrorCode.NOT_FOUND) => new AppError(404, code, message);
export const forbidden = (message: string) => new AppError(403, ErrorCode.FORBIDDEN, message);

/** The error with a Retry-After of `ms` (rounded up to whole seconds, at least 1). */
export function retryAfter<E extends AppError>(err: E, ms: number): E {
  err.retryAfterS = Math.max(1, Math.ceil(ms / 1000));
  return err;
}
