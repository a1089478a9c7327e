export type RuleErrorCode =
  | 'NO_ROLLS'
  | 'MULTIPLIER_LOCKED'
  | 'INVALID_STATE'
  | 'INVALID_DRAW'
  | 'NOT_A_PROPERTY'
  | 'MAX_LEVEL'
  | 'INSUFFICIENT_BALANCE';

/** A rule refused an action; `code` is stable and maps to an API error code. */
export class RuleError extends Error {
  readonly code: RuleErrorCode;

  constructor(code: RuleErrorCode, message: string) {
    super(message);
    this.name = 'RuleError';
    this.code = code;
  }
}

export function isRuleError(error: unknown): error is RuleError {
  return error instanceof RuleError;
}
