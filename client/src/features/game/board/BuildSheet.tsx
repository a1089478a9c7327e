import { useState } from 'react';
import type { BoardDto, PropertyDto } from '@gogo/shared/api';
import { boardText, buildGoalText, pushText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { Modal } from '../../../components/Modal';
import { messageForError } from '../../../lib/api/errors';
import { sound } from '../../../lib/sound';
import { PushPrompt, pushOfferAvailable } from '../../../components/PushPrompt';
import { useUpgradeProperty } from './api';
import type { BoardCompletion } from './BoardComplete';
import { BuildingArt } from './BuildingArt';
import { buildGoal } from './goal';
import './BuildSheet.css';

type Outcome = { kind: 'success' | 'error'; text: string; celebrate?: boolean } | null;

/** Dots for the levels built, so the level reads at a glance (and by a screen reader from the label). */
function LevelPips({ level, max }: { level: number; max: number }) {
  return (
    <span className="build-pips" aria-hidden="true">
      {Array.from({ length: max }, (_, i) => (
        <span key={i} className={i < level ? 'build-pip is-built' : 'build-pip'} />
      ))}
    </span>
  );
}

/** The price of a level not yet affordable, as a goal: the GOGO saved toward it and how much is left. */
function GoalProgress({ property, balance, cost }: { property: PropertyDto; balance: number; cost: number }) {
  const id = `build-short-${property.tileId}`;
  return (
    <div className="build-goal" data-testid={`build-goal-${property.tileId}`}>
      <div
        className="build-goal__bar"
        role="progressbar"
        aria-label={buildGoalText.progressLabel(property.name)}
        aria-valuemin={0}
        aria-valuemax={cost}
        aria-valuenow={Math.min(balance, cost)}
        aria-valuetext={buildGoalText.progress(balance, cost)}
      >
        <span style={{ width: `${Math.min(100, (Math.max(0, balance) / cost) * 100)}%` }} />
      </div>
      <span className="build-goal__figures">
        <strong>{buildGoalText.progress(balance, cost)}</strong>
        <span id={id}>{buildGoalText.toGo(cost - balance)}</span>
      </span>
    </div>
  );
}

function PropertyRow({
  property,
  balance,
  busy,
  highlighted,
  justBuilt,
  goal,
  theme,
  onUpgrade,
}: {
  property: PropertyDto;
  /** The board's art theme: its own kind of building. */
  theme: string;
  balance: number;
  busy: boolean;
  highlighted: boolean;
  justBuilt: boolean;
  goal: boolean;
  onUpgrade: (p: PropertyDto) => void;
}) {
  const cost = property.upgradeCost;
  const short = cost !== null && balance < cost ? cost - balance : 0;
  const ready = cost !== null && short === 0;
  const classes = [
    'build-row',
    highlighted ? 'is-selected' : '',
    justBuilt ? 'is-built' : '',
    goal ? 'is-goal' : '',
    ready ? 'is-ready' : '',
  ].filter(Boolean);
  return (
    <li className={classes.join(' ')} data-testid={`build-row-${property.tileId}`} data-level={property.level}>
      {goal ? <span className="build-row__tag">{buildGoalText.nextGoal}</span> : null}
      {ready ? <span className="build-row__tag is-ready">{buildGoalText.ready}</span> : null}
      <div className="build-row__head">
        <span className="build-house">
          <BuildingArt level={property.level} theme={theme} />
        </span>
        <div className="build-row__text">
          <strong>{property.name}</strong>
          <span className="build-row__level">
            <LevelPips level={property.level} max={property.maxLevel} />
            {boardText.level(property.level, property.maxLevel)}
          </span>
          <span className="build-row__effect">
            {property.nextRewardMultiplier === null
              ? boardText.multiplier(property.rewardMultiplier)
              : boardText.effect(property.rewardMultiplier, property.nextRewardMultiplier)}
          </span>
        </div>
      </div>
      {cost === null ? (
        <span className="build-row__maxed">{boardText.maxed}</span>
      ) : short > 0 ? (
        // Not affordable yet: a goal (GOGO saved toward the price), not a greyed-out button.
        <GoalProgress property={property} balance={balance} cost={cost} />
      ) : (
        <button
          type="button"
          className="button button--primary build-row__buy"
          disabled={busy}
          onClick={() => onUpgrade(property)}
        >
          {property.level === 0 ? boardText.buy(cost) : boardText.upgrade(cost)}
        </button>
      )}
    </li>
  );
}

/** The Build sheet: every property of the player's board, its level, next cost and effect; one tap buys. */
export function BuildSheet({
  board,
  balance,
  selectedTile,
  onClose,
  onCompleted,
}: {
  board: BoardDto;
  balance: number;
  selectedTile: number | null;
  onClose: () => void;
  /** The upgrade completed a board: the sheet closes and the page takes the screen for it (BoardComplete). */
  onCompleted?: (completion: BoardCompletion) => void;
}) {
  const upgrade = useUpgradeProperty();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [lastBuilt, setLastBuilt] = useState<number | null>(null);
  // After a property is bought (never on load): the friendly ask for notifications, once.
  const [offerPush, setOfferPush] = useState(false);
  const target = buildGoal(board.properties, balance);
  const goal = target && !target.ready ? target.property.tileId : null;

  const onUpgrade = (property: PropertyDto) => {
    setOutcome(null);
    upgrade.mutate(
      { tileId: property.tileId, level: property.level + 1 },
      {
        onSuccess: (result) => {
          setLastBuilt(result.bought.tileId);
          if (result.bought.level === 1 && pushOfferAvailable()) setOfferPush(true);
          const done = result.completedBoard;
          if (done) {
            sound.play('jackpot');
            const moved = result.board.board.number !== done.number;
            const next = moved ? result.board.board.name : null;
            if (onCompleted) {
              const { number, name } = result.board.board;
              onClose();
              onCompleted({ ...done, next: moved ? { number, name } : null });
              return;
            }
            setOutcome({
              kind: 'success',
              celebrate: true,
              text: `${boardText.completedTitle(done.name)} ${boardText.completedBody(done.dice, done.gogo, next)}`,
            });
          } else {
            sound.play('coin');
            setOutcome({ kind: 'success', text: boardText.built(result.property.name, result.bought.level) });
          }
        },
        onError: (error) => setOutcome({ kind: 'error', text: messageForError(error) }),
      },
    );
  };

  return (
    <Modal
      title={boardText.sheetTitle}
      subtitle={boardText.sheetSubtitle(boardText.boardLabel(board.board.number, board.board.name))}
      onClose={onClose}
      size="medium"
      className={`build-sheet build-sheet--${board.board.theme}`}
    >
      {outcome ? (
        <div className={outcome.celebrate ? 'build-celebration' : undefined} data-testid="build-outcome">
          <Alert kind={outcome.kind}>{outcome.text}</Alert>
        </div>
      ) : null}
      {offerPush ? (
        <PushPrompt
          onDone={(enabled) => {
            setOfferPush(false);
            if (enabled) setOutcome({ kind: 'success', text: pushText.enabledToast });
          }}
        />
      ) : null}
      <p className="build-balance" data-testid="build-balance">
        {balance} GOGO
      </p>
      <ul className="build-list">
        {board.properties.map((property) => (
          <PropertyRow
            key={property.tileId}
            property={property}
            balance={balance}
            busy={upgrade.isPending}
            highlighted={property.tileId === selectedTile}
            justBuilt={property.tileId === lastBuilt}
            goal={property.tileId === goal}
            theme={board.board.theme}
            onUpgrade={onUpgrade}
          />
        ))}
      </ul>
    </Modal>
  );
}
