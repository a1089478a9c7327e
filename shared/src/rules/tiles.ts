import { REWARD_DIVISOR } from './economy.js';

/** The kinds of tile: the one list the API schemas, the analytics shape and the client's records derive from. */
export const TILE_TYPES = ['START', 'PROPERTY', 'CHANCE', 'PENALTY', 'JACKPOT'] as const;
export type TileType = (typeof TILE_TYPES)[number];

export interface Tile {
  id: number;
  name: string;
  type: TileType;
  /** Kebab-case art key; the client draws its own art and may fall back on TILE_TYPE_ICON. */
  icon: string;
}

export interface RewardRange {
  min: number;
  max: number;
}

export const BOARD_SIZE = 20;
export const START_TILE_ID = 0;

/** The 20 tiles of the board, in index order. Tokens move backwards in index. */
export const TILES: readonly Tile[] = Object.freeze(
  (
    [
      [0, 'Start', 'START', 'start'],
      [1, 'Crypto Avenue', 'PROPERTY', 'crypto-avenue'],
      [2, 'Market Chance', 'CHANCE', 'market-chance'],
      [3, 'Bitcoin Boulevard', 'PROPERTY', 'bitcoin'],
      [4, 'Gas Fees', 'PENALTY', 'gas-fees'],
      [5, 'Ethereum Street', 'PROPERTY', 'ethereum'],
      [6, 'DeFi Jackpot', 'JACKPOT', 'defi-jackpot'],
      [7, 'Polygon Plaza', 'PROPERTY', 'polygon'],
      [8, 'Whale Move', 'CHANCE', 'whale'],
      [9, 'Bear Market', 'PENALTY', 'bear'],
      [10, 'Solana Square', 'PROPERTY', 'solana'],
      [11, 'Bull Run', 'CHANCE', 'bull'],
      [12, 'Moon Landing', 'JACKPOT', 'moon'],
      [13, 'Cardano Corner', 'PROPERTY', 'cardano'],
      [14, 'Rug Pull', 'PENALTY', 'rug-pull'],
      [15, 'Chainlink Lane', 'PROPERTY', 'chainlink'],
      [16, 'Airdrop', 'CHANCE', 'airdrop'],
      [17, 'Uniswap Way', 'PROPERTY', 'uniswap'],
      [18, 'FUD Attack', 'PENALTY', 'fud'],
      [19, 'Hodl Reward', 'JACKPOT', 'hodl'],
    ] as const
  ).map(([id, name, type, icon]) => Object.freeze({ id, name, type, icon })),
);

/** Generic art key per tile type, for clients that draw one picture per type. */
export const TILE_TYPE_ICON: Readonly<Record<TileType, string>> = {
  START: 'start',
  PROPERTY: 'property',
  CHANCE: 'chance',
  PENALTY: 'penalty',
  JACKPOT: 'jackpot',
};

const RAW_REWARD_RANGES: Readonly<Record<TileType, RewardRange>> = {
  START: { min: 200, max: 200 },
  PROPERTY: { min: 50, max: 150 },
  CHANCE: { min: -200, max: 200 },
  PENALTY: { min: -200, max: -50 },
  JACKPOT: { min: 300, max: 1000 },
};

/** Inclusive range of the raw amount drawn on a tile of this type (before dividing by 10). */
export function rawRewardRange(type: TileType): RewardRange {
  const range = RAW_REWARD_RANGES[type];
  return { min: range.min, max: range.max };
}

/** GOGO applied for a raw amount: raw / 10 truncated toward zero (never -0). */
export function gogoFromRaw(raw: number): number {
  return Math.trunc(raw / REWARD_DIVISOR) + 0;
}

/**
 * Board hint in GOGO, derived from the raw range so it can never disagree with what is applied:
 * '+20', '+5-15', '±0-20', '-5-20', '+30-100'.
 */
export function rewardHint(type: TileType): string {
  const { min, max } = rawRewardRange(type);
  const low = gogoFromRaw(min);
  const high = gogoFromRaw(max);
  if (low === high) return low >= 0 ? `+${low}` : `${low}`;
  if (low >= 0) return `+${low}-${high}`;
  if (high <= 0) return `-${-high}-${-low}`;
  // The range straddles zero, so the smallest amount is 0: the spec's "±" form.
  return `±0-${Math.max(-low, high)}`;
}

/** The tile at a board position; any integer is accepted and wrapped onto the board. */
export function tileAt(position: number): Tile {
  if (!Number.isInteger(position)) throw new RangeError(`Position must be an integer, got ${position}`);
  const tile = TILES[wrapPosition(position)];
  if (!tile) throw new RangeError(`No tile at position ${position}`);
  return tile;
}

/** Maps any integer onto 0..BOARD_SIZE-1 (a true modulo, also for negatives). */
export function wrapPosition(position: number): number {
  return (((position % BOARD_SIZE) + BOARD_SIZE) % BOARD_SIZE) + 0;
}

export function isBoardPosition(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < BOARD_SIZE;
}
