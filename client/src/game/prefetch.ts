/**
 * Starts downloading the game screen and the board engine (Phaser, the largest chunk) while the
 * player signs in, so /game opens with them cached (issue 14: die clickable within 1 s). A password
 * field taking focus is the signal: the landing page itself never loads Phaser.
 */
let started = false;

export function prefetchGameEngine(): void {
  if (started) return;
  started = true;
  Promise.all([import('../features/game/GamePage'), import('./createGame')]).catch(() => {
    started = false; // offline: try again on the next signal
  });
}

/** Listens for a password field getting focus anywhere in the app; returns the remover. */
export function prefetchEngineOnSignIn(target: Document = document): () => void {
  const onFocus = (event: FocusEvent) => {
    const field = event.target;
    if (field instanceof HTMLInputElement && field.type === 'password') prefetchGameEngine();
  };
  target.addEventListener('focusin', onFocus);
  return () => target.removeEventListener('focusin', onFocus);
}
