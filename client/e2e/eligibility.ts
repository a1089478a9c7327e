import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Withdrawals need a verified email and an account older than WITHDRAW_MIN_ACCOUNT_AGE_HOURS.
 * Tests that withdraw make their player eligible the way time and the verification link would: the
 * e2e server's SQLite file (E2E_DATA_DIR, client/playwright.config.ts) gets the verification date and
 * a sign-up date 30 days back. The rules themselves stay on.
 */
export function makeEligibleToWithdraw(userId: number) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (client/playwright.config.ts sets it)');
  const db = new Database(join(dataDir, 'gogo.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const now = Date.now();
    db.prepare('UPDATE users SET email_verified_at = ?, created_at = ? WHERE id = ?').run(
      now - 29 * 86_400_000,
      now - 30 * 86_400_000,
      userId,
    );
  } finally {
    db.close();
  }
}

/** A random transaction hash of an ERC-20 transfer (USDT, USDC, ETH): a deposit's reference. */
export function evmTxHash(): string {
  return `0x${Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('')}`;
}
