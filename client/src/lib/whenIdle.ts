/**
 * Runs `work` once the page has a moment, at most `timeoutMs` later: bookkeeping that must not share
 * a frame with a payoff (the coins, the count-up, the reward card) waits for one without animation.
 */
export function whenIdle(work: () => void, timeoutMs = 1000): void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    window.requestIdleCallback(() => work(), { timeout: timeoutMs });
  } else {
    setTimeout(work, 0);
  }
}
