import type { AdminChainResult } from '@gogo/shared/api';
import { chainAdminText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { DataTable, type Column } from '../../../components/DataTable';
import { useAdminChain } from '../api/chain';
import { ago, formatDateTime, formatNumber } from '../format';
import { Facts } from './ui';

type AutoDeposit = AdminChainResult['deposits'][number];
type Watcher = AdminChainResult['watcher'];

const short = (hex: string) => (hex.length > 14 ? `${hex.slice(0, 8)}…${hex.slice(-4)}` : hex);
const num = (n: number | null) => (n === null ? '—' : formatNumber(n));

const columns: ReadonlyArray<Column<AutoDeposit>> = [
  {
    key: 'tx',
    header: 'Transaction',
    title: (d) => (d.logIndex >= 0 ? `${d.txHash} (log ${d.logIndex})` : d.txHash),
    cell: (d) => (
      <code>
        {short(d.txHash)}
        {d.logIndex >= 0 ? `#${d.logIndex}` : ''}
      </code>
    ),
  },
  { key: 'player', header: 'Player', cell: (d) => d.username ?? `#${d.userId}` },
  { key: 'amount', header: 'Amount', numeric: true, cell: (d) => `${d.amount} ${d.coin}` },
  { key: 'from', header: 'From', title: (d) => d.fromAddress, cell: (d) => <code>{short(d.fromAddress)}</code> },
  { key: 'block', header: 'Block', numeric: true, cell: (d) => formatNumber(d.blockNumber) },
  {
    key: 'confirmations',
    header: 'Confirmations',
    numeric: true,
    testId: 'chain-confirmations',
    cell: (d) => `${d.confirmations} of ${d.requiredConfirmations}`,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (d) => (d.status === 'credited' ? `credited (deposit #${d.transactionId})` : 'seen, waiting'),
  },
  { key: 'seen', header: 'Seen', nowrap: true, title: (d) => formatDateTime(d.seenAt), cell: (d) => ago(d.seenAt) },
];

function stateOf(w: Watcher): string {
  if (w.lastError) return chainAdminText.failing;
  return w.lastBlock === null ? chainAdminText.waiting : chainAdminText.healthy;
}

/** The watcher's facts: how far it has scanned, how far behind the node it is, its last error. */
function WatcherFacts({ watcher: w }: { watcher: Watcher }) {
  return (
    <section className="admin-box" aria-label="Chain watcher" data-testid="chain-watcher">
      <h3>Chain watcher</h3>
      <Facts
        items={[
          ['State', stateOf(w)],
          ['Chain', w.chainId === null ? '—' : String(w.chainId)],
          ['Last block scanned', num(w.lastBlock)],
          ['Node head', num(w.head)],
          ['Lag (blocks)', num(w.lag)],
          ['Confirmations needed', num(w.confirmations)],
          ['Last poll', w.polledAt ? ago(w.polledAt) : '—'],
          ['Last error', w.lastError ? `${w.lastError}${w.errorAt ? ` (${ago(w.errorAt)})` : ''}` : 'none'],
        ]}
      />
    </section>
  );
}

/**
 * Automatic deposits on the deposits page: the chain watcher's panel and the latest transfers to
 * players' own addresses with their chain facts. They are credited by the watcher, not approved here.
 */
export function ChainPanel() {
  const { data, isLoading, error } = useAdminChain();
  if (data && !data.watcher.enabled) {
    return (
      <section className="admin-stack" aria-label="On-chain deposits">
        <div className="admin-toolbar">
          <h2>Automatic deposits</h2>
        </div>
        <p className="admin-muted">{chainAdminText.off}</p>
      </section>
    );
  }
  return (
    <section className="admin-stack" aria-label="On-chain deposits">
      <div className="admin-toolbar">
        <h2>
          Automatic deposits <span className="admin-count">{data ? formatNumber(data.deposits.length) : ''}</span>
        </h2>
      </div>
      {data?.watcher.confirmations ? (
        <p className="admin-muted">{chainAdminText.explainer(data.watcher.confirmations)}</p>
      ) : null}
      {data?.watcher.lastError ? <Alert kind="error">{`Chain watcher: ${data.watcher.lastError}`}</Alert> : null}
      {data ? <WatcherFacts watcher={data.watcher} /> : null}
      <DataTable
        label="Automatic deposits"
        columns={columns}
        rows={data?.deposits ?? []}
        rowKey={(d) => d.id}
        loading={isLoading}
        error={error}
        emptyText={chainAdminText.noDeposits}
      />
    </section>
  );
}
