// The client's floors, top to bottom, in one place: eslint.config.js turns them into
// import-x/no-restricted-paths zones (the editor's word at once) and scripts/check-architecture.mjs
// checks the whole import graph against them (npm test). A part of client/src imports only itself and
// the floors below its own; parts on one floor never import each other (one feature never imports
// another). docs/architecture.md, 'Client floors', says what each floor holds.

/**
 * Each floor lists its parts: a folder of client/src or a file at its root. `features` stands for
 * every folder of features/, each a part of its own.
 * @type {ReadonlyArray<readonly string[]>}
 */
export const CLIENT_FLOORS = [
  // Entries: the browser's start, the build's prerender, the service worker's offline page.
  ['main.tsx', 'prerender', 'offline'],
  // The shell: router, providers, layout, the realtime bridge; it fills the slots.
  ['app'],
  // The screens.
  ['features'],
  // Sign-in dialogs that several screens open.
  ['session'],
  // The UI kit; the Phaser board.
  ['components', 'game'],
  // Platform: API client, session, paths, slots, realtime socket and cache, settings, formatting.
  ['lib'],
  ['styles'],
];

/**
 * The part a client file belongs to: `features/<name>` for a screen's folder, otherwise the first
 * folder of client/src (or the file itself at its root); null outside client/src.
 * @param {string} file path from the project root
 * @returns {string | null}
 */
export function clientPartOf(file) {
  if (!file.startsWith('client/src/')) return null;
  const parts = file.slice('client/src/'.length).split('/');
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0] ?? null;
}

/**
 * The floor of a part (0 is the top), or -1 for a part no floor lists.
 * @param {string} part
 */
export function clientFloorOf(part) {
  const name = part.startsWith('features/') ? 'features' : part;
  return CLIENT_FLOORS.findIndex((floor) => floor.includes(name));
}

/**
 * Why an import from one part to another runs the wrong way, or null when it may.
 * @param {string} from
 * @param {string} to
 * @returns {string | null}
 */
export function clientImportBreach(from, to) {
  if (from === to) return null;
  const a = clientFloorOf(from);
  const b = clientFloorOf(to);
  if (a < 0) return `${from} is on no client floor (scripts/lib/client-floors.mjs lists them)`;
  if (b < 0) return `${to} is on no client floor (scripts/lib/client-floors.mjs lists them)`;
  if (a === b) return `${from} and ${to} share a floor: neither imports the other`;
  if (b < a) return `${to} sits above ${from}: imports run only down`;
  return null;
}
