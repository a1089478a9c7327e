/** Touch and mouse gestures on the board, as pure functions of where and when a pointer went down and up. */

/** A swipe is at least 50 px within 500 ms. */
export const SWIPE_MIN_DISTANCE_PX = 50;
export const SWIPE_MAX_DURATION_MS = 500;
/** A press released before the long-press time without moving counts as a tap. */
export const TAP_MAX_DURATION_MS = 500;
export const TAP_MAX_MOVEMENT_PX = 10;

export interface PointerSample {
  x: number;
  y: number;
  /** Milliseconds, any monotonic clock. */
  t: number;
}

export type Gesture = { kind: 'swipe'; direction: 'up' | 'down' } | { kind: 'tap' } | { kind: 'none' };

/**
 * Classifies a press. Distances are measured in CSS pixels: `pixelsPerCssPixel` converts from the
 * canvas' device pixels (the game draws at up to twice the CSS size).
 */
export function classifyGesture(start: PointerSample, end: PointerSample, pixelsPerCssPixel = 1): Gesture {
  const scale = pixelsPerCssPixel > 0 ? pixelsPerCssPixel : 1;
  const dx = (end.x - start.x) / scale;
  const dy = (end.y - start.y) / scale;
  const duration = end.t - start.t;
  if (duration < 0) return { kind: 'none' };
  const vertical = Math.abs(dy);
  if (duration <= SWIPE_MAX_DURATION_MS && vertical >= SWIPE_MIN_DISTANCE_PX && vertical > Math.abs(dx)) {
    return { kind: 'swipe', direction: dy < 0 ? 'up' : 'down' };
  }
  if (duration <= TAP_MAX_DURATION_MS && Math.hypot(dx, dy) <= TAP_MAX_MOVEMENT_PX) return { kind: 'tap' };
  return { kind: 'none' };
}
