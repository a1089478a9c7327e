// The PostgreSQL tables, built from the descriptions (drizzle-kit generates server/drizzle-pg from this file).
import { pgTables } from './dialects.js';
import { tables } from './index.js';

export const {
  users,
  admins,
  gameStates,
  ledgerEntries,
  fairnessSeeds,
  rolls,
  achievementUnlocks,
  dailyDiceClaims,
  dailyLogins,
  streaks,
  playSessions,
  statsCache,
  moneyTransactions,
  referrals,
  idempotencyKeys,
  priceCache,
  adminAuditLog,
  userProfiles,
  friendRequests,
  friendships,
  throttleCounters,
  emailTokens,
  mailOutbox,
  adminRecoveryCodes,
  accountAddresses,
} = pgTables(tables);
