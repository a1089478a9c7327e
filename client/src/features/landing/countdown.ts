import { useEffect, useState } from 'react';

export interface CountdownParts {
  /** true from the launch moment on. */
  done: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds from `now` until `target` (all zero once it has passed). */
export function countdownParts(targetMs: number, nowMs: number): CountdownParts {
  const left = Math.max(0, Math.ceil((targetMs - nowMs) / 1000));
  return {
    done: left === 0,
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

/**
 * The current time, refreshed on every whole second: each tick waits for the next second boundary,
 * so the display never drifts and changes together with the wall clock.
 */
export function useNow(active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      timer = setTimeout(tick, 1000 - (t % 1000));
    };
    tick();
    return () => clearTimeout(timer);
  }, [active]);
  return now;
}

export function useCountdown(targetIso: string | undefined): CountdownParts | null {
  const target = targetIso ? Date.parse(targetIso) : NaN;
  const valid = Number.isFinite(target);
  const now = useNow(valid && Date.now() < target);
  return valid ? countdownParts(target, now) : null;
}
