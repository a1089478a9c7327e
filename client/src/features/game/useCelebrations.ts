import { useCallback, useEffect, useRef, useState } from 'react';
import { summaryNeedsPlayer, type CelebrationSpec } from './outcome';

export type { CelebrationSpec } from './outcome';

export type Celebration = CelebrationSpec & { id: number };

/** A self-closing card stays this long; shorter when something waits behind it. */
export const CARD_MS = 2600;
export const CARD_MS_QUEUED = 1400;
/** Dice that arrived for money are a moment: they stay longer than a roll's card. */
export const ARRIVAL_MS = 4500;

export function isModalCelebration(item: CelebrationSpec | null | undefined): boolean {
  return item?.kind === 'summary' && summaryNeedsPlayer(item.summary);
}

/** The kind shown on the board frame's data-celebration hook. */
export function celebrationKind(item: CelebrationSpec | null): string {
  if (!item) return 'none';
  if (item.kind !== 'summary') return item.kind;
  if (item.summary.jackpot) return 'jackpot';
  return summaryNeedsPlayer(item.summary) ? 'summary' : 'card';
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
    const ms = waiting > 0 ? CARD_MS_QUEUED : current.kind === 'dice-arrived' ? ARRIVAL_MS : CARD_MS;
    const timer = setTimeout(() => close(current.id), ms);
    return () => clearTimeout(timer);
  }, [current, waiting, close]);

  /** A modal is showing or waits in the queue (auto roll holds until the player has seen it). */
  const modalPending = queue.some(isModalCelebration);
  return { current, waiting: Math.max(0, waiting), modalPending, enqueue, close };
}
