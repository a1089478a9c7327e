/**
 * Confetti for a roll's summary, with canvas-confetti loaded on first use, drawn on the summary's
 * own canvas (under its text and buttons, never over them). The caller decides from the settings;
 * canvas-confetti also stays still when the system asks for reduced motion.
 */
export function celebrateOn(canvas: HTMLCanvasElement, kind: 'achievement' | 'level-up'): () => void {
  let stopped = false;
  let reset: (() => void) | null = null;
  void import('canvas-confetti').then(({ default: confetti }) => {
    if (stopped) return;
    const fire = confetti.create(canvas, { resize: true, disableForReducedMotion: true });
    reset = () => fire.reset();
    const base = { ticks: 180 };
    if (kind === 'achievement') {
      void fire({ ...base, particleCount: 110, spread: 80, startVelocity: 42, origin: { y: 0.62 } });
    } else {
      void fire({ ...base, particleCount: 60, angle: 60, spread: 60, origin: { x: 0, y: 0.75 } });
      void fire({ ...base, particleCount: 60, angle: 120, spread: 60, origin: { x: 1, y: 0.75 } });
    }
  });
  return () => {
    stopped = true;
    reset?.();
  };
}
