import { inflateRawSync } from 'node:zlib';
import { createRawDeflater } from '../../lib/raw-deflater.js';
import { describeBoard, PROPERTY_TILE_IDS, type PlayerBoard } from '@gogo/shared/rules';

/**
 * A roll's answer is stored with its row for idempotent replay (rolls.answer; rolls.result held it as
 * text before). What the row's columns already hold is left out: the answer's closing
 * `"fairness":{...},"createdAt":"..."` is written again from the row's client seed, nonce and time
 * and its seed's hash (RowFacts), byte for byte as first sent. Most of the rest is the board view
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

/** The JSON with the board view put back in place of its key (JSON without a key is left as it is). */
function withBoardView(stored: string, board?: PlayerBoard): string {
  const at = stored.lastIndexOf(KEY_START);
  if (at < 0) return stored;
  const keyAt = at + KEY_START.length;
  const end = stored.indexOf(KEY_END, keyAt);
  if (end < 0) return stored;
  const key = stored.slice(keyAt, end);
  return `${stored.slice(0, at)}"board":${boardJson(key, board)}${stored.slice(end + KEY_END.length)}`;
}

/**
 * The stored answer is packed: raw deflate against a preset dictionary (a typical answer, so that
 * its key names, tile names and shape cost a few bits each). About 1.3 to 1.6 KB of JSON become
 * about 250 to 300 bytes, stored as bytes after a version byte (rolls.answer). Rows written before hold text
 * in rolls.result: the same deflate in base64 after the mark 'z1:', or plain JSON before that, each
 * read as it is. The dictionary of a version never changes (rows packed with it must unpack
 * forever); a new dictionary takes a new version byte. No query reads inside the stored answer: what
 * a history needs is in the roll's columns and ledger rows.
 */
const PACKED_V1 = 'z1:';
const BYTES_V1 = 1;
const DICTIONARY_V1 = Buffer.from(
  'Start Bitcoin Boulevard Ethereum Street Solana Square Cardano Corner Polygon Plaza Chainlink Lane ' +
    'Crypto Avenue Airdrop Whale Move Hodl Reward Moon Landing Bull Run DeFi Jackpot FUD Attack Rug Pull ' +
    'Bear Market Gas Fees PROPERTY CHANCE PENALTY JACKPOT CORNER airdrop fud whale moon rug bear gas ' +
    '"achievementsUnlocked":[{"id":"first_roll","name":"First Roll","reward":50}],"levelUps":[3],' +
    '{"die":5,"die1":5,"die2":0,"total":5,"from":3,"to":18,"path":[2,1,0,19,18],"tile":{"id":18,' +
    '"name":"FUD Attack","type":"PENALTY","icon":"fud"},"rawReward":-122,"boardNumber":1,"propertyLevel":0,' +
    '"rewardMultiplier":1,"reward":-12,"multiplier":1,"firstRoll":false,"passedStart":true,"salary":10,' +
    '"levelUpDice":0,"lapDice":0,"xpGained":12,"levelUps":[],"lapCompleted":false,"isJackpot":false,' +
    '"achievementsUnlocked":[],"state":{"balance":107,"diceRollsRemaining":1,"diceRefill":{"cap":5,' +
    '"intervalSeconds":1800,"nextDieAt":1795922455582,"secondsToNextDie":1800,"diceFullAt":1795927855582},' +
    '"position":18,"totalRolls":11,"totalTokensEarned":141,"jackpotsHit":0,"lapsCompleted":0,"xp":14,' +
    '"level":2,"xpToNextLevel":200,"isRolling":false,"lastRollResult":{"die1":5,"die2":0,"total":5},' +
    '"cooldownEndTime":1795920656636,"showRewardModal":false,"showAchievementModal":false,' +
    '"currentReward":-12,"currentTileName":"FUD Attack","currentAchievement":"first_roll",' +
    '"unlockedAchievements":["first_roll"],"recentMoves":[{"position":18,"reward":-12,' +
    '"tileName":"FUD Attack","timestamp":1795920655636},{"position":3,"reward":11,' +
    '"tileName":"Bitcoin Boulevard","timestamp":1795920655624},{"position":5,"reward":13,' +
    '"tileName":"Ethereum Street","timestamp":1795920655618},{"position":7,"reward":5,' +
    '"tileName":"Polygon Plaza","timestamp":1795920655607},{"position":13,"reward":7,' +
    '"tileName":"Cardano Corner","timestamp":1795920655594}],"dailyLoginData":{"consecutiveDays":0,' +
    '"totalLogins":0,"hasLoggedInToday":false},"sessionNotifications":{"jackpotShown":false,' +
    '"lapCompletionShown":false,"lastJackpotCount":0,"lastLapCount":0},"board":{"$b":"1:0,0,0,0,0,0,0,0"}},' +
    '"fairness":{"serverSeedHash":"e1be7d614743483cacabb5e4077e083b5457f4bc3e50f35d5bfaf6d3b2ebf017",' +
    '"clientSeed":"b1b9dee7b7b7057f4ee715303814cb93","nonce":10},"createdAt":"2026-11-29T02:50:55.636Z"}',
);
// A 4 KB window holds the dictionary and an answer, and the small window and hash table are most of
// a call's cost saved. Level 6 packs an answer in about 270 bytes against level 1's 300, for about
// 5 µs more (measured here: 40 to 45 µs a call); the level does not change how a text unpacks.
// One zlib stream packs every answer of the process, reset between answers (lib/raw-deflater.ts).
export const deflateAnswer = createRawDeflater({ level: 6, windowBits: 12, memLevel: 2, dictionary: DICTIONARY_V1 });
const INFLATE = { windowBits: 12, dictionary: DICTIONARY_V1 } as const;

/** The bytes a roll's row stores for its answer (the JSON without its closing facts, board key in it). */
export function packStored(core: string): Buffer {
  const packed = deflateAnswer(core);
  const bytes = Buffer.allocUnsafe(packed.length + 1);
  bytes[0] = BYTES_V1;
  packed.copy(bytes, 1);
  return bytes;
}

/** The JSON a row's stored bytes hold (board key and all, closing facts left out). */
export function unpackBytes(bytes: Buffer): string {
  if (bytes[0] !== BYTES_V1) throw new Error(`stored answer of unknown version ${bytes[0]}`);
  return inflateRawSync(bytes.subarray(1), INFLATE).toString();
}

/** The answer's JSON from a row's stored text (rows written before rolls.answer), packed or not. */
export function unpackStored(stored: string): string {
  if (!stored.startsWith(PACKED_V1)) return stored;
  return inflateRawSync(Buffer.from(stored.slice(PACKED_V1.length), 'base64'), INFLATE).toString();
}

/** What a roll's row holds that its stored answer leaves out. */
export interface RowFacts {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  createdAt: number;
}

/** The answer's closing keys as rollAnswer's object puts them: fairness, then the time. */
function withFacts(core: string, f: RowFacts): string {
  const fairness = JSON.stringify({ serverSeedHash: f.serverSeedHash, clientSeed: f.clientSeed, nonce: f.nonce });
  return `${core.slice(0, -1)},"fairness":${fairness},"createdAt":"${new Date(f.createdAt).toISOString()}"}`;
}

/** The answer to send from its JSON without the closing facts: the board view and the facts put back. */
export function answerOf(core: string, facts: RowFacts, board?: PlayerBoard): string {
  return withFacts(withBoardView(core, board), facts);
}

/** A stored roll as its row holds it: the bytes (`answer`), or the text of a row written before. */
export interface StoredRoll extends RowFacts {
  result: string;
  answer: Buffer | null;
}

/** The answer to send again for a stored roll, exactly as it was sent the first time. */
export function storedAnswer(row: StoredRoll): string {
  if (row.answer !== null) return answerOf(unpackBytes(row.answer), row);
  return withBoardView(unpackStored(row.result));
}
