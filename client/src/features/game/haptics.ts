/** Vibration patterns per event (ms on/off), kept short: a nudge, never a buzz. */
export const HAPTIC_PATTERNS = {
  roll: [12],
  step: [6],
  gain: [18],
  loss: [40, 40, 40],
  jackpot: [30, 50, 30, 50, 90],
  'level-up': [50, 30, 50],
  achievement: [30, 40, 60],
  'dice-arrived': [20, 30, 20],
} as const;

export type HapticEvent = keyof typeof HAPTIC_PATTERNS;

/**
 * navigator.vibrate where the device has it (Android browsers; iOS Safari has none). The caller
 * passes whether haptics are on: they follow the animations setting and the system's reduced motion.
 */
export function buzz(
  event: HapticEvent,
  enabled: boolean,
  nav: Pick<Navigator, 'vibrate'> | undefined = globalThis.navigator,
): boolean {
  if (!enabled || !nav || typeof nav.vibrate !== 'function') return false;
  try {
    return nav.vibrate([...HAPTIC_PATTERNS[event]]);
  } catch {
    return false;
  }
}
