/**
 * Phaser's particle emitters (the sparks and coins of a landing), in a chunk of their own: the board
 * loads them once the die is clickable (nothing the first frame does not need before it).
 * Importing the factory registers `scene.add.particles`.
 */
import 'phaser-src/gameobjects/particles/ParticleEmitterFactory';
