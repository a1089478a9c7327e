import { RiskErrorCode } from '@gogo/shared/api';
import { linkedWalletText, withdrawRuleText } from '@gogo/shared/messages';
import type { WithdrawRules } from '../../settings/index.js';

const HOUR = 3_600_000;
export const CAP_WINDOW_MS = 24 * HOUR;

/** What the rules look at, read in the withdrawal's own transaction after the player's row is locked. */
export interface WithdrawFacts {
  emailVerifiedAt: number | null;
  createdAt: number;
  passwordChangedAt: number | null;
  emailChangedAt: number | null;
  /** The last withdrawal to an address other than the linked wallet, or the last change of that wallet. */
  payoutAddressChangedAt: number | null;
  /** GOGO asked for in the last 24 hours by requests that were not refused (pending, approved, paid). */
  askedLast24h: number;
  pendingCount: number;
}

export interface Refusal {
  status: number;
  code: string;
  message: string;
  field?: string;
}

/**
 * The first rule a withdrawal of `amount` GOGO breaks, or null. The verified email comes first (issue
 * 13: a player who must verify is told so, whatever else is wrong); then account age, the cooling
 * period after a credential or payout address change, the pending limit and the 24-hour cap.
 */
export function withdrawalRefusal(
  rules: WithdrawRules,
  facts: WithdrawFacts,
  amount: number,
  now: number,
): Refusal | null {
  if (!rules.enabled) return null;
  if (rules.requireVerifiedEmail && facts.emailVerifiedAt === null) {
    return { status: 403, code: RiskErrorCode.EMAIL_NOT_VERIFIED, message: withdrawRuleText.emailNotVerified };
  }
  const openAt = facts.createdAt + rules.minAccountAgeHours * HOUR;
  if (now < openAt) {
    return {
      status: 403,
      code: RiskErrorCode.WITHDRAW_ACCOUNT_TOO_NEW,
      message: withdrawRuleText.accountTooNew(rules.minAccountAgeHours, openAt - now),
    };
  }
  const lastChange = Math.max(facts.passwordChangedAt ?? 0, facts.emailChangedAt ?? 0);
  const coolUntil = lastChange + rules.changeCooldownHours * HOUR;
  if (lastChange > 0 && now < coolUntil) {
    return {
      status: 403,
      code: RiskErrorCode.WITHDRAW_COOLDOWN,
      message: withdrawRuleText.changeCooldown(rules.changeCooldownHours, coolUntil - now),
    };
  }
  // A new payout address cools down like a new password: a stolen session cannot send one withdrawal
  // after another to the thief's address.
  const payoutCoolUntil = (facts.payoutAddressChangedAt ?? 0) + rules.changeCooldownHours * HOUR;
  if (facts.payoutAddressChangedAt !== null && now < payoutCoolUntil) {
    return {
      status: 403,
      code: RiskErrorCode.WITHDRAW_COOLDOWN,
      message: linkedWalletText.payoutAddressCooldown(rules.changeCooldownHours, payoutCoolUntil - now),
    };
  }
  if (rules.maxPending > 0 && facts.pendingCount >= rules.maxPending) {
    return {
      status: 409,
      code: RiskErrorCode.WITHDRAW_TOO_MANY_PENDING,
      message: withdrawRuleText.tooManyPending(rules.maxPending),
    };
  }
  if (rules.dailyCap > 0 && facts.askedLast24h + amount > rules.dailyCap) {
    const left = Math.max(0, rules.dailyCap - facts.askedLast24h);
    return {
      status: 403,
      code: RiskErrorCode.WITHDRAW_DAILY_CAP,
      message: withdrawRuleText.dailyCap(rules.dailyCap, left),
      field: 'amount',
    };
  }
  return null;
}
