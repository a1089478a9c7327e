import { BOARD_SIZE } from '@gogo/shared/rules';
import type { GameStateDto } from '@gogo/shared/api';
import { gameScreenText } from '@gogo/shared/messages/game';
import { appIcons } from '../../../components/appIcons';
import { Icon } from '../../../components/Icon';
import './GoalsBar.css';

/**
 * Tiles left to Start: the token walks backwards from Start (tile 0) round to it. A lap counts only
 * when a move ends on Start, so the chip counts down to Start instead of showing a lap's progress
 * (which would fall back when a move passes Start without landing on it).
 */
export function tilesToStart(position: number): number {
  return position === 0 ? BOARD_SIZE : position;
}

/** The pill's fill on phones (GoalsBar.css). */
const progress = (percent: number) => ({ ['--progress' as string]: `${Math.round(percent)}%` });

/** Visible goals on the board: lap progress, XP to the next level, the login streak. */
export function GoalsBar({ state }: { state: GameStateDto | undefined }) {
  if (!state) return <div className="goals goals--loading" aria-hidden="true" />;
  const toStart = tilesToStart(state.position);
  const threshold = Math.max(1, state.xpToNextLevel);
  const xp = Math.min(state.xp, threshold);
  const streak = state.dailyLoginData.consecutiveDays;
  return (
    <ul className="goals" aria-label={gameScreenText.goals.label}>
      <li className="goal" data-testid="goal-lap" title={gameScreenText.goals.laps(state.lapsCompleted)}>
        <Icon glyph={appIcons.flag} size={22} />
        <span className="goal__text">{gameScreenText.goals.lap(toStart)}</span>
      </li>
      <li className="goal" data-testid="goal-xp" style={progress((xp / threshold) * 100)}>
        <Icon name="star" size={22} />
        <span className="goal__text">{gameScreenText.goals.xp(state.level, xp, threshold)}</span>
        <span className="goal__bar goal__bar--xp" aria-hidden="true">
          <span style={{ width: `${(xp / threshold) * 100}%` }} />
        </span>
      </li>
      <li className="goal goal--streak" data-testid="goal-streak" title={gameScreenText.goals.streak(streak)}>
        <Icon glyph={appIcons.flame} size={22} />
        <span className="goal__text">
          <span className="goal__long">{gameScreenText.goals.streak(streak)}</span>
          {/* Phones show the flame and the number; the words stay for screen readers. */}
          <span className="goal__short" aria-hidden="true">
            {streak}
          </span>
        </span>
      </li>
    </ul>
  );
}
