/**
 * Confetti for achievements and level-ups, with canvas-confetti loaded on first use. The caller
 * decides from the settings; canvas-confetti also stays still when the system asks for reduced
 * motion.
 */
export async function celebrate(kind: 'achievement' | 'level-up'): Promise<void> {
  const { default: confetti } = await import('canvas-confetti');
  const base = { disableForReducedMotion: true, zIndex: 150, ticks: 180 };
  if (kind === 'achievement') {
    void confetti({ ...base, particleCount: 120, spread: 80, startVelocity: 42, origin: { y: 0.62 } });
    return;
  }
  void confetti({ ...base, particleCount: 60, angle: 60, spread: 60, origin: { x: 0, y: 0.75 } });
  void confetti({ ...base, particleCount: 60, angle: 120, spread: 60, origin: { x: 1, y: 0.75 } });
}
