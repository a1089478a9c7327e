import type { AfterRollStep } from '../game/index.js';
import { pushRepo as repo } from './repo.js';
import { cancelNotification, scheduleNotification } from './schedule.js';

/**
 * The roll step of the "dice full" notification: a roll that leaves the player below the refill cap
 * moves their one pending "dice full" notification to the moment the refill reaches the cap. Only a
 * player with a subscribed device is written for; whether there is one is read with the roll's reads.
 */
export const diceFullAfterRoll: AfterRollStep<readonly [ReturnType<typeof repo.hasDeviceRead>]> = {
  reads: (userId) => [repo.hasDeviceRead(userId)] as const,
  async run({ tx, userId, diceFullAt }, [hasDevice]) {
    if (!hasDevice) return;
    if (diceFullAt === null) await cancelNotification(tx, userId, 'dice_full');
    else await scheduleNotification(tx, userId, 'dice_full', diceFullAt);
  },
};
