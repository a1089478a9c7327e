import { describeBoard, PROPERTY_TILE_IDS, type PlayerBoard } from '@gogo/shared/rules';

/**
 * A roll's answer is stored with its row for idempotent replay. Most of it is the board view
 * (`state.board`: every property's name, level, costs and multipliers, about 1.8 KB), which follows
 * from the board's number and levels alone. The row stores that key in its place,
 * `"board":{"$b":"<number>:<level>,<level>,..."}` (levels in PROPERTY_TILE_IDS order), and the view is
 * put back when the answer is sent, the first time and on replay: the stored answer (about 1.4 to
 * 1.8 KB against 2.6 to 3 KB) stays under PostgreSQL's 2 KB TOAST threshold, so it is stored inline
 * and not compressed, and Node serialises less per roll. A stored answer without the key (written
 * before) is sent as it is.
 *
 * The key is found by its text `"board":{"$b":"`, which cannot occur inside a JSON string (its
 * quotes would be escaped there), so a player's client seed cannot fake it.
 */
const KEY_START = '"board":{"$b":"';
const KEY_END = '"}';

/** The board's stored key: its number and its levels. */
export function boardKey(board: PlayerBoard): string {
  let key = `${board.number}:`;
  for (let i = 0; i < PROPERTY_TILE_IDS.length; i++) {
    key += `${i === 0 ? '' : ','}${board.levels[PROPERTY_TILE_IDS[i]!] ?? 0}`;
  }
  return key;
}

function boardOfKey(key: string): PlayerBoard {
  const [number, levels] = key.split(':');
  const list = (levels ?? '').split(',').map(Number);
  return {
    number: Number(number),
    levels: Object.fromEntries(PROPERTY_TILE_IDS.map((id, i) => [id, list[i] ?? 0])),
  };
}

/** Board views as JSON by key: players share few boards (most levels are low), and a view never changes. */
const views = new Map<string, string>();
const VIEWS_KEPT = 1_000;

function boardJson(key: string, board?: PlayerBoard): string {
  let json = views.get(key);
  if (json === undefined) {
    json = JSON.stringify(describeBoard(board ?? boardOfKey(key)));
    if (views.size >= VIEWS_KEPT) views.clear();
    views.set(key, json);
  }
  return json;
}

/** What the answer's `state.board` holds in the stored row. */
export const storedBoard = (board: PlayerBoard) => ({ $b: boardKey(board) });

/** The answer to send from a stored one: the board view put back in place of its key. */
export function expandStored(stored: string, board?: PlayerBoard): string {
  const at = stored.lastIndexOf(KEY_START);
  if (at < 0) return stored;
  const keyAt = at + KEY_START.length;
  const end = stored.indexOf(KEY_END, keyAt);
  if (end < 0) return stored;
  const key = stored.slice(keyAt, end);
  return `${stored.slice(0, at)}"board":${boardJson(key, board)}${stored.slice(end + KEY_END.length)}`;
}
