import type { LinkedAccount, RiskReason, WithdrawalRisk } from '@gogo/shared/api';
import { riskText } from '@gogo/shared/messages';

const DAY = 86_400_000;

/** What the score reads about one pending withdrawal and its player (risk/repo.ts gathers it). */
export interface RiskFacts {
  transactionId: number;
  userId: number;
  requestedAt: number;
  userCreatedAt: number;
  /** Other withdrawing accounts seen at one of the player's sign-up or login addresses. */
  sharedAddress: { userId: number; username: string }[];
  /** Other withdrawing accounts seen with one of the player's device ids. */
  sharedDevice: { userId: number; username: string }[];
  /** Referral links (referrer to referred) between two members of the player's linked group. */
  referralLinks: { userId: number; referredBy: number }[];
  /** The player's referrer and referred friends that share a sign-up or login address or device with them. */
  referralsSameOrigin: { userId: number; username: string }[];
  approvedDeposits: number;
  /** GOGO won on the board, paid by bonuses (daily, referral, achievements), and dice by origin. */
  playGogo: number;
  bonusGogo: number;
  freeDice: number;
  paidDice: number;
  /** Withdrawal requests of the player in the 7 days before (and including) this one. */
  withdrawalsLast7d: number;
  /** When the player's first withdrawal request was made. */
  firstWithdrawalAt: number;
}

/**
 * Weights of the reasons (CHANGELOG.md): a shared device says more than a shared
 * address (a NAT, a café), each further account adds a little; the score is their sum, at most 100.
 */
export const RISK_WEIGHTS = {
  sharedAddress: 20,
  sharedDevice: 30,
  perExtraAccount: 5,
  extraCap: 15,
  referralChain: 15,
  referralSameOrigin: 25,
  noDeposit: 15,
  freeEarnings: 15,
  velocityCount: 10,
  newAccountWithinDay: 15,
  newAccountWithinWeek: 10,
} as const;
export const FREE_EARNINGS_SHARE = 0.8;
export const VELOCITY_COUNT = 3;

const withExtras = (base: number, n: number) =>
  base + Math.min(RISK_WEIGHTS.extraCap, (n - 1) * RISK_WEIGHTS.perExtraAccount);

/** The share of earned GOGO that free dice and bonuses paid (a roll's win is split by the dice it used). */
export function freeShare(f: Pick<RiskFacts, 'playGogo' | 'bonusGogo' | 'freeDice' | 'paidDice'>): number | null {
  const earned = f.playGogo + f.bonusGogo;
  if (earned <= 0) return null;
  const dice = f.freeDice + f.paidDice;
  const freeDiceShare = dice > 0 ? f.freeDice / dice : 1;
  return (f.bonusGogo + f.playGogo * freeDiceShare) / earned;
}

export function scoreWithdrawal(f: RiskFacts): WithdrawalRisk {
  const reasons: RiskReason[] = [];
  const add = (kind: string, weight: number, text: string) => reasons.push({ kind, weight, text });
  if (f.sharedAddress.length > 0) {
    add(
      'shared_address',
      withExtras(RISK_WEIGHTS.sharedAddress, f.sharedAddress.length),
      riskText.sharedAddress(f.sharedAddress.length),
    );
  }
  if (f.sharedDevice.length > 0) {
    add(
      'shared_device',
      withExtras(RISK_WEIGHTS.sharedDevice, f.sharedDevice.length),
      riskText.sharedDevice(f.sharedDevice.length),
    );
  }
  if (f.referralLinks.length > 0) {
    add('referral_chain', RISK_WEIGHTS.referralChain, riskText.referralChain(f.referralLinks.length));
  }
  if (f.referralsSameOrigin.length > 0) {
    add(
      'referral_same_origin',
      RISK_WEIGHTS.referralSameOrigin,
      riskText.referralSameOrigin(f.referralsSameOrigin.length),
    );
  }
  if (f.approvedDeposits === 0) add('no_deposit', RISK_WEIGHTS.noDeposit, riskText.noDeposit);
  const share = freeShare(f);
  if (share !== null && share >= FREE_EARNINGS_SHARE) {
    add('free_earnings', RISK_WEIGHTS.freeEarnings, riskText.freeEarnings(Math.round(share * 100)));
  }
  if (f.withdrawalsLast7d >= VELOCITY_COUNT) {
    add('velocity_count', RISK_WEIGHTS.velocityCount, riskText.velocityCount(f.withdrawalsLast7d));
  }
  const firstAfter = f.firstWithdrawalAt - f.userCreatedAt;
  if (firstAfter < 7 * DAY) {
    const weight = firstAfter < DAY ? RISK_WEIGHTS.newAccountWithinDay : RISK_WEIGHTS.newAccountWithinWeek;
    add('velocity_new_account', weight, riskText.velocityNewAccount(Math.floor(firstAfter / DAY)));
  }
  const score = Math.min(
    100,
    reasons.reduce((sum, r) => sum + r.weight, 0),
  );
  return {
    transactionId: f.transactionId,
    userId: f.userId,
    score,
    level: score >= 60 ? 'high' : score >= 30 ? 'medium' : 'low',
    reasons,
    linkedAccounts: linkedOf(f),
  };
}

function linkedOf(f: RiskFacts): LinkedAccount[] {
  const byId = new Map<number, LinkedAccount>();
  const mark = (a: { userId: number; username: string }, via: string) => {
    const entry = byId.get(a.userId) ?? { userId: a.userId, username: a.username, via: [] };
    if (!entry.via.includes(via)) entry.via.push(via);
    byId.set(a.userId, entry);
  };
  for (const a of f.sharedAddress) mark(a, 'address');
  for (const a of f.sharedDevice) mark(a, 'device');
  for (const a of f.referralsSameOrigin) mark(a, 'referral');
  for (const link of f.referralLinks) {
    for (const id of [link.userId, link.referredBy]) {
      const known = byId.get(id);
      if (known) mark(known, 'referral');
    }
  }
  return [...byId.values()].sort((a, b) => a.userId - b.userId);
}
