/**
 * Phaser's WebGL renderer, in a chunk of its own: loaded next to the engine only when the board draws
 * with WebGL (a real GPU), never on devices that use the Canvas renderer. Built from Phaser's source
 * like engine/phaser.ts; in `vite dev` the prebuilt Phaser bundle already holds WebGL and this module is
 * not loaded (see engine/load.ts).
 */
// The renderer index first: Phaser's render nodes require each other in a circle that resolves only
// in the order of Phaser's own entry (index, then nodes).
import 'phaser-src/renderer';
import WebGLRenderer from 'phaser-src/renderer/webgl/WebGLRenderer';
import slot from './webglRendererSlot.cjs';

slot.provide(WebGLRenderer);
