import { useEffect, useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useCreditCelebration } from '../../lib/useCreditCelebration';
import { gameKeys } from './api/keys';
import { latestArrivalSource } from './api/arrivals';
import type { CelebrationSpec } from './useCelebrations';

/**
 * Dice an admin approved (the server's count of purchased rolls grew): celebrate them in the queue
 * and show the new count; the profile shares the memory, so each approval is celebrated once. Back
 * on the tab, the dice count is fetched at once (an approval may have landed meanwhile).
 */
export function useDiceArrivals(
  userId: number | undefined,
  dicePurchased: number | undefined,
  refetchDice: () => unknown,
  queryClient: QueryClient,
  enqueue: (items: CelebrationSpec[]) => void,
) {
  const creditView = useMemo(
    () => (dicePurchased === undefined ? undefined : ({ kind: 'total', dicePurchased } as const)),
    [dicePurchased],
  );
  const { celebration: arrival, dismiss: arrivalShown } = useCreditCelebration(userId, creditView);
  useEffect(() => {
    if (!arrival) return;
    void queryClient.invalidateQueries({ queryKey: gameKeys.state() });
    const count = arrival.dice;
    arrivalShown();
    if (count <= 0) return;
    // The moment names what paid for them (a deposit's amount) when the history can tell.
    void latestArrivalSource()
      .catch(() => null)
      .then((source) => enqueue([{ kind: 'dice-arrived', count, source }]));
  }, [arrival, arrivalShown, queryClient, enqueue]);

  useEffect(() => {
    const onReturn = () => {
      if (document.visibilityState === 'visible') void refetchDice();
    };
    document.addEventListener('visibilitychange', onReturn);
    return () => document.removeEventListener('visibilitychange', onReturn);
  }, [refetchDice]);
}
