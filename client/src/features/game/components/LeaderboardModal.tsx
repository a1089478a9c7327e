import { useState } from 'react';
import { gameScreenText } from '@gogo/shared/messages/game';
import { Dialog } from '../../../components/Dialog';
import { messageForError } from '../../../lib/api/errors';
import { useLeaderboard } from '../api/leaderboard';
import { formatGogo } from '../format';
import { deviceId, localLeaderboard } from '../localLeaderboard';
import './LeaderboardModal.css';
import { Alert } from '../../../components/Alert';

const LIMIT = 50;
const text = gameScreenText.leaderboard;

/** The real global leaderboard from the server, and this device's local leaderboard beside it. */
export function LeaderboardModal({ onClose }: { onClose: () => void }) {
  const [tab, setTab] = useState<'global' | 'device'>('global');
  const global = useLeaderboard(LIMIT, tab === 'global');
  const [local] = useState(() => ({ ...localLeaderboard(LIMIT), me: deviceId() }));

  return (
    <Dialog title={text.title} onClose={onClose} className="leaderboard-modal">
      <div className="segmented" role="tablist" aria-label={text.title}>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'global'}
          className={tab === 'global' ? 'is-active' : ''}
          onClick={() => setTab('global')}
        >
          {text.global}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'device'}
          className={tab === 'device' ? 'is-active' : ''}
          onClick={() => setTab('device')}
        >
          {text.device}
        </button>
      </div>

      {tab === 'global' ? (
        <div role="tabpanel" aria-label={text.globalPanel}>
          {global.isPending ? (
            <p className="panel-sub" role="status">
              {gameScreenText.loading}
            </p>
          ) : global.isError ? (
            <Alert kind="error">{messageForError(global.error)}</Alert>
          ) : global.data.entries.length === 0 ? (
            <p className="panel-sub">{text.empty}</p>
          ) : (
            <>
              <p className="panel-sub">
                {text.ranked(global.data.totalRanked)}
                {global.data.me ? text.yourRank(global.data.me.rank, formatGogo(global.data.me.score)) : ''}
              </p>
              <table className="rank-table">
                <thead>
                  <tr>
                    <th scope="col">{text.columns.rank}</th>
                    <th scope="col">{text.columns.player}</th>
                    <th scope="col">{text.columns.level}</th>
                    <th scope="col">{text.columns.earned}</th>
                    <th scope="col">{text.columns.score}</th>
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
          <p className="rank-note">{text.scoreNote}</p>
        </div>
      ) : (
        <div role="tabpanel" aria-label={text.devicePanel}>
          <p className="panel-sub">
            {text.deviceSummary(
              local.stats.totalPlayers,
              formatGogo(local.stats.totalRolls),
              local.stats.totalJackpots,
              local.stats.averageLevel,
            )}
          </p>
          {local.entries.length === 0 ? (
            <p className="panel-sub">{text.deviceEmpty}</p>
          ) : (
            <table className="rank-table">
              <thead>
                <tr>
                  <th scope="col">{text.columns.rank}</th>
                  <th scope="col">{text.columns.player}</th>
                  <th scope="col">{text.columns.level}</th>
                  <th scope="col">{text.columns.rolls}</th>
                  <th scope="col">{text.columns.score}</th>
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
