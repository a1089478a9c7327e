/**
 * Texts of a roll's moments on the game screen: the one summary of what a roll brought, the jackpot
 * takeover and the auto roll switch. Re-exported by messages/game.ts.
 */
import { formatCount } from './count.js';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const rollFeelText = {
  summary: {
    /** The summary's heading: the biggest thing the roll brought. */
    jackpot: 'JACKPOT!',
    levelUp: 'Level up!',
    achievement: 'Achievement unlocked!',
    achievements: (n: number) => `${n} achievements unlocked!`,
    /** A roll that cost GOGO and brought nothing else is headed as a loss. */
    penalty: 'Ouch, a penalty!',
    badLuck: 'Bad luck this time',
    /** A roll that cost GOGO but also reached a level or an achievement (listed below the loss). */
    mixed: 'Not all bad!',
    label: 'What this roll brought',
    tile: (die: number, tile: string) => `Rolled a ${die}: ${tile}`,
    /** The tile's own line when a bigger prize (an achievement's) is the card's big number. */
    tileItem: (die: number, tile: string, amount: string) => `Rolled a ${die}: ${tile} ${amount}`,
    /** Under the big number: what paid it, when it was not the tile. */
    prizeFrom: (name: string) => `${name} unlocked`,
    xp: (xp: number) => `+${xp} XP`,
    lap: (xp: number) => `Lap completed: +${xp} XP bonus included`,
    level: (level: number) => `Level ${level} reached`,
    achievementItem: (name: string, reward: string) => (reward ? `${name}: ${reward}` : name),
    repeat: 'unlocked again',
    floored: 'Your balance cannot go below 0',
    tapToClose: 'Tap anywhere to continue',
    continue: 'Collect',
    rollAgain: 'Roll again',
    restored: 'Your last roll',
  },
  auto: {
    label: 'Auto roll',
    on: 'Auto roll on: it stops for anything that needs you.',
    off: 'Auto roll off',
  },
  rolls: (n: number) => `${formatCount(n)} ${plural(n, 'roll', 'rolls')}`,
} as const;
