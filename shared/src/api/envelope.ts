import { Type, type TSchema } from 'typebox';

/** Error codes the API can answer with. Client and server share this list. */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  MALFORMED_JSON: 'MALFORMED_JSON',
  NOT_FOUND: 'NOT_FOUND',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  INVALID_EMAIL: 'INVALID_EMAIL',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  INVALID_USERNAME: 'INVALID_USERNAME',
  EMAIL_ALREADY_EXISTS: 'EMAIL_ALREADY_EXISTS',
  USERNAME_ALREADY_EXISTS: 'USERNAME_ALREADY_EXISTS',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  RATE_LIMIT_EXCEEDED: 'RATE_LIMIT_EXCEEDED',
  CONFLICT: 'CONFLICT',
  ROLL_COOLDOWN: 'ROLL_COOLDOWN',
  NO_ROLLS: 'NO_ROLLS',
  ALREADY_CLAIMED: 'ALREADY_CLAIMED',
  INVALID_CLIENT_SEED: 'INVALID_CLIENT_SEED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode] | (string & {});

export const ErrorBody = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object({
      message: Type.String(),
      code: Type.String(),
      details: Type.Optional(Type.Unknown()),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'Every failure: HTTP status plus a code and a message.' },
);

/** The success envelope around a resource schema: {success: true, data, message?}. */
export function Ok<T extends TSchema>(data: T) {
  return Type.Object({
    success: Type.Literal(true),
    data,
    message: Type.Optional(Type.String()),
  });
}

/** Standard error responses a route may declare next to its success response. */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  423: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
} as const;

export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}
export interface ApiFailure {
  success: false;
  error: { message: string; code: string; details?: unknown };
}
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;
