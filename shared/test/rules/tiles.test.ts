import { describe, expect, it } from 'vitest';
import {
  BOARD_SIZE,
  gogoFromRaw,
  isBoardPosition,
  rawRewardRange,
  rewardHint,
  TILE_TYPE_ICON,
  TILES,
  tileAt,
  wrapPosition,
  type TileType,
} from '../../src/rules/index.js';

const EXPECTED_BOARD: [number, string, TileType][] = [
  [0, 'Start', 'START'],
  [1, 'Crypto Avenue', 'PROPERTY'],
  [2, 'Market Chance', 'CHANCE'],
  [3, 'Bitcoin Boulevard', 'PROPERTY'],
  [4, 'Gas Fees', 'PENALTY'],
  [5, 'Ethereum Street', 'PROPERTY'],
  [6, 'DeFi Jackpot', 'JACKPOT'],
  [7, 'Polygon Plaza', 'PROPERTY'],
  [8, 'Whale Move', 'CHANCE'],
  [9, 'Bear Market', 'PENALTY'],
  [10, 'Solana Square', 'PROPERTY'],
  [11, 'Bull Run', 'CHANCE'],
  [12, 'Moon Landing', 'JACKPOT'],
  [13, 'Cardano Corner', 'PROPERTY'],
  [14, 'Rug Pull', 'PENALTY'],
  [15, 'Chainlink Lane', 'PROPERTY'],
  [16, 'Airdrop', 'CHANCE'],
  [17, 'Uniswap Way', 'PROPERTY'],
  [18, 'FUD Attack', 'PENALTY'],
  [19, 'Hodl Reward', 'JACKPOT'],
];

describe('board', () => {
  it('has the 20 tiles, in order', () => {
    expect(BOARD_SIZE).toBe(20);
    expect(TILES).toHaveLength(BOARD_SIZE);
    expect(TILES.map((tile) => [tile.id, tile.name, tile.type])).toEqual(EXPECTED_BOARD);
  });

  it('gives every tile a kebab-case icon key, unique per tile', () => {
    for (const tile of TILES) expect(tile.icon).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(TILES.map((tile) => tile.icon)).size).toBe(BOARD_SIZE);
    expect(Object.values(TILE_TYPE_ICON)).toEqual(['start', 'property', 'chance', 'penalty', 'jackpot']);
  });

  it('cannot be modified', () => {
    expect(Object.isFrozen(TILES)).toBe(true);
    expect(TILES.every((tile) => Object.isFrozen(tile))).toBe(true);
  });

  it.each([
    [0, 0],
    [19, 19],
    [20, 0],
    [-1, 19],
    [-6, 14],
    [45, 5],
  ])('tileAt(%i) is tile %i', (position, id) => {
    expect(tileAt(position).id).toBe(id);
    expect(wrapPosition(position)).toBe(id);
  });

  it('wrapPosition never gives -0', () => {
    expect(Object.is(wrapPosition(-20), 0)).toBe(true);
  });

  it('refuses a fractional position', () => {
    expect(() => tileAt(1.5)).toThrow(RangeError);
  });

  it.each([
    [0, true],
    [19, true],
    [20, false],
    [-1, false],
    [2.5, false],
    ['3', false],
  ])('isBoardPosition(%j) is %s', (value, expected) => {
    expect(isBoardPosition(value)).toBe(expected);
  });
});

describe('rewards per tile type', () => {
  it.each<[TileType, number, number, string]>([
    ['START', 200, 200, '+20'],
    ['PROPERTY', 50, 150, '+5-15'],
    ['CHANCE', -200, 200, '±0-20'],
    ['PENALTY', -200, -50, '-5-20'],
    ['JACKPOT', 300, 1000, '+30-100'],
  ])('%s: raw %i..%i, hint %s', (type, min, max, hint) => {
    expect(rawRewardRange(type)).toEqual({ min, max });
    expect(rewardHint(type)).toBe(hint);
  });

  it('returns a copy of the range, so callers cannot change the rules', () => {
    const range = rawRewardRange('JACKPOT');
    range.max = 1;
    expect(rawRewardRange('JACKPOT').max).toBe(1000);
  });

  it.each([
    [200, 20],
    [150, 15],
    [159, 15],
    [59, 5],
    [9, 0],
    [0, 0],
    [-9, 0],
    [-50, -5],
    [-155, -15],
    [-159, -15],
    [-200, -20],
    [1000, 100],
    [999, 99],
  ])('raw %i gives %i GOGO (truncated toward zero)', (raw, gogo) => {
    expect(Object.is(gogoFromRaw(raw), gogo)).toBe(true);
  });
});
