import type { CSSProperties } from 'react';
import type { BoardDto } from '@gogo/shared/api';
import { boardText, buildGoalText } from '@gogo/shared/messages';
import { buildGoal } from './goal';

/**
 * Opens the Build sheet; shows how many properties are owned on the current board, a bar of the
 * GOGO saved toward the cheapest next level, and a nudge (a few wiggles, then a steady glow) once a
 * level is affordable.
 */
export function BuildButton({
  board,
  balance,
  onOpen,
}: {
  board: BoardDto | undefined;
  balance: number | null;
  onOpen: () => void;
}) {
  const owned = board ? board.properties.filter((p) => p.level > 0).length : 0;
  const goal = board && balance !== null ? buildGoal(board.properties, balance) : null;
  const ready = goal?.ready ?? false;
  const progress = !goal ? 0 : ready ? 1 : Math.max(0, balance ?? 0) / goal.cost;
  const count = board ? ` (${owned}/${board.properties.length})` : '';
  return (
    <button
      type="button"
      className={ready ? 'button button--primary build-open is-ready' : 'button button--ghost build-open'}
      data-testid="open-build"
      data-coach="build"
      data-ready={ready ? 'true' : 'false'}
      aria-label={ready ? `${boardText.openSheet}${count}: ${buildGoalText.ready}` : undefined}
      style={{ '--goal': progress } as CSSProperties}
      onClick={onOpen}
    >
      {boardText.openSheet}
      {count}
    </button>
  );
}
