/**
 * Stands in for Phaser's WebGLRenderer inside Phaser's core/CreateRenderer.js (client/vite.config.ts
 * points that one require here), so the engine chunk holds no WebGL renderer: engine/webgl.ts, loaded
 * only when the board draws with WebGL, provides the real class before the game is created.
 */
let Renderer = null;

function WebGLRendererSlot(game) {
  if (!Renderer) throw new Error('The WebGL renderer was chosen but its module is not loaded');
  // A constructor that returns an object: `new WebGLRendererSlot(game)` is the real renderer.
  return new Renderer(game);
}

WebGLRendererSlot.provide = function provide(RealRenderer) {
  Renderer = RealRenderer;
};

module.exports = WebGLRendererSlot;
