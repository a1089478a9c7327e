import { useState } from 'react';
import type { LeaderboardEntry } from '@gogo/shared/api';
import { gameScreenText } from '@gogo/shared/messages/game';
import type { LocalLeaderboardEntry } from '@gogo/shared/rules';
import { Alert } from '../../../components/Alert';
import { DataTable, type Column } from '../../../components/DataTable';
import { Modal } from '../../../components/Modal';
import { TabPanel, Tabs } from '../../../components/Tabs';
import { messageForError } from '../../../lib/api/errors';
import { useLeaderboard } from '../api/leaderboard';
import { formatGogo } from '../format';
import { deviceId, localLeaderboard } from '../localLeaderboard';
import './LeaderboardModal.css';

const LIMIT = 50;
const text = gameScreenText.leaderboard;
const TABS = [
  { id: 'global', label: text.global },
  { id: 'device', label: text.device },
] as const;
type TabId = (typeof TABS)[number]['id'];

const globalColumns: ReadonlyArray<Column<LeaderboardEntry>> = [
  { key: 'rank', header: text.columns.rank, cell: (e) => e.rank, className: 'rank-table__rank' },
  { key: 'player', header: text.columns.player, cell: (e) => <span className="rank-table__name">{e.username}</span> },
  { key: 'level', header: text.columns.level, cell: (e) => e.level, numeric: true },
  { key: 'earned', header: text.columns.earned, cell: (e) => formatGogo(e.totalTokensEarned), numeric: true },
  { key: 'score', header: text.columns.score, cell: (e) => formatGogo(e.score), numeric: true },
];

type DeviceRow = LocalLeaderboardEntry & { rank: number };
const deviceColumns: ReadonlyArray<Column<DeviceRow>> = [
  { key: 'rank', header: text.columns.rank, cell: (e) => e.rank, className: 'rank-table__rank' },
  {
    key: 'player',
    header: text.columns.player,
    cell: (e) => <span className="rank-table__name">{e.displayName}</span>,
  },
  { key: 'level', header: text.columns.level, cell: (e) => e.level, numeric: true },
  { key: 'rolls', header: text.columns.rolls, cell: (e) => e.totalRolls, numeric: true },
  { key: 'score', header: text.columns.score, cell: (e) => formatGogo(e.score), numeric: true },
];

/** The real global leaderboard from the server, and this device's local leaderboard beside it. */
export function LeaderboardModal({ onClose }: { onClose: () => void }) {
  const [tab, setTab] = useState<TabId>('global');
  const global = useLeaderboard(LIMIT, tab === 'global');
  const [local] = useState(() => {
    const board = localLeaderboard(LIMIT);
    return { ...board, rows: board.entries.map((e, i) => ({ ...e, rank: i + 1 })), me: deviceId() };
  });

  return (
    <Modal title={text.title} onClose={onClose} className="leaderboard-modal">
      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label={text.title} idPrefix="leaderboard" look="pills" />
      <TabPanel idPrefix="leaderboard" id={tab}>
        {tab === 'global' ? (
          <>
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
                <DataTable
                  label={text.globalPanel}
                  columns={globalColumns}
                  rows={global.data.entries}
                  rowKey={(e) => e.userId}
                  rowClassName={(e) => (e.isSelf ? 'is-self' : undefined)}
                  emptyText={text.empty}
                  density="compact"
                />
              </>
            )}
            <p className="rank-note">{text.scoreNote}</p>
          </>
        ) : (
          <>
            <p className="panel-sub">
              {text.deviceSummary(
                local.stats.totalPlayers,
                formatGogo(local.stats.totalRolls),
                local.stats.totalJackpots,
                local.stats.averageLevel,
              )}
            </p>
            <DataTable
              label={text.devicePanel}
              columns={deviceColumns}
              rows={local.rows}
              rowKey={(e) => e.id}
              rowClassName={(e) => (e.address === local.me ? 'is-self' : undefined)}
              emptyText={text.deviceEmpty}
              density="compact"
            />
          </>
        )}
      </TabPanel>
    </Modal>
  );
}
