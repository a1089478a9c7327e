import { BOARDS, tileOnBoard, type RecentMove } from '@gogo/shared/rules';

/**
 * recent_moves is stored as rows of numbers, newest first: [position, reward, board, time], where the
 * newest row's time is its epoch ms and each later row's is how many ms it came before the row above
 * it. The tile's name follows from the position and the board (tileOnBoard), so it is not stored.
 * Every roll rewrites the row and its WAL holds this column whole: about 60 bytes instead of 180.
 * Rows written before hold [position, reward, tileName, timestamp] rows or objects, read as they are.
 */
type PackedMove = [number, number, number, number];
type EarlierMove = RecentMove | [number, number, string, number];

export function packMoves(moves: readonly RecentMove[]): string {
  return JSON.stringify(
    moves.map((m, i): PackedMove => {
      const board = boardOfMove(m);
      return [m.position, m.reward, board, i === 0 ? m.timestamp : moves[i - 1]!.timestamp - m.timestamp];
    }),
  );
}

/** The board a move's tile name belongs to (1 when no board names the tile so). */
function boardOfMove(move: RecentMove): number {
  for (let board = 1; board <= BOARDS.length; board++) {
    if (tileOnBoard(move.position, board).name === move.tileName) return board;
  }
  return 1;
}

export function unpackMoves(text: string): RecentMove[] {
  const rows = JSON.parse(text) as (PackedMove | EarlierMove)[];
  let timestamp = 0;
  return rows.map((m, i) => {
    if (!Array.isArray(m)) return m;
    if (typeof m[2] === 'string') return { position: m[0], reward: m[1], tileName: m[2], timestamp: m[3] };
    timestamp = i === 0 ? m[3] : timestamp - m[3];
    return { position: m[0], reward: m[1], tileName: tileOnBoard(m[0], m[2]).name, timestamp };
  });
}
