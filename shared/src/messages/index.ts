/**
 * Every user-facing text of the product spec, in one place, so that the UI, the server and the
 * tests agree on the exact wording. Keys describe meaning, values are the spec's texts verbatim.
 */
// The face of the texts ('@gogo/shared/messages'), one file per topic. The game screen's own texts
// (game.ts, '@gogo/shared/messages/game') stay out of it so that the landing page does not download them.

export * from './errors.js';
export * from './count.js';
export * from './account.js';
export * from './play.js';
export * from './money.js';
export * from './admin.js';
export * from './site.js';
export * from './login.js';
export * from './mail.js';
export * from './risk.js';
export * from './production.js';
export * from './wallet.js';
export * from './board.js';
export * from './buildGoals.js';
export * from './events.js';
export * from './liveNow.js';
export * from './treasury.js';
export * from './push.js';
