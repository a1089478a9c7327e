import type { BoardDto } from '@gogo/shared/api';
import { Facts } from './ui';

/** A player's board in the back office: which board, how many completed, each property's level. */
export function AdminBoardFacts({ board, boardsCompleted }: { board: BoardDto; boardsCompleted: number }) {
  const owned = board.properties.filter((p) => p.level > 0).length;
  return (
    <section className="admin-box" aria-label="Board">
      <h3>Board</h3>
      <Facts
        items={[
          ['Board', `${board.board.number}: ${board.board.name}${board.completed ? ' (complete)' : ''}`],
          ['Boards completed', String(boardsCompleted)],
          ['Properties owned', `${owned} of ${board.properties.length}`],
          ...board.properties.map((p): [string, string] => [
            p.name,
            p.level === 0 ? 'not owned' : `level ${p.level} (x${p.rewardMultiplier})`,
          ]),
        ]}
        tight
      />
    </section>
  );
}
