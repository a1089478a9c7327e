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

/**
 * The device leaderboard of spec sections 3, 4 and 9: one entry per device id, kept in this
 * browser, replaced only by a higher score. The figures come from the server's state.
 */

function randomHex(bytes: number): string {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser's device id ('0x' + 40 hex characters), created once. */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(storageKeys.deviceId);
    if (stored && /^0x[0-9a-f]{40}$/.test(stored)) return stored;
    const id = `0x${randomHex(20)}`;
    localStorage.setItem(storageKeys.deviceId, id);
    return id;
  } catch {
    return `0x${'0'.repeat(40)}`;
  }
}

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
