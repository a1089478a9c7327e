import { siteText } from '@gogo/shared/messages';
import { useSession } from '../../lib/session';
import { RecentUnlocks } from './RecentUnlocks';
import { formatCount } from '@gogo/shared/messages';
import { usePublicStats } from './api';
import { sampleTopPlayers } from './content';
import './LeaderboardSection.css';

/**
 * Real top players and figures from GET /api/public/stats. The five-player sample appears only while
 * the server has no players, or when the figures cannot be loaded, and says so.
 */
export function LeaderboardSection() {
  const stats = usePublicStats();
  const { user, token } = useSession();
  const live = stats.data && stats.data.totalPlayers > 0 && stats.data.topPlayers.length > 0 ? stats.data : null;
  const sampleNote = stats.isError
    ? siteText.sampleLeaderboardUnavailable
    : stats.isSuccess && !live
      ? siteText.sampleLeaderboardEmpty
      : null;
  const rows = live ? live.topPlayers : sampleNote ? sampleTopPlayers : [];

  return (
    <section className="landing-section landing-section--deferred" id="leaderboard" aria-labelledby="leaderboard-title">
      <div className="landing-section__head">
        <h2 id="leaderboard-title">Leaderboard</h2>
        <p>The top players by score: GOGO earned, jackpots, achievements, level and rolls.</p>
      </div>

      {/* While the figures load, the same box stands empty: the page below does not move when they come. */}
      {stats.isPending && (
        <dl className="live-figures" aria-hidden="true">
          {['Players online', 'GOGO distributed', 'Players', 'Rolls today'].map((label) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>&nbsp;</dd>
            </div>
          ))}
        </dl>
      )}
      {stats.data && (
        <dl className="live-figures" data-testid="live-figures">
          <div>
            <dt>Players online</dt>
            <dd data-testid="figure-online">{formatCount(stats.data.playersOnline)}</dd>
          </div>
          <div>
            <dt>GOGO distributed</dt>
            <dd data-testid="figure-gogo">{formatCount(stats.data.gogoDistributed)}</dd>
          </div>
          <div>
            <dt>Players</dt>
            <dd data-testid="figure-players">{formatCount(stats.data.totalPlayers)}</dd>
          </div>
          <div>
            <dt>Rolls today</dt>
            <dd data-testid="figure-rolls">{formatCount(stats.data.rollsToday)}</dd>
          </div>
        </dl>
      )}

      <div className={sampleNote ? 'leaderboard leaderboard--sample' : 'leaderboard'}>
        {sampleNote && (
          <p className="leaderboard__sample-note" data-testid="sample-note">
            <span className="leaderboard__sample-badge">Sample</span> {sampleNote}
          </p>
        )}
        {stats.isPending ? (
          <p className="leaderboard__loading" role="status">
            Loading the leaderboard…
          </p>
        ) : (
          <table className="leaderboard__table" data-testid={live ? 'leaderboard-live' : 'leaderboard-sample'}>
            <caption className="visually-hidden">
              {live ? 'Top players' : 'Sample leaderboard (example players, not real accounts)'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Player</th>
                <th scope="col" className="leaderboard__num">
                  Level
                </th>
                <th scope="col" className="leaderboard__num leaderboard__earned">
                  GOGO earned
                </th>
                <th scope="col" className="leaderboard__num">
                  Score
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={`${p.rank}-${p.username}`} className={p.rank <= 3 ? `is-top is-top-${p.rank}` : undefined}>
                  <td>
                    <span className="leaderboard__rank">{p.rank}</span>
                  </td>
                  <th scope="row" className="leaderboard__player">
                    {p.username}
                  </th>
                  <td className="leaderboard__num">{p.level}</td>
                  <td className="leaderboard__num leaderboard__earned">{formatCount(p.totalTokensEarned)}</td>
                  <td className="leaderboard__num">{formatCount(p.score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {user !== null || token !== null ? <RecentUnlocks /> : null}
    </section>
  );
}
