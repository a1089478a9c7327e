import type { BoardDto } from '@gogo/shared/api';
import { boardText, buildGoalText } from '@gogo/shared/messages';
import { buildGoal } from './goal';

/**
 * The phone's goal card under the tile strip: the property to aim for, the GOGO saved toward it, and
 * once it is affordable, a tap that opens the Build sheet on it.
 */
export function NextGoal({
  board,
  balance,
  onOpen,
}: {
  board: BoardDto | undefined;
  balance: number | null;
  onOpen: (tileId: number) => void;
}) {
  if (!board || balance === null) return null;
  const goal = buildGoal(board.properties, balance);
  if (!goal) return null;
  const { property, cost, ready } = goal;
  const have = Math.max(0, Math.min(balance, cost));
  const action = property.level === 0 ? boardText.buy(cost) : boardText.upgrade(cost);
  // The figures are short (the name needs the room); the whole action is the button's label.
  const figures = ready ? buildGoalText.price(cost) : buildGoalText.progress(have, cost);
  return (
    <button
      type="button"
      className={ready ? 'next-goal is-ready' : 'next-goal'}
      data-testid="next-goal"
      data-ready={ready ? 'true' : 'false'}
      aria-label={`${ready ? buildGoalText.ready : buildGoalText.nextGoal}: ${property.name}, ${ready ? action : figures}`}
      onClick={() => onOpen(property.tileId)}
    >
      <span className="next-goal__tag">{ready ? buildGoalText.ready : buildGoalText.nextGoal}</span>
      <span className="next-goal__name">{property.name}</span>
      <span className="next-goal__figures">{figures}</span>
      <span className="next-goal__bar" aria-hidden="true">
        <span style={{ width: `${(have / cost) * 100}%` }} />
      </span>
    </button>
  );
}
