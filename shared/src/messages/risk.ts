/**
 * Texts of withdrawal risk: withdrawal eligibility, strict inputs and the withdrawal risk score.
 * Re-exported by shared/src/messages/index.ts ('@gogo/shared/messages').
 */
import { formatCount } from './count.js';

const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;
/** "24 hours" / "1 hour": a rule's period, for texts of other files. */
export const periodText = hours;
const gogo = (n: number) => `${formatCount(n)} GOGO`;
/** "in 5 hours" / "in 40 minutes": how long until a rule lets the player withdraw. */
const waitFor = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes >= 120
    ? `in ${hours(Math.ceil(minutes / 60))}`
    : `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};
/** "in 5 hours" / "in 40 minutes", for texts of other files. */
export const waitText = waitFor;

export const withdrawRuleText = {
  emailNotVerified:
    'Verify your email address before you withdraw: open the link in the email we sent you, or send a new link from this tab.',
  accountTooNew: (minHours: number, waitMs: number) =>
    `Withdrawals open ${hours(minHours)} after sign-up, to protect new accounts. You can withdraw ${waitFor(waitMs)}.`,
  changeCooldown: (coolHours: number, waitMs: number) =>
    `For your security, withdrawals pause for ${hours(coolHours)} after a password or email change. You can withdraw ${waitFor(waitMs)}.`,
  dailyCap: (cap: number, left: number) =>
    left > 0
      ? `Withdrawals are limited to ${gogo(cap)} in any 24 hours. You can ask for up to ${gogo(left)} now.`
      : `Withdrawals are limited to ${gogo(cap)} in any 24 hours, and you have reached it. Try again tomorrow.`,
  tooManyPending: (max: number) =>
    `You already have ${max} withdrawal ${max === 1 ? 'request' : 'requests'} waiting for review. Wait until one is processed.`,
  eligibilityOffWarning:
    'WITHDRAW_ELIGIBILITY=off: every withdrawal eligibility rule is switched off (verified email, account age, cooling period, daily cap, pending limit). Use this for staging and load tests only.',
} as const;

export const inputRuleText = {
  referenceRequired: 'Enter the transaction hash of your transfer as the reference.',
  referenceShape: (coin: string, shape: string) => `A ${coin} reference is ${shape}.`,
  referenceMismatch: 'The reference and the transaction hash name different transactions: enter one hash.',
  referenceHint: (coin: string, shape: string) => `Paste the ${coin} transaction of your transfer: ${shape}.`,
  tooManyPendingDeposits: (max: number) =>
    `You already have ${max} deposit or purchase ${max === 1 ? 'request' : 'requests'} waiting for review. Wait until one is processed before you send another.`,
  writeRateLimit: 'Too many requests in a short time. Please wait a minute before trying again.',
  uriTooLong: 'The address of this request is too long.',
  badUrl: 'The address of this request is not valid.',
  multipartBoundary: 'Send the file as multipart/form-data with a boundary.',
  numberExpected: 'Enter a number, not text.',
} as const;

/** What a coin's reference holds: the deposit form's hint and the server's error text. */
export function txReferenceShapeText(coin: string): string {
  if (coin === 'BTC') return 'the 64-character transaction id (hexadecimal)';
  if (coin === 'SOL') return 'the transaction signature (80 to 90 base58 characters)';
  return 'the transaction hash: 0x followed by 64 hexadecimal characters';
}

/** The reasons of a pending withdrawal's risk score, each worded for the admin who reads the queue. */
export const riskText = {
  sharedAddress: (n: number) =>
    `Shares a sign-up or login address with ${n} other withdrawing ${n === 1 ? 'account' : 'accounts'}`,
  sharedDevice: (n: number) => `Shares a device with ${n} other withdrawing ${n === 1 ? 'account' : 'accounts'}`,
  referralChain: (n: number) => `Referral chain inside the linked group (${n} ${n === 1 ? 'link' : 'links'})`,
  noDeposit: 'Never made an approved deposit',
  referralSameOrigin: (n: number) =>
    `Referral between accounts that share a sign-up or login address or device (${n} ${n === 1 ? 'account' : 'accounts'}): no referral reward is paid`,
  freeEarnings: (percent: number) => `${percent}% of the GOGO earned came from free dice and bonuses`,
  velocityCount: (n: number) => `${n} withdrawal requests in the last 7 days`,
  velocityNewAccount: (days: number) =>
    `First withdrawal ${days < 1 ? 'within a day' : `${days} ${days === 1 ? 'day' : 'days'}`} after sign-up`,
  level: { low: 'Low risk', medium: 'Medium risk', high: 'High risk' },
  linkedAccounts: 'Linked accounts',
  noReasons: 'No risk signals',
  scoreLabel: (score: number) => `Risk score ${score} of 100`,
} as const;
