// The roll controls' texts for the dice that come back: the refill countdown, the multiplier and the
// free dice offered first when the dice run out. Part of the game screen's texts ('@gogo/shared/messages/game').

/** 754 seconds as "12:34"; an hour or more as "1:02:03". */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

export const diceLoopText = {
  /** Beside the dice count while the refill runs. */
  refillIn: (seconds: number) => `+1 in ${clockText(seconds)}`,
  refillFull: 'Full',
  refillTitle: (cap: number, minutes: number) => `One free die every ${minutes} minutes, up to ${cap}.`,
  refillFullTitle: (cap: number) => `The refill stops at ${cap} dice: roll some and it starts again.`,
  roll: 'Roll dice',
  rollTimes: (multiplier: number) => `Roll x${multiplier}`,
  multiplierLabel: (multiplier: number) => `Multiplier x${multiplier}: tap to change`,
  multiplierHelp: (multiplier: number) =>
    `x${multiplier} spends ${multiplier} dice per roll and multiplies that roll's GOGO (tile and Start salary).`,
  multiplierLocked: (multiplier: number, level: number, dice: number) =>
    `x${multiplier} opens at level ${level} or with ${dice} dice in hand.`,
  multiplierNeedsDice: (multiplier: number) => `x${multiplier} needs ${multiplier} dice: rolling at a lower one.`,
  claimDaily: (dice: number) => `Claim ${dice} free dice`,
  claimChallenge: 'Claim reward',
  nextDieIn: (seconds: number) => `Next die in ${clockText(seconds)}`,
  buyDice: 'Buy dice',
  claimFailed: 'The claim did not go through. Try again.',
  dailyReady: 'Daily dice ready',
  passedStart: (gogo: number) => `Passed Start +${gogo} GOGO`,
} as const;
