import type { ChallengeDto, PlayerEventDto } from '@gogo/shared/api';

/** What the game screen's "live now" row shows, or null when nothing is live. */
export type LiveNowPick =
  | { kind: 'join'; event: PlayerEventDto }
  | { kind: 'standing'; event: PlayerEventDto }
  | { kind: 'challenge'; challenge: ChallengeDto };

const hasRoom = (e: PlayerEventDto) => e.maxEntrants === null || e.entrants < e.maxEntrants;

/**
 * The row's choice, from the hub's own reads: a live event the player can still join comes first (a
 * roll before joining scores nothing there), then the live event they joined that ends soonest, then
 * the day's unclaimed challenge nearest to done (a finished one, waiting for its claim, is nearest).
 * Events come in the server's order (live first, soonest end first); ties keep it.
 */
export function pickLiveNow(
  events: readonly PlayerEventDto[] | undefined,
  challenges: readonly ChallengeDto[] | undefined,
): LiveNowPick | null {
  const live = (events ?? []).filter((e) => e.status === 'live');
  const open = live.find((e) => !e.joined && hasRoom(e));
  if (open) return { kind: 'join', event: open };
  const mine = live.find((e) => e.joined);
  if (mine) return { kind: 'standing', event: mine };
  let best: ChallengeDto | null = null;
  for (const c of challenges ?? []) {
    if (c.claimed) continue;
    if (!best || share(c) > share(best)) best = c;
  }
  return best ? { kind: 'challenge', challenge: best } : null;
}

/** How far a challenge is, 0 to 1. */
export function share(c: Pick<ChallengeDto, 'progress' | 'goal' | 'completed'>): number {
  if (c.completed) return 1;
  return Math.min(1, Math.max(0, c.progress / c.goal));
}
