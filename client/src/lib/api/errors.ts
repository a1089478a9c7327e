import { errorText, errorTextByCode, errorTextByStatus } from '@gogo/shared/messages';

/** What the client knows about a failed call. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
    readonly details?: unknown,
    readonly kind: 'http' | 'network' | 'timeout' | 'invalid-response' = 'http',
    /** The answer's Retry-After, in seconds, when it had one. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// Codes whose server message is already a user-facing text of the spec (field rules, game and money
// refusals). They are shown as the server words them rather than replaced by a generic status text.
const GENERIC_CODES = new Set([
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'NOT_FOUND',
  'INTERNAL_ERROR',
  'UNAUTHORIZED',
  'INVALID_TOKEN',
  'FORBIDDEN',
  'BAD_REQUEST',
]);

const KEYWORD_RULES: Array<[(m: string) => boolean, string]> = [
  [(m) => m.includes('email') && m.includes('already'), errorTextByCode.EMAIL_ALREADY_EXISTS],
  [(m) => m.includes('username') && m.includes('already'), errorTextByCode.USERNAME_ALREADY_EXISTS],
  [(m) => m.includes('password') && m.includes('weak'), errorTextByCode.WEAK_PASSWORD],
  [(m) => m.includes('invalid') && m.includes('credentials'), errorTextByCode.INVALID_CREDENTIALS],
  [(m) => m.includes('user') && m.includes('not found'), errorTextByCode.USER_NOT_FOUND],
  [(m) => m.includes('locked'), errorTextByCode.ACCOUNT_LOCKED],
  [(m) => m.includes('network') || m.includes('connection') || m.includes('failed to fetch'), errorText.connection],
  [(m) => m.includes('timeout') || m.includes('timed out'), errorText.timeout],
];

export interface ErrorLike {
  code?: string | null;
  status?: number | null;
  message?: string | null;
  kind?: ApiError['kind'];
}

/**
 * The text a person sees for a failure (texts in shared/src/messages/index.ts): by code, then by status, then by message
 * keywords, network and timeout, then the raw message, then a generic fallback.
 */
export function messageForError(err: ErrorLike | unknown): string {
  const e = (err ?? {}) as ErrorLike;
  if (e.kind === 'network') return errorText.connection;
  if (e.kind === 'timeout') return errorText.timeout;
  if (e.kind === 'invalid-response') return errorText.invalidResponse;
  const code = e.code ?? null;
  if (code && code in errorTextByCode) return errorTextByCode[code as keyof typeof errorTextByCode];
  if (code && !GENERIC_CODES.has(code) && e.message) return e.message;
  if (typeof e.status === 'number') {
    const byStatus = errorTextByStatus[e.status];
    if (byStatus) return byStatus;
  } else if (e.kind === 'http' && e.status === null) {
    return errorText.connection; // a failed request with no status
  }
  const raw = (e.message ?? '').trim();
  const lower = raw.toLowerCase();
  for (const [matches, text] of KEYWORD_RULES) if (lower && matches(lower)) return text;
  return raw || errorText.fallback;
}
