import { useEffect, useRef } from 'react';

/**
 * How much a server counter grew since it was last seen, or 0 (first sight, same, lower).
 * Pure, so the rule is tested without React.
 */
export function counterIncrease(previous: number | null, next: number): number {
  if (previous === null) return 0;
  return next > previous ? next - previous : 0;
}

/**
 * Calls `onArrive(n)` when dice rolls bought by the player arrive while the screen is open: an admin
 * approved a deposit or a purchase. It watches the server's count of purchased rolls
 * (GET /api/dice-rolls/balance, `totalDiceRollsPurchased`), which only deposits and purchases raise:
 * the player's own rolls and daily claims never change it, so they are never mistaken for arrivals.
 * The first value seen is the baseline (nothing is celebrated on load).
 */
export function useDiceArrivals(totalPurchased: number | undefined, onArrive: (count: number) => void) {
  const seen = useRef<number | null>(null);
  const callback = useRef(onArrive);
  useEffect(() => {
    callback.current = onArrive;
  });
  useEffect(() => {
    if (totalPurchased === undefined) return;
    const arrived = counterIncrease(seen.current, totalPurchased);
    seen.current = totalPurchased;
    if (arrived > 0) callback.current(arrived);
  }, [totalPurchased]);
}
