import { Type, type TSchema } from 'typebox';

/** Error codes the API can answer with. Client and server share this list. */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  MALFORMED_JSON: 'MALFORMED_JSON',
  NOT_FOUND: 'NOT_FOUND',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
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
  MULTIPLIER_LOCKED: 'MULTIPLIER_LOCKED',
  ALREADY_CLAIMED: 'ALREADY_CLAIMED',
  INVALID_CLIENT_SEED: 'INVALID_CLIENT_SEED',
  INVALID_PASSWORD: 'INVALID_PASSWORD',
  PROFILE_PRIVATE: 'PROFILE_PRIVATE',
  CANNOT_FRIEND_SELF: 'CANNOT_FRIEND_SELF',
  ALREADY_FRIENDS: 'ALREADY_FRIENDS',
  FRIEND_REQUEST_EXISTS: 'FRIEND_REQUEST_EXISTS',
  FRIEND_REQUEST_NOT_PENDING: 'FRIEND_REQUEST_NOT_PENDING',
  FRIEND_REQUESTS_CLOSED: 'FRIEND_REQUESTS_CLOSED',
  FRIEND_REQUEST_COOLDOWN: 'FRIEND_REQUEST_COOLDOWN',
  FRIEND_REQUEST_LIMIT: 'FRIEND_REQUEST_LIMIT',
  NOT_FRIENDS: 'NOT_FRIENDS',
  AVATAR_REQUIRED: 'AVATAR_REQUIRED',
  AVATAR_INVALID_TYPE: 'AVATAR_INVALID_TYPE',
  AVATAR_TOO_LARGE: 'AVATAR_TOO_LARGE',
  AVATAR_DIMENSIONS: 'AVATAR_DIMENSIONS',
  PENDING_TRANSACTIONS: 'PENDING_TRANSACTIONS',
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
