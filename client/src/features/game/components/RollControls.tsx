import { Link } from 'react-router-dom';
import { gameText } from '@gogo/shared/messages';
import { diceLoopText, gameScreenText, rollFeelText } from '@gogo/shared/messages/game';
import { multiplierUnlock, type DiceMultiplier } from '@gogo/shared/rules';
import { purchaseDicePath } from '../../../lib/paths';
import type { RollNotice, RollPhase } from '../roll/machine';
import { appIcons } from '../../../components/appIcons';
import { Icon } from '../../../components/Icon';
import { nextLocked } from '../roll/multiplier';
import { useSecondsLeft } from './RefillTimer';
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
  /** The multiplier beside the button: the one a roll asks for now, and the player's level and dice. */
  multiplier?: MultiplierChoice;
  /** What the button offers at 0 dice, free first: the daily dice, a challenge reward, the next die. */
  outOfDice?: OutOfDiceOffers;
}

export interface MultiplierChoice {
  /** The chosen multiplier (remembered). */
  chosen: DiceMultiplier;
  /** What the next roll spends: the chosen one, or lower when the dice do not pay for it. */
  effective: DiceMultiplier;
  level: number;
  dice: number;
  onCycle: () => void;
}

export interface OutOfDiceOffers {
  /** Dice today's claim gives, when it is open; null when claimed. */
  dailyDice: number | null;
  onClaimDaily: () => void;
  /** A finished challenge's reward waits. */
  challengeReady: boolean;
  onClaimChallenge: () => void;
  claiming: boolean;
  /** When the next die arrives on this device's clock; null when the refill is off. */
  nextDieAt: number | null;
  onDieDue: () => void;
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
  multiplier,
  outOfDice,
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
    <div className={`roll-controls roll-controls--${variant}${outOfRolls ? ' is-empty' : ''}`}>
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
        <OutOfDice offers={outOfDice} online={online} />
      ) : (
        <div className="roll-main">
          <button
            type="button"
            className="button button--primary roll-button"
            onClick={onRoll}
            disabled={!online || !ready || busy || rollsRemaining === null}
            aria-busy={busy}
            data-multiplier={multiplier?.effective ?? 1}
          >
            <Icon name="dice" size={20} />
            {multiplier && multiplier.effective > 1
              ? diceLoopText.rollTimes(multiplier.effective)
              : gameScreenText.controls.roll}
          </button>
          {multiplier ? <MultiplierButton choice={multiplier} disabled={busy} /> : null}
        </div>
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
        data-ready={outOfDice?.dailyDice != null ? 'true' : undefined}
        // The badge says the claim is open without renaming the button: it stays "Daily dice".
        aria-description={outOfDice?.dailyDice != null ? diceLoopText.dailyReady : undefined}
      >
        <Icon glyph={appIcons.gift} size={variant === 'dock' ? 22 : 18} />
        <span className="roll-controls__label">{gameScreenText.controls.daily}</span>
        {outOfDice?.dailyDice != null ? (
          <span className="daily-badge" data-testid="daily-badge" aria-hidden="true" />
        ) : null}
      </button>
    </div>
  );
}

/** One tap cycles through the unlocked multipliers; the first locked one says how it opens. */
function MultiplierButton({ choice, disabled }: { choice: MultiplierChoice; disabled: boolean }) {
  const locked = nextLocked(choice.level, choice.dice);
  const unlock = locked === null ? null : multiplierUnlock(locked);
  const lowered = choice.effective < choice.chosen;
  const help = [
    diceLoopText.multiplierHelp(choice.effective),
    lowered ? diceLoopText.multiplierNeedsDice(choice.chosen) : '',
    unlock ? diceLoopText.multiplierLocked(unlock.multiplier, unlock.level, unlock.dice) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <button
        type="button"
        className={
          choice.effective > 1
            ? 'button button--small multiplier-button is-on'
            : 'button button--small multiplier-button'
        }
        onClick={choice.onCycle}
        disabled={disabled}
        aria-label={diceLoopText.multiplierLabel(choice.effective)}
        aria-describedby="multiplier-help"
        title={help}
        data-testid="multiplier-button"
        data-multiplier={choice.effective}
      >
        x{choice.effective}
      </button>
      <span id="multiplier-help" className="visually-hidden">
        {help}
      </span>
    </>
  );
}

/** At 0 dice the main button offers what is free first, and buying becomes the smaller action. */
function OutOfDice({ offers, online }: { offers: OutOfDiceOffers | undefined; online: boolean }) {
  const seconds = useSecondsLeft(offers?.nextDieAt ?? null, offers?.onDieDue);
  let main = null;
  if (offers && offers.dailyDice !== null) {
    main = (
      <button
        type="button"
        className="button button--primary roll-button"
        onClick={offers.onClaimDaily}
        disabled={!online || offers.claiming}
        aria-busy={offers.claiming}
      >
        <Icon glyph={appIcons.gift} size={20} />
        {diceLoopText.claimDaily(offers.dailyDice)}
      </button>
    );
  } else if (offers?.challengeReady) {
    main = (
      <button
        type="button"
        className="button button--primary roll-button"
        onClick={offers.onClaimChallenge}
        disabled={!online || offers.claiming}
        aria-busy={offers.claiming}
      >
        <Icon name="trophy" size={20} />
        {diceLoopText.claimChallenge}
      </button>
    );
  } else if (seconds !== null) {
    main = (
      <p className="button roll-button roll-button--waiting" data-testid="next-die" aria-live="off">
        <Icon name="dice" size={20} />
        {diceLoopText.nextDieIn(seconds)}
      </p>
    );
  }
  if (!main) {
    return (
      <div className="roll-main">
        <Link className="button button--primary roll-button" to={purchaseDicePath}>
          {gameScreenText.controls.purchase}
        </Link>
      </div>
    );
  }
  return (
    <>
      <div className="roll-main roll-main--empty">{main}</div>
      <Link className="button button--ghost button--small buy-dice" to={purchaseDicePath} title={diceLoopText.buyDice}>
        <Icon name="coin" size={18} />
        <span className="roll-controls__label">{diceLoopText.buyDice}</span>
      </Link>
    </>
  );
}
