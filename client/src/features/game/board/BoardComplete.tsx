import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { boardDefinition, PROPERTY_MAX_LEVEL, PROPERTY_TILE_IDS } from '@gogo/shared/rules';
import { boardText } from '@gogo/shared/messages';
import { useFocusTrap } from '../../../components/useFocusTrap';
import { formatGogo } from '../format';
import { useCountUp } from '../useCountUp';
import { celebrateOn } from '../confetti';
import { BuildingArt } from './BuildingArt';
import './BoardComplete.css';

const text = boardText.complete;

/** A board just completed: what was finished, what it paid, and the board the player moves on to. */
export interface BoardCompletion {
  number: number;
  name: string;
  dice: number;
  gogo: number;
  /** The board the player is on now, or null when the completed one was the last. */
  next: { number: number; name: string } | null;
}

/**
 * Completing a board takes the whole screen: the finished board's eight buildings rise one after the
 * other at the top level, the completion bonus counts in, and one button moves on to the next board.
 */
export function BoardComplete({
  completion,
  animate,
  particles,
  onClose,
}: {
  completion: BoardCompletion;
  animate: boolean;
  particles: boolean;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const titleId = useId();
  const finished = boardDefinition(completion.number);
  // The bonus counts in once the buildings have risen.
  const [target, setTarget] = useState(animate ? 0 : completion.gogo);
  useEffect(() => {
    if (!animate) return;
    const timer = window.setTimeout(() => setTarget(completion.gogo), 8 * 90 + 200);
    return () => window.clearTimeout(timer);
  }, [animate, completion.gogo]);
  const { shown } = useCountUp(target, animate, 1200);
  useFocusTrap(ref);

  useEffect(() => {
    if (!particles || !canvasRef.current) return;
    return celebrateOn(canvasRef.current, 'level-up');
  }, [particles]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const root = ref.current;
    root?.addEventListener('keydown', onKey);
    return () => root?.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className={`board-complete board-complete--${finished.theme}`} data-testid="board-complete">
      <canvas ref={canvasRef} className="board-complete__confetti" aria-hidden="true" />
      <div
        ref={ref}
        className="board-complete__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="board-complete__title">
          {boardText.completedTitle(completion.name)}
        </h2>
        <p className="board-complete__sub">{text.built}</p>
        <ul className="board-complete__skyline" aria-label={boardText.boardLabel(completion.number, completion.name)}>
          {PROPERTY_TILE_IDS.map((tileId, i) => (
            <li key={tileId} style={{ '--i': i } as CSSProperties}>
              <BuildingArt level={PROPERTY_MAX_LEVEL} theme={finished.theme} />
              <span>{finished.propertyNames[tileId]}</span>
            </li>
          ))}
        </ul>
        <p className="board-complete__bonus-label">{text.bonus}</p>
        <p
          className="board-complete__bonus"
          data-testid="board-complete-gogo"
          aria-label={text.gogo(formatGogo(completion.gogo))}
        >
          {text.gogo(formatGogo(shown ?? completion.gogo))}
        </p>
        <p className="board-complete__dice">{text.dice(completion.dice)}</p>
        {completion.next ? (
          <p className="board-complete__next">{text.nextHint(completion.next.number, completion.next.name)}</p>
        ) : (
          <p className="board-complete__next">{text.last}</p>
        )}
        <button type="button" className="button button--primary board-complete__go" onClick={onClose}>
          {completion.next ? text.next(completion.next.name) : text.keepPlaying}
        </button>
      </div>
    </div>
  );
}
