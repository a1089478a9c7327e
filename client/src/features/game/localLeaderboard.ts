import type { GameStateDto } from '@gogo/shared/api';
import {
  buildLocalEntry,
  localLeaderboardStats,
  readLocalLeaderboard,
  upsertLocalEntry,
  type LocalLeaderboardEntry,
  type LocalLeaderboardStats,
} from '@gogo/shared/rules';
import { readJson, storageKeys, writeJson } from '../../lib/storage';
import { deviceId } from '../../lib/device-id';

/**
 * The device leaderboard: one entry per device id, kept in this
 * browser, replaced only by a higher score. The figures come from the server's state.
 */

// The device id moved to lib/device-id.ts (the API client sends it too); re-exported for this module's users.
export { deviceId };

function isEntry(value: unknown): value is LocalLeaderboardEntry {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.address === 'string' &&
    typeof e.displayName === 'string' &&
    ['score', 'totalTokensEarned', 'totalRolls', 'jackpotsHit', 'achievementsUnlocked', 'level', 'timestamp'].every(
      (key) => typeof e[key] === 'number' && Number.isFinite(e[key]),
    )
  );
}

export function readLocalEntries(): LocalLeaderboardEntry[] {
  const raw = readJson<unknown>(storageKeys.localLeaderboard);
  return Array.isArray(raw) ? raw.filter(isEntry) : [];
}

/** Saves this device's result after a roll (nothing before the first roll). */
export function recordLocalResult(state: GameStateDto, displayName: string | undefined, now = Date.now()): void {
  if (state.totalRolls <= 0) return;
  const entry = buildLocalEntry({
    address: deviceId(),
    displayName,
    stats: {
      totalTokensEarned: state.totalTokensEarned,
      jackpotsHit: state.jackpotsHit,
      achievementsUnlocked: state.unlockedAchievements.length,
      level: state.level,
      totalRolls: state.totalRolls,
    },
    now,
  });
  writeJson(storageKeys.localLeaderboard, upsertLocalEntry(readLocalEntries(), entry));
}

export function localLeaderboard(limit?: number): { entries: LocalLeaderboardEntry[]; stats: LocalLeaderboardStats } {
  const all = readLocalEntries();
  return { entries: readLocalLeaderboard(all, limit), stats: localLeaderboardStats(all) };
}
