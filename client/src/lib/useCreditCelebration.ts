import { useCallback, useEffect, useState } from 'react';
import { detectNewCredits, type CreditEvent } from './creditCelebration';
import { readJson, storageKeys, writeJson } from './storage';

export type Celebration = { dice: number; gogo: number };

/**
 * "Celebrate a newly approved deposit": give it the credits the page currently knows (from any
 * react-query data: a polled history today, a websocket-fed cache later) and it returns what to
 * celebrate once, remembered per player in localStorage so a reload does not celebrate twice.
 * `events` undefined means "not loaded yet" and is ignored.
 */
export function useCreditCelebration(userId: number | null | undefined, events: readonly CreditEvent[] | undefined) {
  const [celebration, setCelebration] = useState<Celebration | null>(null);
  useEffect(() => {
    if (userId == null || events === undefined) return;
    const key = `${storageKeys.creditsSeen}.${userId}`;
    const { fresh, seen } = detectNewCredits(readJson<string[]>(key), events);
    writeJson(key, seen);
    // A change of the query data is the event this hook reacts to: set state from it once.
    if (fresh)
      setCelebration((prev) => (prev ? { dice: prev.dice + fresh.dice, gogo: prev.gogo + fresh.gogo } : fresh));
  }, [userId, events]);
  const dismiss = useCallback(() => setCelebration(null), []);
  return { celebration, dismiss };
}
