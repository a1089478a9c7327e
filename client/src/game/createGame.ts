import Phaser from 'phaser';
import type { MotionOptions, SceneSide } from './bus';
import type { BoardLook } from './look';
import type { RendererChoice } from './engine/renderer';
import { BootScene } from './scenes/BootScene';
import { BoardScene } from './scenes/BoardScene';

/** The board never renders at more than twice its CSS size: crisp on phones, light on the GPU. */
export const MAX_PIXEL_RATIO = 2;

export function cappedPixelRatio(): number {
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return Math.min(MAX_PIXEL_RATIO, Math.max(1, ratio));
}

function rendererType(choice: RendererChoice): number {
  return choice === 'webgl' ? Phaser.WEBGL : Phaser.CANVAS;
}

export interface CreateGameOptions {
  parent: HTMLElement;
  bus: SceneSide;
  position: number;
  lastDie: number | null;
  motion: MotionOptions;
  look: BoardLook;
  /** Chosen before the engine loads (engine/load.ts), so the WebGL chunk is fetched only for WebGL. */
  renderer: RendererChoice;
  /** The tile icons, rasterised ahead (tileSheet.ts); null: the boot scene loads them itself. */
  tileSheet: HTMLCanvasElement | null;
}

/** The particle emitters come after the first frame: a chunk of their own in the build (engine/particles.ts). */
const loadParticles = (): Promise<unknown> => (import.meta.env.PROD ? import('./engine/particles') : Promise.resolve());

export interface GameHandle {
  /** The renderer in use. */
  readonly renderer: RendererChoice;
  destroy(): void;
}

/** Side of the square canvas in CSS pixels: the parent's box (kept square by CSS). */
function cssSide(parent: HTMLElement): number {
  const { width, height } = parent.getBoundingClientRect();
  const side = Math.floor(Math.min(width, height > 0 ? height : width));
  return side > 0 ? side : 360;
}

/**
 * The lazily loaded half of the bridge: everything that imports Phaser starts here, so the engine is
 * downloaded only by the /game route. The canvas follows its parent's size (ResizeObserver); its
 * backing store is the CSS size times the capped pixel ratio, and zoom 1/ratio maps it back.
 */
export function createGame(options: CreateGameOptions): GameHandle {
  const { parent } = options;
  let ratio = cappedPixelRatio();
  let side = cssSide(parent);
  const { renderer } = options;

  const game = new Phaser.Game({
    type: rendererType(renderer),
    parent,
    transparent: true,
    banner: false,
    disableContextMenu: true,
    audio: { noAudio: true }, // sounds go through howler, in React
    input: { keyboard: true, mouse: true, touch: true, gamepad: false },
    render: { antialias: true, powerPreference: 'low-power' },
    // Animations are timed in real milliseconds (380 ms a step): no delta smoothing or clamping,
    // which would slow the game clock down on a slow or unfocused page.
    fps: { smoothStep: false },
    scale: {
      mode: Phaser.Scale.NONE,
      width: Math.round(side * ratio),
      height: Math.round(side * ratio),
      zoom: 1 / ratio,
      expandParent: false,
    },
    scene: [
      new BootScene(options.tileSheet),
      new BoardScene({
        bus: options.bus,
        position: options.position,
        lastDie: options.lastDie,
        motion: options.motion,
        look: options.look,
        pixelRatio: () => ratio,
        loadParticles,
      }),
    ],
  });

  const applySize = () => {
    if (!game.isBooted || !game.canvas) return;
    const nextRatio = cappedPixelRatio();
    const nextSide = cssSide(parent);
    if (nextSide === side && nextRatio === ratio) return;
    side = nextSide;
    ratio = nextRatio;
    game.scale.setZoom(1 / ratio);
    game.scale.resize(Math.round(side * ratio), Math.round(side * ratio));
    game.canvas.style.width = `${side}px`;
    game.canvas.style.height = `${side}px`;
    game.scale.refresh();
  };

  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => applySize());
  observer?.observe(parent);
  // A change of device pixel ratio (zoom, moving to another screen) does not resize the parent.
  window.addEventListener('resize', applySize);
  game.events.once(Phaser.Core.Events.READY, applySize);

  parent.dataset.renderer = renderer;
  return {
    renderer,
    destroy() {
      observer?.disconnect();
      window.removeEventListener('resize', applySize);
      game.destroy(true);
    },
  };
}
