import { useCallback, useEffect, useState } from 'react';
import { creditMemory, noticeCredits, type Credit, type CreditView } from './creditCelebration';
import { readJson, storageKeys, writeJson } from './storage';

export type Celebration = Credit;

/**
 * Credits an admin approved (deposits, dice purchases), celebrated once: the profile hands in its
 * history's approved requests, the game the server's count of purchased dice rolls (CreditView); the
 * rule and the memory (localStorage, per player, shared by both pages) are creditCelebration.ts'.
 * Returns what to celebrate until `dismiss`; credits arriving meanwhile add up. `view` undefined means
 * "not loaded yet" and is ignored; pass a stable object (useMemo), a new one is a new reading.
 */
export function useCreditCelebration(userId: number | null | undefined, view: CreditView | undefined) {
  const [celebration, setCelebration] = useState<Celebration | null>(null);
  useEffect(() => {
    if (userId == null || view === undefined) return;
    const key = `${storageKeys.creditsSeen}.${userId}`;
    const { fresh, memory } = noticeCredits(creditMemory(readJson<unknown>(key)), view);
    writeJson(key, memory);
    // A new reading of the server's data is the event this hook reacts to: set state from it once.
    if (fresh)
      setCelebration((prev) => (prev ? { dice: prev.dice + fresh.dice, gogo: prev.gogo + fresh.gogo } : fresh));
  }, [userId, view]);
  const dismiss = useCallback(() => setCelebration(null), []);
  return { celebration, dismiss };
}
