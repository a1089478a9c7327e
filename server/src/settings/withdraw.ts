import { ConfigError, intFrom, switchFrom } from './base.js';

// Risk: withdrawal eligibility (WITHDRAW_*) and the limits of strict inputs.
/** The rules a withdrawal request must pass before anything is held (CHANGELOG.md). */
export interface WithdrawRules {
  /** WITHDRAW_ELIGIBILITY=off turns every rule below off (staging, load tests), with a start-up warning. */
  enabled: boolean;
  /** WITHDRAW_REQUIRE_VERIFIED_EMAIL: 403 EMAIL_NOT_VERIFIED until the address is verified. */
  requireVerifiedEmail: boolean;
  /** WITHDRAW_MIN_ACCOUNT_AGE_HOURS: hours between sign-up and the first withdrawal request. */
  minAccountAgeHours: number;
  /** WITHDRAW_CHANGE_COOLDOWN_HOURS: hours after a password or email change without withdrawals. */
  changeCooldownHours: number;
  /** WITHDRAW_DAILY_CAP: GOGO a player may ask for in any 24 hours (pending and paid); 0: no cap. */
  dailyCap: number;
  /** WITHDRAW_MAX_PENDING: withdrawal requests a player may have waiting at once; 0: no limit. */
  maxPending: number;
}

export const defaultWithdrawRules: WithdrawRules = {
  enabled: true,
  requireVerifiedEmail: true,
  minAccountAgeHours: 72,
  changeCooldownHours: 24,
  dailyCap: 5000,
  maxPending: 3,
};

/** Limits of the strict-input part: pending deposits and the per-player rate of write requests. */
export interface InputLimits {
  /** DEPOSIT_MAX_PENDING: deposit and dice purchase requests a player may have waiting at once. */
  maxPendingDeposits: number;
  /** WRITE_RATE_LIMIT_PER_PLAYER: requests per minute one player may send to each money or friend write route. */
  writesPerMinute: number;
}

export const defaultInputLimits: InputLimits = { maxPendingDeposits: 3, writesPerMinute: 30 };

export function parseWithdrawRules(env: NodeJS.ProcessEnv): WithdrawRules {
  const d = defaultWithdrawRules;
  return {
    enabled: switchFrom(env.WITHDRAW_ELIGIBILITY, d.enabled, 'WITHDRAW_ELIGIBILITY'),
    requireVerifiedEmail: switchFrom(
      env.WITHDRAW_REQUIRE_VERIFIED_EMAIL,
      d.requireVerifiedEmail,
      'WITHDRAW_REQUIRE_VERIFIED_EMAIL',
    ),
    minAccountAgeHours: intFrom(
      env.WITHDRAW_MIN_ACCOUNT_AGE_HOURS,
      d.minAccountAgeHours,
      'WITHDRAW_MIN_ACCOUNT_AGE_HOURS',
    ),
    changeCooldownHours: intFrom(
      env.WITHDRAW_CHANGE_COOLDOWN_HOURS,
      d.changeCooldownHours,
      'WITHDRAW_CHANGE_COOLDOWN_HOURS',
    ),
    dailyCap: intFrom(env.WITHDRAW_DAILY_CAP, d.dailyCap, 'WITHDRAW_DAILY_CAP'),
    maxPending: intFrom(env.WITHDRAW_MAX_PENDING, d.maxPending, 'WITHDRAW_MAX_PENDING'),
  };
}

export function parseInputLimits(env: NodeJS.ProcessEnv): InputLimits {
  const d = defaultInputLimits;
  const limits = {
    maxPendingDeposits: intFrom(env.DEPOSIT_MAX_PENDING, d.maxPendingDeposits, 'DEPOSIT_MAX_PENDING'),
    writesPerMinute: intFrom(env.WRITE_RATE_LIMIT_PER_PLAYER, d.writesPerMinute, 'WRITE_RATE_LIMIT_PER_PLAYER'),
  };
  if (limits.maxPendingDeposits < 1) throw new ConfigError('DEPOSIT_MAX_PENDING must be at least 1');
  if (limits.writesPerMinute < 1) throw new ConfigError('WRITE_RATE_LIMIT_PER_PLAYER must be at least 1');
  return limits;
}
