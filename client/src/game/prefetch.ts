import { loadEngine } from './engine/load';

/**
 * Starts downloading the game screen and the board engine (Phaser, the largest chunk) before /game
 * asks for them (die clickable within 1 s): at once when the app opens on /game, and on the
 * player's way there: a password field taking focus (signing in) or a pointer or focus reaching a link
 * to the game. The landing page itself never loads Phaser unprompted.
 */
let started = false;

/**
 * `loadScreen` fetches the game screen's chunk: the app shell passes it, since the board engine sits
 * below the screens and imports none of them.
 */
export function prefetchGameEngine(loadScreen: () => Promise<unknown>): void {
  if (started) return;
  started = true;
  Promise.all([loadScreen(), loadEngine()]).catch(() => {
    started = false; // offline: try again on the next signal
  });
}

/** Is this event's target on the way to the game (a password field, a link to `gamePath`)? */
export function isGameSignal(target: EventTarget | null, gamePath: string): boolean {
  if (target instanceof HTMLInputElement) return target.type === 'password';
  if (!(target instanceof Element)) return false;
  const link = target.closest('a[href]');
  return link instanceof HTMLAnchorElement && link.pathname === gamePath && link.origin === location.origin;
}

/** Listens for the signals anywhere in the app; returns the remover. */
export function prefetchEngineOnIntent(
  gamePath: string,
  loadScreen: () => Promise<unknown>,
  target: Document = document,
): () => void {
  const onSignal = (event: Event) => {
    if (isGameSignal(event.target, gamePath)) prefetchGameEngine(loadScreen);
  };
  const events = ['focusin', 'pointerover', 'touchstart'] as const;
  for (const name of events) target.addEventListener(name, onSignal, { passive: true });
  return () => {
    for (const name of events) target.removeEventListener(name, onSignal);
  };
}
