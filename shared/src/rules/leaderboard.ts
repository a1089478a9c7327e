import { LEADERBOARD_SCORE_WEIGHTS, LOCAL_LEADERBOARD_DEFAULT_READ, LOCAL_LEADERBOARD_MAX } from './economy.js';

export interface ScoreStats {
  totalTokensEarned: number;
  jackpotsHit: number;
  /** A count of unlocked achievements. */
  achievementsUnlocked: number;
  level: number;
  totalRolls: number;
}

/** Leaderboard score: round(10 x tokens earned + 1000 x jackpots + 500 x achievements + 100 x level + 5 x rolls). */
export function leaderboardScore(stats: ScoreStats): number {
  const w = LEADERBOARD_SCORE_WEIGHTS;
  return Math.round(
    w.totalTokensEarned * stats.totalTokensEarned +
      w.jackpotsHit * stats.jackpotsHit +
      w.achievementsUnlocked * stats.achievementsUnlocked +
      w.level * stats.level +
      w.totalRolls * stats.totalRolls,
  );
}

/** One device's best result on the local (this browser) leaderboard. */
export interface LocalLeaderboardEntry extends ScoreStats {
  id: string;
  /** The device id. */
  address: string;
  displayName: string;
  score: number;
  timestamp: number;
}

export interface LocalLeaderboardStats {
  totalPlayers: number;
  totalTokensEarned: number;
  totalRolls: number;
  totalJackpots: number;
  /** Rounded to 2 decimals; 0 for an empty board. */
  averageLevel: number;
}

/** Builds an entry with its score and display name computed (the id is the device id). */
export function buildLocalEntry(input: {
  address: string;
  displayName?: string | undefined;
  stats: ScoreStats;
  now: number;
}): LocalLeaderboardEntry {
  return {
    id: input.address,
    address: input.address,
    displayName: displayNameFor(input.address, input.displayName),
    score: leaderboardScore(input.stats),
    totalTokensEarned: input.stats.totalTokensEarned,
    totalRolls: input.stats.totalRolls,
    jackpotsHit: input.stats.jackpotsHit,
    achievementsUnlocked: input.stats.achievementsUnlocked,
    level: input.stats.level,
    timestamp: input.now,
  };
}

/**
 * Saves a device's result: one entry per address, replaced only by a strictly higher score; a
 * player without a roll is not recorded. Returns a new list sorted by score (ties: earlier first),
 * at most LOCAL_LEADERBOARD_MAX long.
 */
export function upsertLocalEntry(
  entries: readonly LocalLeaderboardEntry[],
  entry: LocalLeaderboardEntry,
): LocalLeaderboardEntry[] {
  const existing = entries.find((candidate) => candidate.address === entry.address);
  const keepExisting = entry.totalRolls <= 0 || (existing !== undefined && existing.score >= entry.score);
  const merged = keepExisting
    ? [...entries]
    : [...entries.filter((candidate) => candidate.address !== entry.address), entry];
  return sortLocalEntries(merged).slice(0, LOCAL_LEADERBOARD_MAX);
}

function sortLocalEntries(entries: LocalLeaderboardEntry[]): LocalLeaderboardEntry[] {
  return entries.sort((a, b) => b.score - a.score || a.timestamp - b.timestamp);
}

/** The top `limit` entries (default 50), best first. */
export function readLocalLeaderboard(
  entries: readonly LocalLeaderboardEntry[],
  limit: number = LOCAL_LEADERBOARD_DEFAULT_READ,
): LocalLeaderboardEntry[] {
  return sortLocalEntries([...entries]).slice(0, Math.max(0, Math.floor(limit)));
}

export function localLeaderboardStats(entries: readonly LocalLeaderboardEntry[]): LocalLeaderboardStats {
  const sum = (pick: (entry: LocalLeaderboardEntry) => number) =>
    entries.reduce((total, entry) => total + pick(entry), 0);
  const totalPlayers = entries.length;
  return {
    totalPlayers,
    totalTokensEarned: sum((entry) => entry.totalTokensEarned),
    totalRolls: sum((entry) => entry.totalRolls),
    totalJackpots: sum((entry) => entry.jackpotsHit),
    averageLevel: totalPlayers === 0 ? 0 : roundTo2(sum((entry) => entry.level) / totalPlayers),
  };
}

function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The given name when there is one, else 'Player ' + the first 8 hex characters of the address. */
export function displayNameFor(address: string, given?: string | null): string {
  const name = given?.trim();
  if (name) return name;
  const hex = address
    .replace(/^0x/i, '')
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, 8)
    .toLowerCase();
  return hex ? `Player ${hex}` : 'Player';
}
