import { Link } from 'react-router-dom';
import { gameText } from '@gogo/shared/messages';
import { gameScreenText, rollFeelText } from '@gogo/shared/messages/game';
import { purchaseDicePath } from '../../../app/paths';
import type { RollNotice, RollPhase } from '../roll/machine';
import { appIcons } from '../../../components/appIcons';
import { Icon } from '../../../components/Icon';
import './RollControls.css';

export interface RollControlsProps {
  rollsRemaining: number | null;
  phase: RollPhase;
  notice: RollNotice;
  online: boolean;
  ready: boolean;
  hint: string;
  onRoll: () => void;
  onOpenDaily: () => void;
  /** Auto roll on the game surface (the same setting as in Settings). */
  autoRoll: boolean;
  onAutoRoll: (on: boolean) => void;
  /** 'overlay' inside the board's centre (desktop); 'dock' at the bottom of the phone layout. */
  variant?: 'overlay' | 'dock';
}

/** The accessible roll button, the refusals in words, the purchase link and the daily dice button. */
export function RollControls({
  rollsRemaining,
  phase,
  notice,
  online,
  ready,
  hint,
  onRoll,
  onOpenDaily,
  autoRoll,
  onAutoRoll,
  variant = 'overlay',
}: RollControlsProps) {
  const outOfRolls = rollsRemaining !== null && rollsRemaining < 1;
  const busy = phase === 'rolling' || phase === 'moving' || phase === 'rewarding';
  let status = '';
  if (!online) status = gameScreenText.controls.offline;
  else if (outOfRolls || notice === 'no-rolls') status = gameText.noRollsLeft;
  else if (notice === 'cooldown') status = gameText.cooldown;
  else if (phase === 'rolling') status = gameScreenText.controls.rolling;
  else if (autoRoll && variant === 'dock') status = rollFeelText.auto.on;
  return (
    <div className={`roll-controls roll-controls--${variant}`}>
      <p
        className={[
          'roll-status',
          status ? 'is-visible' : '',
          outOfRolls && online && notice !== 'no-rolls' ? 'is-standing' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        role="status"
        aria-live="polite"
        data-testid="roll-status"
      >
        {status || hint}
      </p>
      {outOfRolls ? (
        <Link className="button button--primary roll-button" to={purchaseDicePath}>
          {gameScreenText.controls.purchase}
        </Link>
      ) : (
        <button
          type="button"
          className="button button--primary roll-button"
          onClick={onRoll}
          disabled={!online || !ready || busy || rollsRemaining === null}
          aria-busy={busy}
        >
          <Icon name="dice" size={20} />
          {gameScreenText.controls.roll}
        </button>
      )}
      <button
        type="button"
        className={
          autoRoll ? 'button button--small auto-button is-on' : 'button button--ghost button--small auto-button'
        }
        aria-pressed={autoRoll}
        onClick={() => onAutoRoll(!autoRoll)}
        title={autoRoll ? rollFeelText.auto.on : rollFeelText.auto.off}
      >
        <Icon glyph={appIcons.repeat} size={variant === 'dock' ? 22 : 18} />
        <span className="roll-controls__label">{rollFeelText.auto.label}</span>
      </button>
      <button
        type="button"
        className="button button--ghost button--small daily-button"
        onClick={onOpenDaily}
        data-coach="daily"
      >
        <Icon glyph={appIcons.gift} size={variant === 'dock' ? 22 : 18} />
        <span className="roll-controls__label">{gameScreenText.controls.daily}</span>
      </button>
    </div>
  );
}
