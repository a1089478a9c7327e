/** How much the board moves: the player's settings and the OS's reduced-motion wish decide. */
export interface MotionOptions {
  /** Tweens, tumbling die, hops. Off when the setting is off or the OS asks for reduced motion. */
  animations: boolean;
  /** Particle bursts on gains. */
  particles: boolean;
  /** The player's "Fast rolls": the die, the steps and the landing take half the spec's time. */
  fast?: boolean;
}
