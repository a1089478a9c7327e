import { useLayoutEffect, useState } from 'react';
import { gameScreenText } from '@gogo/shared/messages/game';
import './CoachMarks.css';

export interface CoachStep {
  /** CSS selector of what the mark points at. */
  target: string;
  title: string;
  text: string;
  /** 'side': beside the target when there is room (never over the controls under it). */
  placement?: 'auto' | 'side';
  /** The step's own button instead of Next (the last step's "Open Build"). */
  action?: { label: string; run: () => void };
}

interface Spot {
  top: number;
  left: number;
  arrow: 'up' | 'down' | 'left';
  arrowX: number;
}

const WIDTH = 260;

/**
 * Where the bubble goes: beside the target for 'side' when it fits on its right; otherwise under the
 * target when there is room, above it if not; always inside the screen.
 */
function placeBubble(
  rect: DOMRect,
  viewport: { width: number; height: number },
  height: number,
  placement: CoachStep['placement'],
): Spot {
  if (placement === 'side' && rect.right + 16 + WIDTH <= viewport.width - 8) {
    const top = Math.min(viewport.height - height - 8, Math.max(8, rect.top + rect.height / 2 - height / 2));
    return { top, left: rect.right + 16, arrow: 'left', arrowX: 0 };
  }
  const centre = rect.left + rect.width / 2;
  const left = Math.min(viewport.width - WIDTH - 8, Math.max(8, centre - WIDTH / 2));
  const below = rect.bottom + 12 + height <= viewport.height;
  return {
    top: below ? rect.bottom + 12 : Math.max(8, rect.top - 12 - height),
    left,
    arrow: below ? 'up' : 'down',
    arrowX: Math.min(WIDTH - 18, Math.max(18, centre - left)),
  };
}

/**
 * First-run coach marks (useTour.ts decides when): one bubble at a time pointing at a part of the
 * screen, Next to go on, Skip to stop. The last step's button opens the Build sheet; the tour ends on
 * the first property bought. They never block the board.
 */
export function CoachMarks({
  steps,
  hidden = false,
  onDone,
}: {
  steps: CoachStep[];
  /** A sheet or a card covers the screen: the bubble waits, on its step, until it closes. */
  hidden?: boolean;
  onDone: () => void;
}) {
  const [index, setIndex] = useState(0);
  const [spot, setSpot] = useState<Spot | null>(null);
  const step = steps[index];

  useLayoutEffect(() => {
    if (!step) return;
    const place = () => {
      // The first selector of the list with a match on screen (the phone and the desktop each show
      // their own copy of a control).
      const target = step.target
        .split(',')
        .flatMap((selector) => [...document.querySelectorAll(selector)])
        .find((el) => el.getClientRects().length > 0);
      if (!target) {
        setSpot(null);
        return;
      }
      setSpot(
        placeBubble(target.getBoundingClientRect(), { width: innerWidth, height: innerHeight }, 150, step.placement),
      );
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    const timer = setInterval(place, 500); // the board settles its size after the engine loads
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      clearInterval(timer);
    };
  }, [step]);

  if (!step || hidden) return null;
  const last = index === steps.length - 1;
  return (
    <section
      className={`coach-mark coach-mark--${spot?.arrow ?? 'up'}`}
      aria-label={gameScreenText.coach.label}
      data-testid="coach-mark"
      style={
        spot
          ? { top: spot.top, left: spot.left, width: WIDTH, ['--arrow-x' as string]: `${spot.arrowX}px` }
          : { visibility: 'hidden' }
      }
    >
      <p className="coach-mark__count">{gameScreenText.coach.count(index + 1, steps.length)}</p>
      <h2 className="coach-mark__title">{step.title}</h2>
      <p className="coach-mark__text">{step.text}</p>
      <div className="coach-mark__actions">
        <button type="button" className="button button--ghost button--small" onClick={onDone}>
          {gameScreenText.coach.skip}
        </button>
        {step.action ? (
          <button type="button" className="button button--primary button--small" onClick={step.action.run}>
            {step.action.label}
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => (last ? onDone() : setIndex(index + 1))}
          >
            {last ? gameScreenText.coach.done : gameScreenText.next}
          </button>
        )}
      </div>
    </section>
  );
}
