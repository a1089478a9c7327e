import type { RollAnimationPlan } from './rollPlan';
import type { MotionOptions } from './motion';
import type { BoardLook } from './look';

/**
 * The one channel between React and the Phaser scenes. Two typed event maps, one per direction:
 * scenes announce intents and progress (they never fetch), React hands them server outcomes and
 * settings. Each side gets a view that can only emit its own direction and only listen to the other.
 */

export type RollSource = 'tap' | 'swipe' | 'keyboard';

/** The tile the player is saving toward (or can build now), as React computes it from the balance. */
export interface BoardGoal {
  tileId: number;
  ready: boolean;
}

/** Scene → React: what the player asked for and how the animation is going. */
export interface SceneEvents {
  /** The board is drawn and accepts input; `position` is where the token stands. */
  'scene-ready': { position: number };
  /** The player tapped the die, swiped or pressed Space/Enter on the board. */
  'roll-requested': { source: RollSource };
  /** The player tapped a tile. */
  'tile-selected': { tileId: number };
  /** The die stopped on a face (the server's die). */
  'die-settled': { rollId: number; face: number };
  /** The token set off for a tile: `step` of `steps` (1-based); after a sync, step = steps = 0. */
  'token-moved': { position: number; step: number; steps: number };
  /** The token arrived on the landing tile and the tile reacted. */
  'tile-landed': { rollId: number; tileId: number };
  /** A chance tile's card turned over to show its result (a sound cue). */
  'card-flipped': { rollId: number };
  /** The board has drawn this look (look.ts lookKey): what is built, which board, which scheme. */
  'look-drawn': { key: string };
  /** Everything of this roll has been shown; the board is idle again. */
  'animation-finished': { rollId: number; position: number };
}

export type { MotionOptions } from './motion';

/** React → scene: state to draw and outcomes to animate. */
export interface ReactEvents {
  /** Place the token and the die without animation (initial load, another tab, a reset). */
  'sync-state': { position: number; lastDie: number | null };
  /** Whether board input may start a roll (false while offline, rolling, out of rolls or under a dialog). */
  'set-input': { enabled: boolean; rollable: boolean };
  /** The request went out: start tumbling now, the outcome follows. */
  'roll-started': Record<string, never>;
  /** The server's outcome, mapped to animation steps. */
  'play-roll': { plan: RollAnimationPlan };
  /** The request failed: stop tumbling and show the previous face. */
  'roll-cancelled': Record<string, never>;
  'set-motion': MotionOptions;
  /** A card covers the whole board (a roll's summary that takes the screen): the board stops drawing. */
  'set-covered': { covered: boolean };
  /** Draw the board this way: the colour scheme, the player's board and its buildings (look.ts). */
  'set-look': { look: BoardLook };
  /** Outline a tile (the one shown in the details panel), or none. */
  'highlight-tile': { tileId: number | null };
  /** The property to aim for: its tile breathes an outline while the board is idle. */
  'set-goal': { goal: BoardGoal | null };
}

type Handler<P> = (payload: P) => void;
type AnyMap = object;

/** A minimal typed emitter; handlers are removed with the very function that was added. */
class Emitter<M extends AnyMap> {
  private readonly handlers = new Map<keyof M, Set<Handler<never>>>();

  on<K extends keyof M>(type: K, handler: Handler<M[K]>): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler as Handler<never>);
    return () => this.off(type, handler);
  }

  off<K extends keyof M>(type: K, handler: Handler<M[K]>): void {
    const set = this.handlers.get(type);
    if (!set) return;
    set.delete(handler as Handler<never>);
    if (set.size === 0) this.handlers.delete(type);
  }

  emit<K extends keyof M>(type: K, payload: M[K]): void {
    const set = this.handlers.get(type);
    if (!set) return;
    // A copy: a handler may remove itself (or others) while we iterate.
    for (const handler of [...set]) (handler as Handler<M[K]>)(payload);
  }

  count(type?: keyof M): number {
    if (type !== undefined) return this.handlers.get(type)?.size ?? 0;
    let total = 0;
    for (const set of this.handlers.values()) total += set.size;
    return total;
  }

  clear(): void {
    this.handlers.clear();
  }
}

/** What a scene sees: it emits SceneEvents and listens to ReactEvents. */
export interface SceneSide {
  emit<K extends keyof SceneEvents>(type: K, payload: SceneEvents[K]): void;
  on<K extends keyof ReactEvents>(type: K, handler: Handler<ReactEvents[K]>): () => void;
  off<K extends keyof ReactEvents>(type: K, handler: Handler<ReactEvents[K]>): void;
}

/** What React sees: it emits ReactEvents and listens to SceneEvents. */
export interface ReactSide {
  emit<K extends keyof ReactEvents>(type: K, payload: ReactEvents[K]): void;
  on<K extends keyof SceneEvents>(type: K, handler: Handler<SceneEvents[K]>): () => void;
  off<K extends keyof SceneEvents>(type: K, handler: Handler<SceneEvents[K]>): void;
}

export interface GameBus {
  scene: SceneSide;
  react: ReactSide;
  /** Number of registered listeners (for leak checks). */
  listenerCount(): number;
  /** Drops every listener (the owner's unmount). */
  clear(): void;
}

/**
 * How scene events reach React. 'next-task': after the task that raised them, in the order raised, so
 * React's renders never run inside the board's animation frame (a landing's reward, drawn by React,
 * and the board's tween each get a frame's budget of their own). 'now': at once, for unit tests.
 */
export type UpDelivery = 'next-task' | 'now';

/** Runs `flush` in a task of its own: a MessageChannel message runs before timers and is not clamped. */
function taskScheduler(flush: () => void): () => void {
  if (typeof MessageChannel === 'undefined') return () => setTimeout(flush, 0);
  const channel = new MessageChannel();
  channel.port1.onmessage = flush;
  return () => channel.port2.postMessage(null);
}

/** One bus per mounted game. */
export function createGameBus({ upDelivery = 'next-task' }: { upDelivery?: UpDelivery } = {}): GameBus {
  const up = new Emitter<SceneEvents>();
  const down = new Emitter<ReactEvents>();
  let queued: Array<() => void> = [];
  const schedule = taskScheduler(() => {
    const batch = queued;
    queued = [];
    for (const deliver of batch) deliver();
  });
  const emitUp: SceneSide['emit'] =
    upDelivery === 'now'
      ? (type, payload) => up.emit(type, payload)
      : (type, payload) => {
          if (queued.length === 0) schedule();
          queued.push(() => up.emit(type, payload));
        };
  return {
    scene: {
      emit: emitUp,
      on: (type, handler) => down.on(type, handler),
      off: (type, handler) => down.off(type, handler),
    },
    react: {
      emit: (type, payload) => down.emit(type, payload),
      on: (type, handler) => up.on(type, handler),
      off: (type, handler) => up.off(type, handler),
    },
    listenerCount: () => up.count() + down.count(),
    clear: () => {
      queued = [];
      up.clear();
      down.clear();
    },
  };
}
