import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { LAP_BONUS_XP, tileAt } from '@gogo/shared/rules';
import { rollFeelText } from '@gogo/shared/messages/game';
import { useFocusTrap } from '../../../components/useFocusTrap';
import { Icon } from '../../../components/Icon';
import { achievementIconUrl, tileIconUrl } from '../../../game/assets';
import { TILE_COLORS } from '../../../game/palette';
import { formatGogo } from '../format';
import {
  amountTone as tone,
  summaryHeadline,
  summaryPrize,
  type RollSummary,
  type SummaryCardProps,
  type SummaryPrize,
} from '../outcome';
import { useCountUp } from '../useCountUp';
import { celebrateOn } from '../confetti';
import './RollSummaryCard.css';

const text = rollFeelText.summary;

/** Everything the roll brought besides the big number, one line each. */
function SummaryLines({ summary, prize }: { summary: RollSummary; prize: SummaryPrize }) {
  const { reward } = summary;
  const headlined = prize.source === 'achievement' ? prize.achievement.id : null;
  return (
    <ul className="roll-summary__list" aria-label={text.label}>
      {headlined !== null ? (
        <li className="is-tile" data-testid="summary-tile-line">
          <img src={tileIconUrl(tileAt(reward.tileId).icon)} alt="" width={24} height={24} />
          <span>{text.tileItem(reward.die, reward.tileName, reward.amountText)}</span>
        </li>
      ) : null}
      <li>
        <Icon name="star" size={18} />
        <span>
          {text.xp(reward.xpGained)}
          {reward.lapCompleted ? ` · ${text.lap(LAP_BONUS_XP)}` : ''}
        </span>
      </li>
      {summary.levelUps.map((level) => (
        <li key={`level-${level}`} className="is-level">
          <Icon name="star" size={18} />
          <span>{text.level(level)}</span>
        </li>
      ))}
      {summary.achievements
        .filter((a) => a.id !== headlined)
        .map((a) => (
          <li key={a.id} className="is-achievement">
            <img src={achievementIconUrl(a.icon)} alt="" width={24} height={24} />
            <span>{text.achievementItem(a.name, a.reward > 0 ? `+${formatGogo(a.reward)} GOGO` : text.repeat)}</span>
          </li>
        ))}
      {reward.floored ? (
        <li>
          <Icon name="shield" size={18} />
          <span>{text.floored}</span>
        </li>
      ) : null}
    </ul>
  );
}

const COINS = 28;

/**
 * Where coin `i` of the rain falls: spread over the width, each with its own fall time and a head
 * start (a negative delay), so the first frame already has coins all the way down the screen.
 */
function coinStyle(i: number): CSSProperties {
  return {
    '--x': `${((i * 37) % 100).toFixed(0)}%`,
    '--fall': `${(1.3 + ((i * 7) % 9) * 0.09).toFixed(2)}s`,
    '--lead': `${(-((i * 13) % 17) * 0.09).toFixed(2)}s`,
  } as CSSProperties;
}

export default function HeldSummary({
  summary,
  particles,
  animate,
  canRollAgain,
  onClose,
  onRollAgain,
}: SummaryCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const titleId = useId();
  const { reward } = summary;
  const tile = tileAt(reward.tileId);
  // The big number is the roll's biggest gain; a jackpot's counts up from 0 as the coins rain.
  const prize = summaryPrize(summary);
  const prizeText = prize.source === 'tile' ? reward.amountText : `+${formatGogo(prize.amount)} GOGO`;
  const [target, setTarget] = useState(summary.jackpot && animate ? 0 : prize.amount);
  useEffect(() => setTarget(prize.amount), [prize.amount]);
  const { shown: amount } = useCountUp(target, animate, 900);
  useFocusTrap(ref);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const root = ref.current;
    root?.addEventListener('keydown', onKey);
    return () => root?.removeEventListener('keydown', onKey);
  }, [onClose]);

  // Confetti for levels and achievements; a jackpot rains coins instead.
  useEffect(() => {
    if (!particles || summary.jackpot || !canvasRef.current) return;
    return celebrateOn(canvasRef.current, summary.levelUps.length > 0 ? 'level-up' : 'achievement');
  }, [particles, summary.jackpot, summary.levelUps.length]);

  const kind = summary.jackpot ? 'is-jackpot' : 'is-held';
  return (
    <div className={`roll-summary ${kind}`} onClick={onClose} data-testid="roll-summary">
      <canvas ref={canvasRef} className="roll-summary__confetti" aria-hidden="true" />
      {summary.jackpot && particles ? (
        <div className="roll-summary__coins" aria-hidden="true">
          {Array.from({ length: COINS }, (_, i) => (
            <span key={i} style={coinStyle(i)} />
          ))}
        </div>
      ) : null}
      <div
        ref={ref}
        className="roll-summary__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ borderColor: TILE_COLORS[reward.tileType].css }}
      >
        <h2 id={titleId} className="roll-summary__title">
          {summaryHeadline(summary)}
        </h2>
        {prize.source === 'tile' ? (
          <p className="roll-summary__tile">
            <img src={tileIconUrl(tile.icon)} alt="" width={32} height={32} />
            {text.tile(reward.die, reward.tileName)}
          </p>
        ) : (
          <p className="roll-summary__tile" data-testid="summary-prize-from">
            <img src={achievementIconUrl(prize.achievement.icon)} alt="" width={32} height={32} />
            {text.prizeFrom(prize.achievement.name)}
          </p>
        )}
        <p className={`roll-summary__amount ${tone(prize.amount)}`} data-testid="reward-amount" aria-label={prizeText}>
          {summary.jackpot && animate ? `+${formatGogo(amount ?? prize.amount)} GOGO` : prizeText}
        </p>
        <SummaryLines summary={summary} prize={prize} />
        <div className="button-row">
          {summary.jackpot && canRollAgain ? (
            <button
              type="button"
              className="button button--primary"
              onClick={(event) => {
                event.stopPropagation();
                onRollAgain();
              }}
            >
              {text.rollAgain}
            </button>
          ) : null}
          <button
            type="button"
            className={summary.jackpot && canRollAgain ? 'button button--ghost' : 'button button--primary'}
            onClick={(event) => {
              event.stopPropagation();
              onClose();
            }}
          >
            {text.continue}
          </button>
        </div>
        <p className="roll-summary__hint">{text.tapToClose}</p>
      </div>
    </div>
  );
}
