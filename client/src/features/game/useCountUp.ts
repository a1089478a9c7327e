import { useEffect, useRef, useState } from 'react';

export type CountTrend = 'up' | 'down' | null;

/** Eased position between two values at progress t (0..1), rounded to whole GOGO. */
export function countValue(from: number, to: number, t: number): number {
  const clamped = Math.min(1, Math.max(0, t));
  const eased = 1 - (1 - clamped) ** 3;
  return Math.round(from + (to - from) * eased);
}

/**
 * The balance counts up to a gain and drains down to a loss instead of jumping. Without
 * animations it jumps. `trend` says which way it is moving while it moves.
 */
export function useCountUp(target: number | null, animate: boolean, durationMs = 800) {
  const [shown, setShown] = useState(target);
  const [trend, setTrend] = useState<CountTrend>(null);
  const shownRef = useRef(target);

  useEffect(() => {
    const from = shownRef.current;
    if (target === null || from === null || !animate || from === target) {
      shownRef.current = target;
      setShown(target);
      setTrend(null);
      return;
    }
    setTrend(target > from ? 'up' : 'down');
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const t = (now - start) / durationMs;
      const value = countValue(from, target, t);
      shownRef.current = value;
      setShown(value);
      if (t < 1) frame = requestAnimationFrame(tick);
      else setTrend(null);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      shownRef.current = target;
    };
  }, [target, animate, durationMs]);

  return { shown, trend };
}
