import { randomBytes } from 'node:crypto';
import {
  ReferralErrorCode,
  type ReferralAccept,
  type ReferralFriend,
  type ReferralStats,
  type ReferralStatus,
} from '@gogo/shared/api';
import { referralText, validationText } from '@gogo/shared/messages';
import {
  REFERRAL_CODE_LENGTH,
  REFERRAL_REWARD_GOGO,
  REFERRAL_ROLLS_REQUIRED,
  isReferralCodeInputValid,
  isWellFormedReferralCode,
  normalizeReferralCode,
  referralCodeFromBytes,
} from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Tx } from '../../db/sql.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { referralsRepo as repo, type ReferralRow } from './repo.js';

const refused = (status: number, code: string, message: string) =>
  new AppError(status, code, message, { field: 'code' });

export function createReferralsService(deps: {
  database: Database;
  clock: Clock;
  /** Randomness for new codes; tests may pass a fixed source to force collisions. */
  random?: (size: number) => Uint8Array;
}) {
  const { database, clock } = deps;
  const random = deps.random ?? ((size: number) => randomBytes(size));

  /**
   * The player's referral row, created with a fresh unique code on first use. A drawn code that is
   * taken is redrawn; a concurrent first use of the same player wins, and its row is answered.
   */
  async function ensureRow(tx: Tx, userId: number, now: number): Promise<ReferralRow> {
    const existing = await repo.byUser(tx, userId);
    if (existing) return existing;
    for (let attempt = 0; attempt < 20; attempt++) {
      const code = referralCodeFromBytes(random(REFERRAL_CODE_LENGTH * 2));
      if (!code || (await repo.byCode(tx, code))) continue;
      await repo.insert(tx, userId, code, now);
      const row = await repo.byUser(tx, userId);
      if (row) return row;
    }
    throw new Error('could not find a free referral code');
  }

  return {
    async myCode(userId: number): Promise<string> {
      const existing = await repo.byUser(database.read, userId);
      if (existing) return existing.code;
      return database.write(async (tx) => (await ensureRow(tx, userId, clock())).code);
    },

    async accept(userId: number, rawCode: string): Promise<ReferralAccept> {
      if (!isReferralCodeInputValid(rawCode)) {
        throw refused(400, ReferralErrorCode.INVALID_REFERRAL_CODE, validationText.referralCodeInvalid);
      }
      const code = normalizeReferralCode(rawCode);
      const now = clock();
      return database.write(async (tx) => {
        const found = isWellFormedReferralCode(code) ? await repo.byCode(tx, code) : undefined;
        const owner = found && !(await repo.isDeleted(tx, found.userId)) ? found : undefined;
        if (!owner) throw refused(404, ReferralErrorCode.REFERRAL_CODE_NOT_FOUND, referralText.codeNotFound);
        if (owner.userId === userId) throw refused(400, ReferralErrorCode.REFERRAL_OWN_CODE, referralText.ownCode);
        await ensureRow(tx, userId, now);
        const mine = await repo.lockByUser(tx, userId);
        if (!mine || mine.referredBy !== null) {
          throw refused(409, ReferralErrorCode.REFERRAL_ALREADY_APPLIED, referralText.alreadyApplied);
        }
        // Walk up the code owner's chain of referrers, locking each row: meeting this player there
        // would close a loop.
        const seen = new Set<number>();
        for (let up: number | null = owner.userId; up !== null;) {
          if (up === userId) throw refused(400, ReferralErrorCode.REFERRAL_LOOP, referralText.loop);
          if (seen.has(up)) break;
          seen.add(up);
          up = (await repo.lockByUser(tx, up))?.referredBy ?? null;
        }
        if ((await repo.setReferrer(tx, userId, owner.userId, now)) !== 1) {
          throw refused(409, ReferralErrorCode.REFERRAL_ALREADY_APPLIED, referralText.alreadyApplied);
        }
        return { referredBy: (await repo.username(tx, owner.userId)) ?? '' };
      });
    },

    async stats(userId: number): Promise<ReferralStats> {
      const counts = await repo.counts(database.read, userId);
      return {
        referredCount: counts.referred,
        rewardedCount: counts.rewarded,
        totalRewards: await repo.rewardTotal(database.read, userId),
        rollsRequired: REFERRAL_ROLLS_REQUIRED,
        rewardPerFriend: REFERRAL_REWARD_GOGO,
      };
    },

    async friends(userId: number): Promise<ReferralFriend[]> {
      return (await repo.friends(database.read, userId)).map((f) => ({
        username: f.username,
        createdAt: new Date(f.referredAt ?? 0).toISOString(),
        totalRolls: f.totalRolls,
        rewardPaid: f.rewardPaidAt !== null,
      }));
    },

    async status(userId: number): Promise<ReferralStatus> {
      const row = await repo.byUser(database.read, userId);
      const referrer = row?.referredBy != null ? await repo.username(database.read, row.referredBy) : null;
      return { hasApplied: referrer !== null, referrerUsername: referrer, referredBy: referrer };
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
