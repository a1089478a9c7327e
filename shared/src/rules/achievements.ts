import type { GameProgress } from './state.js';

export type AchievementId =
  | 'first_roll'
  | 'hundred_rolls'
  | 'snake_eyes'
  | 'first_thousand'
  | 'jackpot_hunter'
  | 'lucky_streak'
  | 'board_master'
  | 'high_roller';

export interface Achievement {
  id: AchievementId;
  name: string;
  description: string;
  /** GOGO credited once, at face value. */
  reward: number;
  /** Kebab-case art key for the client. */
  icon: string;
}

/** The eight achievements of docs/adr, 'Eight achievements, credited once', in display order. */
export const ACHIEVEMENTS: readonly Achievement[] = Object.freeze([
  {
    id: 'first_roll',
    name: 'First Roll',
    description: 'Roll the dice for the first time',
    reward: 50,
    icon: 'first-roll',
  },
  { id: 'hundred_rolls', name: 'Century', description: 'Roll the dice 100 times', reward: 200, icon: 'century' },
  { id: 'snake_eyes', name: 'Snake Eyes', description: 'Roll a 1 twice in a row', reward: 100, icon: 'snake-eyes' },
  {
    id: 'first_thousand',
    name: 'Millionaire',
    description: 'Earn 1000 GOGO in total',
    reward: 100,
    icon: 'millionaire',
  },
  { id: 'jackpot_hunter', name: 'Jackpot Hunter', description: 'Hit 10 jackpots', reward: 300, icon: 'jackpot-hunter' },
  {
    id: 'lucky_streak',
    name: 'Lucky Streak',
    description: 'Gain GOGO on 5 rolls in a row',
    reward: 500,
    icon: 'lucky-streak',
  },
  { id: 'board_master', name: 'Board Master', description: 'Complete 50 laps', reward: 1000, icon: 'board-master' },
  {
    id: 'high_roller',
    name: 'High Roller',
    description: 'Roll a 6 three times in a row',
    reward: 250,
    icon: 'high-roller',
  },
] satisfies Achievement[]);

export const ACHIEVEMENT_THRESHOLDS = {
  firstRollRolls: 1,
  hundredRollsRolls: 100,
  firstThousandEarned: 1000,
  jackpotHunterJackpots: 10,
  luckyStreakGains: 5,
  boardMasterLaps: 50,
  snakeEyesOnes: 2,
  highRollerSixes: 3,
} as const;

const T = ACHIEVEMENT_THRESHOLDS;

/** True when the newest `count` dice are all `face`. */
function lastDiceAre(state: GameProgress, face: number, count: number): boolean {
  const recent = state.lastDice.slice(-count);
  return recent.length === count && recent.every((die) => die === face);
}

const CONDITIONS: Readonly<Record<AchievementId, (state: GameProgress) => boolean>> = {
  first_roll: (s) => s.totalRolls >= T.firstRollRolls,
  hundred_rolls: (s) => s.totalRolls >= T.hundredRollsRolls,
  snake_eyes: (s) => lastDiceAre(s, 1, T.snakeEyesOnes),
  first_thousand: (s) => s.totalTokensEarned >= T.firstThousandEarned,
  jackpot_hunter: (s) => s.jackpotsHit >= T.jackpotHunterJackpots,
  lucky_streak: (s) => s.gainStreak >= T.luckyStreakGains,
  board_master: (s) => s.lapsCompleted >= T.boardMasterLaps,
  high_roller: (s) => lastDiceAre(s, 6, T.highRollerSixes),
};

export function isAchievementMet(id: AchievementId, state: GameProgress): boolean {
  return CONDITIONS[id](state);
}

/** Achievements whose condition holds now and that are not unlocked yet, in display order. */
export function checkAchievements(state: GameProgress): Achievement[] {
  return ACHIEVEMENTS.filter(
    (achievement) => !state.unlockedAchievements.includes(achievement.id) && CONDITIONS[achievement.id](state),
  );
}

export function achievementById(id: string): Achievement | undefined {
  return ACHIEVEMENTS.find((achievement) => achievement.id === id);
}

export function isAchievementId(id: string): id is AchievementId {
  return achievementById(id) !== undefined;
}
