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
import type { Database_, Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { referralsRepo as repo, type ReferralRow } from './repo.js';

const refused = (status: number, code: string, message: string) =>
  new AppError(status, code, message, { field: 'code' });

export function createReferralsService(deps: {
  database: Database_;
  clock: Clock;
  /** Randomness for new codes; tests may pass a fixed source to force collisions. */
  random?: (size: number) => Uint8Array;
}) {
  const { database, clock } = deps;
  const random = deps.random ?? ((size: number) => randomBytes(size));

  function newCode(db: Db): string {
    for (let attempt = 0; attempt < 20; attempt++) {
      const code = referralCodeFromBytes(random(REFERRAL_CODE_LENGTH * 2));
      if (code && !repo.byCode(db, code)) return code;
    }
    throw new Error('could not find a free referral code');
  }

  /** The player's referral row, created with a fresh unique code on first use. Inside write(). */
  function ensureRow(db: Db, userId: number, now: number): ReferralRow {
    return repo.byUser(db, userId) ?? repo.insert(db, { userId, code: newCode(db), createdAt: now });
  }

  return {
    myCode(userId: number): string {
      const existing = repo.byUser(database.db, userId);
      if (existing) return existing.code;
      return database.legacyWrite((db) => ensureRow(db, userId, clock()).code);
    },

    accept(userId: number, rawCode: string): ReferralAccept {
      if (!isReferralCodeInputValid(rawCode)) {
        throw refused(400, ReferralErrorCode.INVALID_REFERRAL_CODE, validationText.referralCodeInvalid);
      }
      const code = normalizeReferralCode(rawCode);
      const now = clock();
      return database.legacyWrite((db) => {
        const found = isWellFormedReferralCode(code) ? repo.byCode(db, code) : undefined;
        const owner = found && !repo.isDeleted(db, found.userId) ? found : undefined;
        if (!owner) throw refused(404, ReferralErrorCode.REFERRAL_CODE_NOT_FOUND, referralText.codeNotFound);
        if (owner.userId === userId) throw refused(400, ReferralErrorCode.REFERRAL_OWN_CODE, referralText.ownCode);
        const mine = ensureRow(db, userId, now);
        if (mine.referredBy !== null) {
          throw refused(409, ReferralErrorCode.REFERRAL_ALREADY_APPLIED, referralText.alreadyApplied);
        }
        // Walk up the code owner's chain of referrers: meeting this player there would close a loop.
        const seen = new Set<number>([owner.userId]);
        for (let up = owner.referredBy; up !== null;) {
          if (up === userId) throw refused(400, ReferralErrorCode.REFERRAL_LOOP, referralText.loop);
          if (seen.has(up)) break;
          seen.add(up);
          up = repo.byUser(db, up)?.referredBy ?? null;
        }
        repo.setReferrer(db, userId, owner.userId, now);
        return { referredBy: repo.username(db, owner.userId) ?? '' };
      });
    },

    stats(userId: number): ReferralStats {
      const db = database.db;
      const counts = repo.counts(db, userId);
      return {
        referredCount: counts.referred,
        rewardedCount: counts.rewarded,
        totalRewards: repo.rewardTotal(db, userId),
        rollsRequired: REFERRAL_ROLLS_REQUIRED,
        rewardPerFriend: REFERRAL_REWARD_GOGO,
      };
    },

    friends(userId: number): ReferralFriend[] {
      return repo.friends(database.db, userId).map((f) => ({
        username: f.username,
        createdAt: new Date(f.referredAt ?? 0).toISOString(),
        totalRolls: f.totalRolls,
        rewardPaid: f.rewardPaidAt !== null,
      }));
    },

    status(userId: number): ReferralStatus {
      const db = database.db;
      const row = repo.byUser(db, userId);
      const referrer = row?.referredBy != null ? repo.username(db, row.referredBy) : null;
      return { hasApplied: referrer !== null, referrerUsername: referrer, referredBy: referrer };
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
