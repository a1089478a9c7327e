import type { BoardDto } from '@gogo/shared/api';
import { boardText } from '@gogo/shared/messages';

/** Opens the Build sheet; shows how many properties are owned on the current board. */
export function BuildButton({ board, onOpen }: { board: BoardDto | undefined; onOpen: () => void }) {
  const owned = board ? board.properties.filter((p) => p.level > 0).length : 0;
  return (
    <button type="button" className="button button--ghost build-open" data-testid="open-build" onClick={onOpen}>
      {boardText.openSheet}
      {board ? ` (${owned}/${board.properties.length})` : ''}
    </button>
  );
}
