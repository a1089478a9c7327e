/**
 * Texts of the game screen's "live now" row: the live event to join or the player's standing in it,
 * else the day's challenge nearest to done. Re-exported by shared/src/messages/index.ts.
 */
export const liveNowText = {
  label: 'Live',
  join: 'Join',
  joining: 'Joining...',
  /** Scores start at the join: the roll step adds to the events joined when the roll is made. */
  joinHint: 'Only rolls after you join count',
  standing: (rank: number, entrants: number, score: string) => `#${rank} of ${entrants} · ${score}`,
  unranked: 'Joined · roll to get a rank',
  challengeTag: 'Today',
  claimReady: 'Done · claim it in Events',
  openHub: (what: string) => `${what}: open Events`,
} as const;
