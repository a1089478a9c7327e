/**
 * Every table, described once for both engines (define.ts). db/schema/sqlite.ts and
 * db/schema/postgres.ts build each engine's Drizzle tables from this list; drizzle-kit generates the
 * migrations from those; row types come from them (rows.ts). docs/schema.md: how to add a column.
 */
import { admins, users } from './accounts.js';
import { gameStates, ledgerEntries } from './game.js';
import {
  achievementUnlocks,
  dailyDiceClaims,
  dailyLogins,
  fairnessSeeds,
  playSessions,
  rolls,
  statsCache,
  streaks,
} from './engine.js';
import { idempotencyKeys, moneyTransactions, priceCache, referrals } from './money.js';
import { adminAuditLog } from './admin.js';
import { friendRequests, friendships, userProfiles } from './social.js';
import { throttleCounters } from './throttle.js';
import {
  challengeClaims,
  challengeStreaks,
  eventEntries,
  eventPrizes,
  liveEvents,
  racePrizes,
  raceFields,
  raceScores,
  raceWeeks,
} from './events.js';
import { accountAddresses, adminRecoveryCodes, clusterSettings, emailTokens, mailOutbox } from './security.js';
import { chainAddresses, chainBlocks, chainCursors, chainDeposits, walletLinks, walletNonces } from './chain.js';
import { playerBoards, propertyUpgrades } from './board.js';
import { pushNotifications, pushPreferences, pushSentDays, pushSubscriptions, pushVapidKeys } from './push.js';

export const tables = {
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
  chainAddresses,
  chainCursors,
  chainBlocks,
  chainDeposits,
  walletLinks,
  walletNonces,
  liveEvents,
  eventEntries,
  eventPrizes,
  challengeClaims,
  challengeStreaks,
  raceScores,
  raceWeeks,
  racePrizes,
  raceFields,
  playerBoards,
  propertyUpgrades,
  clusterSettings,
  pushSubscriptions,
  pushPreferences,
  pushNotifications,
  pushSentDays,
  pushVapidKeys,
};

export type { StoredGamePreferences, StoredNotifications, StoredPreferences } from './social.js';
