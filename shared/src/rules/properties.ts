import { RuleError } from './errors.js';
import type { LedgerDelta } from './ledger.js';
import { tileAt, TILES, type Tile } from './tiles.js';

/**
 * Properties and boards: each player owns a board of their own whose 8 PROPERTY tiles they buy
 * (level 1) and upgrade (up to level 4) with GOGO. Every number of this part of the economy lives
 * here; docs/economy.md explains them and scripts/economy measures them.
 */

export const PROPERTY_MAX_LEVEL = 4;

/** The tile ids that can be owned, in board order. */
export const PROPERTY_TILE_IDS: readonly number[] = Object.freeze(
  TILES.filter((tile) => tile.type === 'PROPERTY').map((tile) => tile.id),
);

/** Cost in GOGO of reaching level 1..4 on board 1 (index 0 is level 1); later boards scale it. */
export const UPGRADE_BASE_COSTS: readonly number[] = [170, 450, 720, 1100];

/**
 * Reward multiplier of an owned property by level on board 1 (index = level). Level 0 (not owned)
 * is 1 on every board: a multiplier only ever applies to what the player owns.
 */
export const LEVEL_MULTIPLIERS: readonly number[] = [1, 3, 5, 8, 12];

export interface BoardDefinition {
  /** 1, 2, 3, ... */
  number: number;
  name: string;
  /** Art key of the board's theme (the client's palette and building style). */
  theme: string;
  /** The property names of this board, by tile id. */
  propertyNames: Readonly<Record<number, string>>;
  /** Upgrade costs are UPGRADE_BASE_COSTS x costScale. */
  costScale: number;
  /** An owned property's multiplier is LEVEL_MULTIPLIERS[level] x rewardScale. */
  rewardScale: number;
  /** Paid once, by the upgrade that completes the board. */
  completionDice: number;
  completionGogo: number;
}

const names = (list: readonly string[]): Readonly<Record<number, string>> =>
  Object.freeze(Object.fromEntries(PROPERTY_TILE_IDS.map((id, i) => [id, list[i] ?? `Property ${id}`])));

/** The boards in order; completing the last one leaves the player on it, complete. */
export const BOARDS: readonly BoardDefinition[] = Object.freeze([
  {
    number: 1,
    name: 'Crypto City',
    theme: 'city',
    propertyNames: names(TILES.filter((t) => t.type === 'PROPERTY').map((t) => t.name)),
    costScale: 1,
    rewardScale: 1,
    completionDice: 50,
    completionGogo: 500,
  },
  {
    number: 2,
    name: 'DeFi Harbour',
    theme: 'harbour',
    propertyNames: names([
      'Liquidity Pier',
      'Staking Docks',
      'Yield Wharf',
      'Lending Lighthouse',
      'Swap Marina',
      'Oracle Quay',
      'Vault Boathouse',
      'Bridge Terminal',
    ]),
    costScale: 2.7,
    rewardScale: 2,
    completionDice: 100,
    completionGogo: 1500,
  },
  {
    number: 3,
    name: 'Metaverse Heights',
    theme: 'heights',
    propertyNames: names([
      'Pixel Towers',
      'Avatar Arcade',
      'Token Spire',
      'Block Gardens',
      'Validator Summit',
      'Genesis Dome',
      'Merkle Mansion',
      'Satoshi Skyline',
    ]),
    costScale: 4.2,
    rewardScale: 3,
    completionDice: 200,
    completionGogo: 5000,
  },
]);

export const BOARD_COUNT = BOARDS.length;

/** Dice paid for each completed lap (a move ending on Start). */
export const LAP_DICE_REWARD = 2;

/** Dice paid for reaching a player level: 2, plus 1 for every 10 levels (more at higher levels). */
export function levelUpDice(level: number): number {
  return 2 + Math.floor(level / 10);
}

/** One player's board: its number and the level of every property (0 = not owned). */
export interface PlayerBoard {
  number: number;
  /** Level by property tile id; a missing id is level 0. */
  levels: Readonly<Record<number, number>>;
}

export function boardDefinition(number: number): BoardDefinition {
  const board = BOARDS[number - 1];
  if (!board) throw new RuleError('INVALID_STATE', `No board ${number}`);
  return board;
}

export function emptyBoard(number = 1): PlayerBoard {
  boardDefinition(number);
  return { number, levels: Object.fromEntries(PROPERTY_TILE_IDS.map((id) => [id, 0])) };
}

/**
 * The tile at a position as it stands on a board: a property carries that board's own name, so every
 * text of a roll (the answer, the recent moves, the history) names what the player sees.
 */
export function tileOnBoard(tileId: number, boardNumber: number): Tile {
  const tile = tileAt(tileId);
  if (tile.type !== 'PROPERTY') return tile;
  const name = BOARDS[boardNumber - 1]?.propertyNames[tile.id];
  return name === undefined || name === tile.name ? tile : Object.freeze({ ...tile, name });
}

/**
 * The ledger reason of a tile's GOGO: 'tile:6' on board 1, 'tile:6@2' on a later board, so that the
 * history names the tile of the board the player stood on.
 */
export function tileReason(tileId: number, boardNumber: number): string {
  return boardNumber === 1 ? `tile:${tileId}` : `tile:${tileId}@${boardNumber}`;
}

export function isPropertyTile(tileId: number): boolean {
  return PROPERTY_TILE_IDS.includes(tileId);
}

export function propertyLevel(board: PlayerBoard, tileId: number): number {
  return isPropertyTile(tileId) ? (board.levels[tileId] ?? 0) : 0;
}

/** GOGO to reach `level` (1..4) on a board; strictly increasing in the level. */
export function upgradeCost(boardNumber: number, level: number): number {
  const base = UPGRADE_BASE_COSTS[level - 1];
  if (base === undefined) throw new RuleError('INVALID_STATE', `No level ${level}`);
  return Math.round(base * boardDefinition(boardNumber).costScale);
}

/** The cost of the next level of a property, or null at the maximum. */
export function nextUpgradeCost(boardNumber: number, level: number): number | null {
  return level >= PROPERTY_MAX_LEVEL ? null : upgradeCost(boardNumber, level + 1);
}

/** The multiplier of a property tile's reward at a level: 1 when not owned. */
export function rewardMultiplier(boardNumber: number, level: number): number {
  if (level <= 0) return 1;
  const base = LEVEL_MULTIPLIERS[Math.min(level, PROPERTY_MAX_LEVEL)] ?? 1;
  return base * boardDefinition(boardNumber).rewardScale;
}

/**
 * The GOGO of a tile for a drawn amount in GOGO, given the level the player owns there: property
 * rewards are multiplied, every other tile is unchanged.
 */
export function tileRewardAt(tile: Tile, gogo: number, boardNumber: number, level: number): number {
  if (tile.type !== 'PROPERTY') return gogo;
  return gogo * rewardMultiplier(boardNumber, level);
}

/** Every property at the maximum level. */
export function isBoardComplete(board: PlayerBoard): boolean {
  return PROPERTY_TILE_IDS.every((id) => propertyLevel(board, id) >= PROPERTY_MAX_LEVEL);
}

export interface UpgradeOutcome {
  /** The board after the upgrade (the next, empty board when this upgrade completed one). */
  board: PlayerBoard;
  tileId: number;
  /** The level bought, on the board it was bought on. */
  level: number;
  boardNumber: number;
  cost: number;
  /** The board number completed by this upgrade, or null. */
  completedBoard: number | null;
  /** The GOGO spent, and the completion bonus when a board was completed. */
  ledger: LedgerDelta[];
}

/**
 * Buys the next level of a property. Throws RuleError NOT_A_PROPERTY, MAX_LEVEL or
 * INSUFFICIENT_BALANCE (the balance must cover the cost: a purchase never goes below 0).
 * Completing all 8 at the maximum pays the board's bonus and moves the player to the next board,
 * once: the completed board is left behind, so it cannot be completed again. On the last board the
 * player stays, complete.
 */
export function applyUpgrade(board: PlayerBoard, tileId: number, balance: number): UpgradeOutcome {
  if (!isPropertyTile(tileId)) throw new RuleError('NOT_A_PROPERTY', `Tile ${tileId} is not a property`);
  const current = propertyLevel(board, tileId);
  if (current >= PROPERTY_MAX_LEVEL) throw new RuleError('MAX_LEVEL', `Tile ${tileId} is at the maximum level`);
  const level = current + 1;
  const cost = upgradeCost(board.number, level);
  if (balance < cost) throw new RuleError('INSUFFICIENT_BALANCE', `Balance ${balance} is below the cost ${cost}`);

  const ledger: LedgerDelta[] = [
    { asset: 'GOGO', amount: -cost, type: 'upgrade', reason: `upgrade:${board.number}:${tileId}:${level}` },
  ];
  const upgraded: PlayerBoard = { number: board.number, levels: { ...board.levels, [tileId]: level } };
  if (!isBoardComplete(upgraded)) {
    return { board: upgraded, tileId, level, boardNumber: board.number, cost, completedBoard: null, ledger };
  }
  const definition = boardDefinition(board.number);
  ledger.push(
    {
      asset: 'DICE',
      amount: definition.completionDice,
      type: 'reward',
      reason: `board_complete:${board.number}`,
    },
    {
      asset: 'GOGO',
      amount: definition.completionGogo,
      type: 'reward',
      reason: `board_complete:${board.number}`,
    },
  );
  const next = board.number < BOARD_COUNT ? emptyBoard(board.number + 1) : upgraded;
  return { board: next, tileId, level, boardNumber: board.number, cost, completedBoard: board.number, ledger };
}

/** Throws RuleError('INVALID_STATE') when a stored board could not have come from the rules. */
export function assertValidBoard(board: PlayerBoard): void {
  boardDefinition(board.number);
  for (const [id, level] of Object.entries(board.levels)) {
    if (!isPropertyTile(Number(id)) || !Number.isInteger(level) || level < 0 || level > PROPERTY_MAX_LEVEL) {
      throw new RuleError('INVALID_STATE', `Property ${id} cannot be at level ${level}`);
    }
  }
  if (isBoardComplete(board) && board.number < BOARD_COUNT) {
    throw new RuleError('INVALID_STATE', `Board ${board.number} is complete but was not left`);
  }
}
