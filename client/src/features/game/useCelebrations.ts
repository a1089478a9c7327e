import { useCallback, useEffect, useRef, useState } from 'react';
import type { CelebrationSpec } from './outcome';

export type { CelebrationSpec } from './outcome';

export type Celebration = CelebrationSpec & { id: number };

/** A self-closing card stays this long; shorter when something waits behind it. */
export const CARD_MS = 2600;
export const CARD_MS_QUEUED = 1400;

export function isModalCelebration(item: Pick<Celebration, 'kind'> | null | undefined): boolean {
  return item?.kind === 'jackpot' || item?.kind === 'level-up' || item?.kind === 'achievement';
}

export function useCelebrations() {
  const [queue, setQueue] = useState<Celebration[]>([]);
  const nextId = useRef(1);
  const current = queue[0] ?? null;

  const enqueue = useCallback((items: CelebrationSpec[]) => {
    if (items.length === 0) return;
    setQueue((list) => [...list, ...items.map((item) => ({ ...item, id: nextId.current++ }) as Celebration)]);
  }, []);

  /** Closes the one showing (by id, so a late timer never closes the next one). */
  const close = useCallback((id: number) => {
    setQueue((list) => (list[0]?.id === id ? list.slice(1) : list));
  }, []);

  // Cards close themselves.
  const waiting = queue.length - 1;
  useEffect(() => {
    if (!current || isModalCelebration(current)) return;
    const timer = setTimeout(() => close(current.id), waiting > 0 ? CARD_MS_QUEUED : CARD_MS);
    return () => clearTimeout(timer);
  }, [current, waiting, close]);

  /** A modal is showing or waits in the queue (auto roll holds until the player has seen it). */
  const modalPending = queue.some(isModalCelebration);
  return { current, waiting: Math.max(0, waiting), modalPending, enqueue, close };
}
