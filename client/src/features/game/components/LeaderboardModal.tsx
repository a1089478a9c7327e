import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { messageForError } from '../../../lib/api/errors';
import { useLeaderboard } from '../api/leaderboard';
import { formatGogo } from '../format';
import { deviceId, localLeaderboard } from '../localLeaderboard';

const LIMIT = 50;

/** The real global leaderboard from the server, and this device's local leaderboard beside it. */
export function LeaderboardModal({ onClose }: { onClose: () => void }) {
  const [tab, setTab] = useState<'global' | 'device'>('global');
  const global = useLeaderboard(LIMIT, tab === 'global');
  const [local] = useState(() => ({ ...localLeaderboard(LIMIT), me: deviceId() }));

  return (
    <Dialog title="Leaderboard" onClose={onClose} className="leaderboard-modal">
      <div className="segmented" role="tablist" aria-label="Leaderboard">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'global'}
          className={tab === 'global' ? 'is-active' : ''}
          onClick={() => setTab('global')}
        >
          Global
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'device'}
          className={tab === 'device' ? 'is-active' : ''}
          onClick={() => setTab('device')}
        >
          This device
        </button>
      </div>

      {tab === 'global' ? (
        <div role="tabpanel" aria-label="Global leaderboard">
          {global.isPending ? (
            <p className="panel-sub" role="status">
              Loading…
            </p>
          ) : global.isError ? (
            <p className="alert alert--error" role="alert">
              {messageForError(global.error)}
            </p>
          ) : global.data.entries.length === 0 ? (
            <p className="panel-sub">No ranked players yet: the first roll puts you on the board.</p>
          ) : (
            <>
              <p className="panel-sub">
                {global.data.totalRanked} ranked {global.data.totalRanked === 1 ? 'player' : 'players'}
                {global.data.me
                  ? ` · your rank #${global.data.me.rank} (${formatGogo(global.data.me.score)} points)`
                  : ''}
              </p>
              <table className="rank-table">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Player</th>
                    <th scope="col">Level</th>
                    <th scope="col">Earned</th>
                    <th scope="col">Score</th>
                  </tr>
                </thead>
                <tbody>
                  {global.data.entries.map((entry) => (
                    <tr key={entry.userId} className={entry.isSelf ? 'is-self' : ''}>
                      <td>{entry.rank}</td>
                      <td>{entry.username}</td>
                      <td>{entry.level}</td>
                      <td>{formatGogo(entry.totalTokensEarned)}</td>
                      <td>{formatGogo(entry.score)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <p className="rank-note">
            Score = 10 × GOGO earned + 1000 × jackpots + 500 × achievements + 100 × level + 5 × rolls.
          </p>
        </div>
      ) : (
        <div role="tabpanel" aria-label="This device's leaderboard">
          <p className="panel-sub">
            Best results played in this browser: {local.stats.totalPlayers}{' '}
            {local.stats.totalPlayers === 1 ? 'player' : 'players'}, {formatGogo(local.stats.totalRolls)} rolls,{' '}
            {local.stats.totalJackpots} jackpots, average level {local.stats.averageLevel}.
          </p>
          {local.entries.length === 0 ? (
            <p className="panel-sub">Nothing yet: roll the die to record this device's first result.</p>
          ) : (
            <table className="rank-table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Player</th>
                  <th scope="col">Level</th>
                  <th scope="col">Rolls</th>
                  <th scope="col">Score</th>
                </tr>
              </thead>
              <tbody>
                {local.entries.map((entry, index) => (
                  <tr key={entry.id} className={entry.address === local.me ? 'is-self' : ''}>
                    <td>{index + 1}</td>
                    <td>{entry.displayName}</td>
                    <td>{entry.level}</td>
                    <td>{entry.totalRolls}</td>
                    <td>{formatGogo(entry.score)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </Dialog>
  );
}
