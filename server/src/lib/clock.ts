/** Time is injected so that tests can move it (cooldowns, streaks across days, lockouts, expiry). */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

export const toIso = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();
