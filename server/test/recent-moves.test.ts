import { describe, expect, it } from 'vitest';
import { BOARDS, tileOnBoard, type RecentMove } from '@gogo/shared/rules';
import { packMoves, unpackMoves } from '../src/modules/ledger/recent-moves.js';

const move = (position: number, board: number, reward: number, timestamp: number): RecentMove => ({
  position,
  reward,
  tileName: tileOnBoard(position, board).name,
  timestamp,
});

describe('recent_moves as stored', () => {
  it('reads back exactly what was written, the tile names of every board included', () => {
    for (let board = 1; board <= BOARDS.length; board++) {
      const moves = [
        move(3, board, 11, 1_795_920_655_636),
        move(18, board, -12, 1_795_920_655_600),
        move(0, board, 0, 1_795_920_000_000),
      ];
      expect(unpackMoves(packMoves(moves))).toEqual(moves);
    }
    expect(unpackMoves(packMoves([]))).toEqual([]);
  });

  it('stores neither names nor whole timestamps after the first: a fraction of the objects', () => {
    const moves = [1, 2, 3, 4, 5].map((i) => move(i * 3, 2, i * 7 - 20, 1_795_920_655_636 - i * 4_000));
    const packed = packMoves(moves);
    expect(packed).not.toContain(moves[0]!.tileName);
    expect(packed.length).toBeLessThan(JSON.stringify(moves).length / 3);
  });

  it('reads the rows written before: objects, and rows that carry the tile name', () => {
    const earlier = move(7, 1, 5, 1_795_920_655_607);
    expect(unpackMoves(JSON.stringify([earlier]))).toEqual([earlier]);
    expect(unpackMoves(JSON.stringify([[7, 5, earlier.tileName, earlier.timestamp]]))).toEqual([earlier]);
  });
});
