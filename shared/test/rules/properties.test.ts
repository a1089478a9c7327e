import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyUpgrade,
  assertValidBoard,
  BOARD_COUNT,
  BOARDS,
  emptyBoard,
  initialProgress,
  isBoardComplete,
  PROPERTY_MAX_LEVEL,
  PROPERTY_TILE_IDS,
  resolveRoll,
  rewardMultiplier,
  RuleError,
  sumLedger,
  tileOnBoard,
  TILES,
  upgradeCost,
  type Drawer,
  type PlayerBoard,
} from '../../src/rules/index.js';

const boardNumberArb = fc.integer({ min: 1, max: BOARD_COUNT });
const levelsArb = fc.array(fc.integer({ min: 0, max: PROPERTY_MAX_LEVEL }), {
  minLength: PROPERTY_TILE_IDS.length,
  maxLength: PROPERTY_TILE_IDS.length,
});
const boardOf = (number: number, levels: number[]): PlayerBoard => ({
  number,
  levels: Object.fromEntries(PROPERTY_TILE_IDS.map((id, i) => [id, levels[i] ?? 0])),
});

/** A drawer that answers the die first, then the top of every range (a gain on a property). */
const scripted = (die: number): Drawer => {
  let first = true;
  return {
    int: (_min, max) => {
      if (!first) return max;
      first = false;
      return die;
    },
  };
};

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return error instanceof RuleError ? error.code : 'other';
  }
  return undefined;
};

describe('upgrade costs and multipliers', () => {
  it('costs strictly increase with the level on every board, and with the board at every level', () => {
    fc.assert(
      fc.property(boardNumberArb, fc.integer({ min: 1, max: PROPERTY_MAX_LEVEL - 1 }), (board, level) => {
        expect(upgradeCost(board, level + 1)).toBeGreaterThan(upgradeCost(board, level));
        if (board < BOARD_COUNT) expect(upgradeCost(board + 1, level)).toBeGreaterThan(upgradeCost(board, level));
      }),
    );
  });

  it('multiplies only owned properties, and more at each level', () => {
    fc.assert(
      fc.property(boardNumberArb, fc.integer({ min: 1, max: PROPERTY_MAX_LEVEL }), (board, level) => {
        expect(rewardMultiplier(board, 0)).toBe(1);
        expect(rewardMultiplier(board, level)).toBeGreaterThan(rewardMultiplier(board, level - 1));
      }),
    );
  });

  it('a roll multiplies the landed tile reward only when it is a property the player owns', () => {
    fc.assert(
      fc.property(
        boardNumberArb,
        levelsArb,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 19 }),
        (number, levels, die, from) => {
          const board = boardOf(number, levels);
          const start = { ...initialProgress(), position: from, balance: 10_000 };
          const plain = resolveRoll(start, scripted(die), 0);
          const owned = resolveRoll(start, scripted(die), 0, board);
          const tile = owned.outcome.tile;
          const level = tile.type === 'PROPERTY' ? (board.levels[tile.id] ?? 0) : 0;
          expect(owned.outcome.propertyLevel).toBe(level);
          const expected = tile.type === 'PROPERTY' && level > 0 ? rewardMultiplier(number, level) : 1;
          expect(owned.outcome.reward).toBe(plain.outcome.reward * expected);
          expect(sumLedger(owned.ledger).GOGO).toBe(owned.state.balance - start.balance);
        },
      ),
    );
  });
});

describe('tiles on a board', () => {
  it("a property carries its board's name; other tiles and board 1 keep the tile's own", () => {
    for (const board of BOARDS) {
      for (const tile of TILES) {
        const named = tileOnBoard(tile.id, board.number);
        expect({ ...named, name: '' }).toEqual({ ...tile, name: '' });
        expect(named.name).toBe(tile.type === 'PROPERTY' ? board.propertyNames[tile.id] : tile.name);
      }
    }
    expect(tileOnBoard(3, 2).name).toBe('Staking Docks');
    expect(tileOnBoard(3, 1).name).toBe('Bitcoin Boulevard');
  });

  it("a roll names the landed tile and records the move as the player's board shows it", () => {
    fc.assert(
      fc.property(
        boardNumberArb,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 19 }),
        (number, die, from) => {
          const start = { ...initialProgress(), position: from, balance: 10_000 };
          const { outcome, state } = resolveRoll(start, scripted(die), 0, emptyBoard(number));
          const expected = tileOnBoard(outcome.to, number).name;
          expect(outcome.tile.name).toBe(expected);
          expect(state.recentMoves[0]?.tileName).toBe(expected);
        },
      ),
    );
  });
});

describe('applyUpgrade', () => {
  it('refuses a tile that is not a property, the maximum level and a short balance, changing nothing', () => {
    const nonProperty = TILES.find((t) => t.type !== 'PROPERTY')?.id ?? 0;
    const board = emptyBoard();
    expect(codeOf(() => applyUpgrade(board, nonProperty, 1e9))).toBe('NOT_A_PROPERTY');
    const tile = PROPERTY_TILE_IDS[0] ?? 1;
    const maxed = { ...board, levels: { ...board.levels, [tile]: PROPERTY_MAX_LEVEL } };
    expect(codeOf(() => applyUpgrade(maxed, tile, 1e9))).toBe('MAX_LEVEL');
    expect(codeOf(() => applyUpgrade(board, tile, upgradeCost(1, 1) - 1))).toBe('INSUFFICIENT_BALANCE');
    expect(board).toEqual(emptyBoard());
  });

  it('spends exactly the cost of the next level through one upgrade ledger row', () => {
    fc.assert(
      fc.property(boardNumberArb, levelsArb, fc.nat({ max: PROPERTY_TILE_IDS.length - 1 }), (number, levels, i) => {
        const tileId = PROPERTY_TILE_IDS[i] ?? 1;
        const board = boardOf(number, levels);
        const level = board.levels[tileId] ?? 0;
        fc.pre(level < PROPERTY_MAX_LEVEL && !isBoardComplete(board));
        const out = applyUpgrade(board, tileId, 1e9);
        expect(out.level).toBe(level + 1);
        expect(out.cost).toBe(upgradeCost(number, level + 1));
        expect(out.ledger[0]).toEqual({
          asset: 'GOGO',
          amount: -out.cost,
          type: 'upgrade',
          reason: `upgrade:${number}:${tileId}:${level + 1}`,
        });
      }),
    );
  });

  it('completes each board exactly once, paying its bonus, and moves on to the next board', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: PROPERTY_TILE_IDS.length - 1 }), { maxLength: 200 }), (picks) => {
        // Upgrade in a random order first, then fill whatever is left: every board gets completed.
        let board = emptyBoard();
        const completions: number[] = [];
        let dice = 0;
        const order = [
          ...picks.map((i) => PROPERTY_TILE_IDS[i] ?? 1),
          ...Array.from({ length: BOARD_COUNT * 32 }, (_, k) => PROPERTY_TILE_IDS[k % 8] ?? 1),
        ];
        for (const tileId of order) {
          if ((board.levels[tileId] ?? 0) >= PROPERTY_MAX_LEVEL) continue;
          const out = applyUpgrade(board, tileId, 1e12);
          if (out.completedBoard !== null) {
            completions.push(out.completedBoard);
            dice += sumLedger(out.ledger).DICE;
          } else {
            expect(sumLedger(out.ledger).DICE).toBe(0);
          }
          board = out.board;
          assertValidBoard(board);
        }
        expect(completions).toEqual(BOARDS.map((b) => b.number));
        expect(dice).toBe(BOARDS.reduce((sum, b) => sum + b.completionDice, 0));
        expect(board.number).toBe(BOARD_COUNT);
        expect(isBoardComplete(board)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });
});
