import type { WithdrawRules } from '../../settings/index.js';
import { sql, type Tx } from '../../db/sql.js';
import { AppError } from '../../lib/errors.js';
import { CAP_WINDOW_MS, withdrawalRefusal, type WithdrawFacts } from './rules.js';

const MINOR_PER_GOGO = 100_000_000;

const userFacts = sql<
  { userId: number },
  Pick<
    WithdrawFacts,
    'emailVerifiedAt' | 'createdAt' | 'passwordChangedAt' | 'emailChangedAt' | 'payoutAddressChangedAt'
  >
>(
  `SELECT email_verified_at AS "emailVerifiedAt", created_at AS "createdAt",
          password_changed_at AS "passwordChangedAt", email_changed_at AS "emailChangedAt",
          payout_address_changed_at AS "payoutAddressChangedAt"
   FROM users WHERE id = :userId`,
);
const stampPayoutChange = sql<{ userId: number; now: number }>(
  'UPDATE users SET payout_address_changed_at = :now WHERE id = :userId',
);

/** Starts the cooling period of a new payout address, in the caller's transaction. */
export async function startPayoutAddressCooldown(tx: Tx, userId: number, now: number): Promise<void> {
  await tx.run(stampPayoutChange, { userId, now });
}

// Served by money_tx_user_time (user_id, created_at): one player's recent rows only.
const recentWithdrawals = sql<{ userId: number; since: number }, { asked: number | null }>(
  `SELECT sum(amount_units) AS asked FROM money_transactions
   WHERE user_id = :userId AND created_at >= :since AND type = 'withdrawal'
     AND status IN ('pending', 'approved', 'completed')`,
);
const pendingWithdrawals = sql<{ userId: number }, { n: number }>(
  `SELECT count(*) AS n FROM money_transactions WHERE user_id = :userId AND type = 'withdrawal' AND status = 'pending'`,
);

/**
 * Refuses a withdrawal the rules do not allow, inside the request's transaction and before anything
 * is held. The caller has locked the player's game state row, so that two requests of one player
 * cannot both pass the cap or the pending limit.
 */
export async function assertWithdrawalAllowed(
  tx: Tx,
  rules: WithdrawRules,
  userId: number,
  amount: number,
  now: number,
): Promise<void> {
  if (!rules.enabled) return;
  const user = await tx.get(userFacts, { userId });
  if (!user) return; // the token check has already refused a player who no longer exists
  const asked = await tx.get(recentWithdrawals, { userId, since: now - CAP_WINDOW_MS });
  const pending = await tx.get(pendingWithdrawals, { userId });
  const facts: WithdrawFacts = {
    ...user,
    emailVerifiedAt: user.emailVerifiedAt === null ? null : Number(user.emailVerifiedAt),
    createdAt: Number(user.createdAt),
    passwordChangedAt: user.passwordChangedAt === null ? null : Number(user.passwordChangedAt),
    emailChangedAt: user.emailChangedAt === null ? null : Number(user.emailChangedAt),
    payoutAddressChangedAt: user.payoutAddressChangedAt === null ? null : Number(user.payoutAddressChangedAt),
    askedLast24h: Math.round(Number(asked?.asked ?? 0) / MINOR_PER_GOGO),
    pendingCount: Number(pending?.n ?? 0),
  };
  const refusal = withdrawalRefusal(rules, facts, amount, now);
  if (refusal) {
    throw new AppError(
      refusal.status,
      refusal.code,
      refusal.message,
      refusal.field ? { field: refusal.field } : undefined,
    );
  }
}
