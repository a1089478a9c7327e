/**
 * Every number of the game's economy (docs/adr, 'Tile rewards, movement, XP and levels', and
 * the headings after it).
 * Nothing else in the code base may hard-code one of these values: import it from here.
 */

// ── Start of a game ──────────────────────────────────────────────────────────
export const STARTING_DICE_ROLLS = 10;
export const STARTING_LEVEL = 1;
export const STARTING_BALANCE = 0;
export const STARTING_POSITION = 0;

// ── Roll timing (the client animates, the server enforces the cooldown) ─────
export const ROLL_COOLDOWN_MS = 1000;
export const STEP_DELAY_MS = 380;
export const ROLL_RESOLVE_MS = 1000;

// ── Die ──────────────────────────────────────────────────────────────────────
export const DIE_MIN = 1;
export const DIE_MAX = 6;

// ── Rewards and XP ───────────────────────────────────────────────────────────
/** Raw tile amounts are divided by this and truncated toward zero to give the GOGO applied. */
export const REWARD_DIVISOR = 10;
/** XP per unit of |raw amount|, rounded down. */
export const XP_RATE = 0.1;
export const JACKPOT_XP_MULTIPLIER = 2;
/** A move ending on Start gives the XP of a 100 reward. */
export const LAP_BONUS_XP = 10;
/** Level-up threshold is LEVEL_XP_STEP x current level. */
export const LEVEL_XP_STEP = 100;
export const RECENT_MOVES_KEPT = 5;
/** Three dice are kept: high_roller needs a 6 three times in a row. */
export const LAST_DICE_KEPT = 3;

// ── Daily login streak ───────────────────────────────────────────────────────
export const DAILY_LOGIN_BONUS_PER_DAY = 50;
/** Extra GOGO on the exact streak day (day 7, day 30, day 100), not on later days. */
export const DAILY_LOGIN_STREAK_BONUSES: Readonly<Record<number, number>> = {
  7: 100,
  30: 500,
  100: 1000,
};

// ── Daily free dice ──────────────────────────────────────────────────────────
export const DAILY_DICE_BASE = 10;
/** Highest threshold reached wins; ordered from highest to lowest. */
export const DAILY_DICE_STREAK_BONUSES: readonly { minDays: number; bonus: number }[] = [
  { minDays: 100, bonus: 20 },
  { minDays: 30, bonus: 10 },
  { minDays: 7, bonus: 5 },
];

export interface StreakMilestone {
  days: number;
  bonus: number;
  description: string;
}

/** Milestones shown as "next milestone"; ordered by days ascending. */
export const STREAK_MILESTONES: readonly StreakMilestone[] = [
  { days: 7, bonus: 100, description: 'Weekly streak: 7 days in a row' },
  { days: 30, bonus: 500, description: 'Monthly streak: 30 days in a row' },
  { days: 100, bonus: 1000, description: 'Century streak: 100 days in a row' },
  { days: 365, bonus: 5000, description: 'Yearly streak: 365 days in a row' },
];

// ── Money ────────────────────────────────────────────────────────────────────
export const DICE_PER_USD = 10;
export const DICE_PURCHASE_STEP = 10;
export const MIN_DICE_PURCHASE = 10;
export const DEFAULT_DICE_PURCHASE = 10;
export const MIN_DEPOSIT_USD = 10;
export const MIN_WITHDRAWAL_GOGO = 100;
export const LAUNCH_PRICE_USD = 0.1;
/** Potential USD value of one GOGO at launch (balance x rate). */
export const POTENTIAL_VALUE_RATE = 0.1;

// ── Referral ─────────────────────────────────────────────────────────────────
export const REFERRAL_REWARD_GOGO = 100;
/** The referrer is paid when the referred friend makes this roll (the 30th). */
export const REFERRAL_ROLLS_REQUIRED = 30;
export const REFERRAL_CODE_MIN_LENGTH = 4;

// ── Leaderboard ──────────────────────────────────────────────────────────────
export const LOCAL_LEADERBOARD_MAX = 100;
export const LOCAL_LEADERBOARD_DEFAULT_READ = 50;
/** score = round(sum of weight x stat). */
export const LEADERBOARD_SCORE_WEIGHTS = {
  totalTokensEarned: 10,
  jackpotsHit: 1000,
  achievementsUnlocked: 500,
  level: 100,
  totalRolls: 5,
} as const;
