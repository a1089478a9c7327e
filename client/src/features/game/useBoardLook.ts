import { useMemo, useSyncExternalStore } from 'react';
import type { BoardDto } from '@gogo/shared/api';
import { defaultLook, type BoardLook, type ColorScheme } from '../../game/look';

function subscribeScheme(listener: () => void): () => void {
  if (typeof MutationObserver === 'undefined') return () => {};
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** The scheme lib/settings.ts has put on <html data-theme> (it resolves 'auto' and follows the system). */
function readScheme(): ColorScheme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribeScheme, readScheme, () => 'dark');
}

/** What the board draws: the page's scheme, the player's board art and what they have built on it. */
export function useBoardLook(board: BoardDto | undefined): BoardLook {
  const scheme = useColorScheme();
  return useMemo(() => {
    if (!board) return defaultLook(scheme);
    return {
      scheme,
      board: { number: board.board.number, theme: board.board.theme },
      properties: board.properties.map((p) => ({
        tileId: p.tileId,
        name: p.name,
        level: p.level,
        multiplier: p.rewardMultiplier,
      })),
    };
  }, [board, scheme]);
}
