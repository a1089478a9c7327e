/** Query keys of the game screen, per endpoint; mutations invalidate exactly what they change. */
export const gameKeys = {
  all: ['game'] as const,
  state: () => [...gameKeys.all, 'state'] as const,
  diceBalance: () => [...gameKeys.all, 'dice-balance'] as const,
  dailyDice: () => [...gameKeys.all, 'daily-dice'] as const,
  fairness: () => [...gameKeys.all, 'fairness'] as const,
  fairnessRolls: (limit: number) => [...gameKeys.all, 'fairness-rolls', limit] as const,
  leaderboard: (limit: number) => [...gameKeys.all, 'leaderboard', limit] as const,
};
