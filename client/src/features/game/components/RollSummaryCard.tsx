import { lazy, Suspense } from 'react';
import { LAP_BONUS_XP, tileAt } from '@gogo/shared/rules';
import { rollFeelText } from '@gogo/shared/messages/game';
import { tileIconUrl } from '../../../game/assets';
import { TILE_COLORS } from '../../../game/palette';
import { amountTone as tone, summaryNeedsPlayer, type SummaryCardProps } from '../outcome';
import './RollSummaryCard.css';

const text = rollFeelText.summary;

/**
 * The one card of a roll. A plain result is a light card over the board that closes itself and never
 * takes focus. A roll that brought more (a jackpot, a level-up, an achievement) takes the screen with
 * everything listed; one tap anywhere closes it. Confetti and coins are drawn under the text and the
 * buttons, never over them. A jackpot counts its big number up and the coins rain behind the card.
 */
/** What both forms of the card take (HeldSummary.tsx is the one that takes the screen). */

export function RollSummaryCard(props: SummaryCardProps) {
  const { summary, onClose } = props;
  const { reward } = summary;
  const tile = tileAt(reward.tileId);
  if (!summaryNeedsPlayer(summary)) {
    return (
      <section
        className={`reward-card roll-summary--light ${tone(reward.amount)}`}
        role="status"
        aria-label={text.tile(reward.die, reward.tileName)}
        data-testid="reward-card"
        style={{ borderColor: TILE_COLORS[reward.tileType].css }}
        onClick={onClose}
      >
        <img src={tileIconUrl(tile.icon)} alt="" width={44} height={44} />
        <div className="reward-card__text">
          <p className="reward-card__tile">{text.tile(reward.die, reward.tileName)}</p>
          <p className="reward-card__amount" data-testid="reward-amount">
            {reward.amountText}
          </p>
          <p className="reward-card__xp">
            {text.xp(reward.xpGained)}
            {reward.lapCompleted ? ` · ${text.lap(LAP_BONUS_XP)}` : ''}
            {reward.floored ? ` · ${text.floored}` : ''}
          </p>
        </div>
      </section>
    );
  }
  return (
    <Suspense fallback={null}>
      <HeldSummary {...props} />
    </Suspense>
  );
}

/** The card that takes the screen loads with the first roll (preloadHeldSummary), not with the page. */
const loadHeld = () => import('./HeldSummary');
const HeldSummary = lazy(loadHeld);
export function preloadHeldSummary(): void {
  void loadHeld();
}
