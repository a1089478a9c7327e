import type { DiceBalance, GameStateDto } from '@gogo/shared/api';
import { ACHIEVEMENTS, formatTimeAgo } from '@gogo/shared/rules';
import { gogoValueText } from '@gogo/shared/messages';
import { useGogoValue } from '../../../lib/gogoValue';
import { gameScreenText } from '@gogo/shared/messages/game';
import { achievementIconUrl } from '../../../game/assets';
import { signedGogo } from '../../../game/rollPlan';
import { formatGogo, formatUsd } from '../format';
import { TileDetails } from './TileDetails';
import './SidePanel.css';

export interface SidePanelProps {
  state: GameStateDto | undefined;
  /** GET /api/dice-rolls/balance: rolls left, bought and used. */
  dice: DiceBalance | undefined;
  username: string;
  showBalance: boolean;
  selectedTile: number | null;
  tokenPosition: number | null;
  now: number;
  onOpenFairness: () => void;
  onOpenLeaderboard: () => void;
  id?: string;
}

const text = gameScreenText.panel;
const HIDDEN = gameScreenText.hidden;

/** Desktop side panel (a sheet on phones): token collection, quick stats, player, tile, last moves. */
export function SidePanel({
  state,
  dice,
  username,
  showBalance,
  selectedTile,
  tokenPosition,
  now,
  onOpenFairness,
  onOpenLeaderboard,
  id,
}: SidePanelProps) {
  const balance = state?.balance ?? 0;
  const value = useGogoValue();
  const xpPercent = state ? Math.min(100, Math.round((state.xp / Math.max(1, state.xpToNextLevel)) * 100)) : 0;
  const unlocked = new Set(state?.unlockedAchievements ?? []);
  return (
    <aside className="side-panel" id={id} aria-label={text.label}>
      <section className="panel-card panel-card--gold" aria-labelledby="token-collection-title">
        <h2 id="token-collection-title" className="panel-card__title">
          {text.tokens}
        </h2>
        <p className="panel-big" data-testid="panel-balance">
          {showBalance ? formatGogo(balance) : HIDDEN} <span className="panel-big__unit">GOGO</span>
        </p>
        {value && (
          <p className="panel-sub">
            {gogoValueText.valueLabel}{' '}
            <strong data-testid="potential-value">{showBalance ? formatUsd(value.valueOf(balance)) : HIDDEN}</strong>{' '}
            {value.note}
          </p>
        )}
      </section>

      <section className="panel-card" aria-labelledby="quick-stats-title">
        <h2 id="quick-stats-title" className="panel-card__title">
          {text.quickStats}
        </h2>
        <dl className="stat-grid">
          <div>
            <dt>{text.balance}</dt>
            <dd>{showBalance ? formatGogo(balance) : HIDDEN}</dd>
          </div>
          <div>
            <dt>{text.totalEarned}</dt>
            <dd>{formatGogo(state?.totalTokensEarned ?? 0)}</dd>
          </div>
          <div>
            <dt>{text.level}</dt>
            <dd data-testid="level">{state?.level ?? 1}</dd>
          </div>
          <div>
            <dt>{text.rolls}</dt>
            <dd>{state?.totalRolls ?? 0}</dd>
          </div>
          <div>
            <dt>{text.jackpots}</dt>
            <dd>{state?.jackpotsHit ?? 0}</dd>
          </div>
          <div>
            <dt>{text.laps}</dt>
            <dd>{state?.lapsCompleted ?? 0}</dd>
          </div>
        </dl>
        <div className="xp">
          <div className="xp__label">
            <span>{text.xp}</span>
            <span>
              {state?.xp ?? 0} / {state?.xpToNextLevel ?? 100}
            </span>
          </div>
          <div
            className="xp__bar"
            role="progressbar"
            aria-label={text.xpBar}
            aria-valuemin={0}
            aria-valuemax={state?.xpToNextLevel ?? 100}
            aria-valuenow={state?.xp ?? 0}
          >
            <span className="xp__fill" style={{ width: `${xpPercent}%` }} />
          </div>
        </div>
        {dice ? (
          <p className="panel-sub dice-line" data-testid="dice-balance">
            {text.dice} <strong>{dice.diceRollsRemaining}</strong>
            {text.diceRest(dice.totalDiceRollsPurchased, dice.totalDiceRollsUsed)}
          </p>
        ) : null}
      </section>

      <section className="panel-card" aria-labelledby="player-title">
        <h2 id="player-title" className="panel-card__title">
          {text.player}
        </h2>
        <p className="player-line">
          <span className="player-avatar" aria-hidden="true">
            {username.slice(0, 1).toUpperCase()}
          </span>
          <span>
            <strong>{username}</strong>
            <span className="panel-sub">{text.loginStreak(state?.dailyLoginData.consecutiveDays ?? 0)}</span>
          </span>
        </p>
        <ul className="achievement-strip" aria-label={text.achievements}>
          {ACHIEVEMENTS.map((achievement) => (
            <li
              key={achievement.id}
              className={unlocked.has(achievement.id) ? 'is-unlocked' : ''}
              title={`${achievement.name}: ${achievement.description}`}
            >
              <img src={achievementIconUrl(achievement.icon)} alt="" width={28} height={28} loading="lazy" />
              <span className="visually-hidden">
                {text.achievementState(achievement.name, unlocked.has(achievement.id))}
              </span>
            </li>
          ))}
        </ul>
        <div className="panel-actions">
          <button type="button" className="button button--ghost button--small" onClick={onOpenLeaderboard}>
            {gameScreenText.header.leaderboard}
          </button>
          <button type="button" className="button button--ghost button--small" onClick={onOpenFairness}>
            {gameScreenText.header.fairness}
          </button>
        </div>
      </section>

      <section className="panel-card" aria-labelledby="tile-info-title">
        <h2 id="tile-info-title" className="panel-card__title">
          {text.tileInfo}
        </h2>
        <TileDetails tileId={selectedTile ?? tokenPosition} tokenPosition={tokenPosition} board={state?.board} />
      </section>

      <section className="panel-card" aria-labelledby="moves-title">
        <h2 id="moves-title" className="panel-card__title">
          {text.lastMoves}
        </h2>
        {state && state.recentMoves.length > 0 ? (
          <ol className="moves" data-testid="recent-moves">
            {state.recentMoves.slice(0, 5).map((move) => (
              <li key={`${move.timestamp}-${move.position}`}>
                <span className="moves__tile">{move.tileName}</span>
                <span
                  className={
                    move.reward > 0
                      ? 'moves__amount is-gain'
                      : move.reward < 0
                        ? 'moves__amount is-loss'
                        : 'moves__amount'
                  }
                >
                  {signedGogo(move.reward)}
                </span>
                <span className="moves__age">{text.ago(formatTimeAgo(now - move.timestamp))}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="panel-sub">{text.noMoves}</p>
        )}
      </section>
    </aside>
  );
}
