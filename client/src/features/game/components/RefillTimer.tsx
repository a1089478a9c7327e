import { useEffect, useRef, useState } from 'react';
import { diceLoopText } from '@gogo/shared/messages/game';

/** Seconds until `deadline` (epoch ms on this device's clock), ticking once a second; null without one. */
export function useSecondsLeft(deadline: number | null, onDue?: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const due = useRef(onDue);
  useEffect(() => {
    due.current = onDue;
  });
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    let fired = false;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      // The die is due: ask the server once for the count (it credits nothing on a read).
      if (!fired && at >= deadline) {
        fired = true;
        due.current?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * The refill beside the dice count: "+1 in 12:34" while it runs, "Full" at the cap. Dice above the cap
 * (bought, claimed) stay, and the refill waits until the count drops below it again.
 */
export function RefillTimer({
  deadline,
  cap,
  minutes,
  onDue,
}: {
  /** When the next die arrives on this device's clock; null at the cap or above. */
  deadline: number | null;
  cap: number;
  minutes: number;
  onDue: () => void;
}) {
  const seconds = useSecondsLeft(deadline, onDue);
  const full = seconds === null;
  return (
    <span
      className={full ? 'refill-timer is-full' : 'refill-timer'}
      data-testid="refill-timer"
      title={full ? diceLoopText.refillFullTitle(cap) : diceLoopText.refillTitle(cap, minutes)}
    >
      {full ? diceLoopText.refillFull : diceLoopText.refillIn(seconds)}
    </span>
  );
}
