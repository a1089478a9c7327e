import { LEVEL_XP_STEP } from './economy.js';

/** XP needed to leave `level`: 100 x level. */
export function xpThreshold(level: number): number {
  return LEVEL_XP_STEP * level;
}

export interface XpApplication {
  xp: number;
  level: number;
  /** Every level reached, in order (several at once are possible). */
  levelUps: number[];
}

/** Adds XP and levels up while xp >= threshold, carrying the remainder over each time. */
export function applyXp(xp: number, level: number, gained: number): XpApplication {
  let nextXp = xp + gained;
  let nextLevel = level;
  const levelUps: number[] = [];
  while (nextXp >= xpThreshold(nextLevel)) {
    nextXp -= xpThreshold(nextLevel);
    nextLevel += 1;
    levelUps.push(nextLevel);
  }
  return { xp: nextXp, level: nextLevel, levelUps };
}
