import type Phaser from 'phaser';
import { BOARD_COLORS } from '../palette';

export interface LandingParticles {
  sparks: Phaser.GameObjects.Particles.ParticleEmitter;
  coins: Phaser.GameObjects.Particles.ParticleEmitter;
}

/** Sparks on every landing, coins on a jackpot: emitters that burst on demand (explode). */
export function createLandingParticles(scene: Phaser.Scene): LandingParticles {
  const sparks = scene.add.particles(0, 0, 'spark', {
    speed: { min: 80, max: 220 },
    lifespan: 700,
    scale: { start: 0.6, end: 0 },
    alpha: { start: 1, end: 0 },
    gravityY: 220,
    tint: [BOARD_COLORS.goldLight, BOARD_COLORS.gold, 0xffffff],
    emitting: false,
  });
  sparks.setDepth(40);
  const coins = scene.add.particles(0, 0, 'coin', {
    speed: { min: 120, max: 260 },
    angle: { min: 220, max: 320 },
    lifespan: 900,
    scale: { start: 1, end: 0.4 },
    alpha: { start: 1, end: 0 },
    rotate: { min: -180, max: 180 },
    gravityY: 420,
    emitting: false,
  });
  coins.setDepth(41);
  return { sparks, coins };
}
