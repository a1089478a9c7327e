import { ErrorCode } from '@gogo/shared/api';

/** A failure the client should see as is: HTTP status, a stable code and a user-facing message. */
export class AppError extends Error {
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
