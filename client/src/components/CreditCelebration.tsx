import { useEffect } from 'react';
import { walletText } from '@gogo/shared/messages';
import type { Celebration } from '../lib/useCreditCelebration';
import { Icon } from './Icon';
import './credit-celebration.css';

/** How long the banner stays before it closes itself. */
export const CELEBRATION_MS = 8000;

export function celebrationText({ dice, gogo }: Celebration): string {
  if (dice > 0 && gogo > 0) return `${walletText.diceArrived(dice)} ${walletText.gogoArrived(gogo)}`;
  return dice > 0 ? walletText.diceArrived(dice) : walletText.gogoArrived(gogo);
}

/**
 * The banner that announces approved credits ("+250 dice rolls arrived!"): a polite live region,
 * closed by its button or after a few seconds; its pop is CSS and stops under reduced motion.
 */
export function CreditCelebration({ celebration, onDone }: { celebration: Celebration | null; onDone: () => void }) {
  useEffect(() => {
    if (!celebration) return;
    const timer = setTimeout(onDone, CELEBRATION_MS);
    return () => clearTimeout(timer);
  }, [celebration, onDone]);
  return (
    <div className="credit-celebration-region" role="status" aria-live="polite">
      {celebration ? (
        <div className="credit-celebration" data-testid="credit-celebration">
          <span className="credit-celebration__burst" aria-hidden="true">
            <Icon name="dice" size={30} />
          </span>
          <strong className="credit-celebration__text">{celebrationText(celebration)}</strong>
          <button type="button" className="credit-celebration__close" onClick={onDone} aria-label="Close">
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
