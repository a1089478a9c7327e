import { historyText, walletText } from '@gogo/shared/messages';
import type { TransactionDto } from '@gogo/shared/api';
import { Alert } from '../../../components/Alert';
import { CopyButton } from '../../../components/CopyButton';
import { messageForError } from '../../../lib/api/errors';
import { useTransactions } from '../api/transactions';
import { ageOrDate } from '../format';
import './HistoryTab.css';

const typeLabel: Record<TransactionDto['type'], string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  reward: 'Reward',
  penalty: 'Penalty',
  jackpot: 'Jackpot',
  purchase: 'Purchase',
  refund: 'Refund',
  upgrade: 'Upgrade',
  prize: 'Event prize',
};

const amountTone = (t: TransactionDto) => {
  if (t.source === 'request') return '';
  return t.amount < 0 ? ' history-row__amount--out' : ' history-row__amount--in';
};

/** Transaction history: requests and game movements, newest first, 50 at a time. */
export function HistoryTab() {
  const query = useTransactions();
  const now = Date.now();
  if (query.isPending) return <p className="account-empty">{historyText.loading}</p>;
  if (query.isError) {
    return <Alert kind="error">{messageForError(query.error)}</Alert>;
  }
  const rows = query.data.pages.flatMap((p) => p.transactions);
  if (rows.length === 0) return <p className="account-empty">{historyText.empty}</p>;
  return (
    <div className="account-section">
      <h2 className="visually-hidden">Transaction History</h2>
      <ul className="history" aria-label="Transactions">
        {rows.map((t) => (
          <li key={t._id} className="history-row" data-testid="history-row">
            <div className="history-row__main">
              <span className={`history-type history-type--${t.type}`}>{typeLabel[t.type]}</span>
              <span className="history-row__description">{t.description}</span>
              {t.status === 'rejected' && t.metadata.reason ? (
                <span className="history-row__reason" data-testid="rejection-reason">
                  {walletText.rejectionReason(t.metadata.reason)}
                </span>
              ) : null}
            </div>
            <strong className={`history-row__amount${amountTone(t)}`}>{t.formattedAmount}</strong>
            <span className={`status-badge status-badge--${t.status}`}>{t.status}</span>
            <span className="history-row__id">
              <span className="history-row__id-label">ID</span> <code>{t._id}</code>
              <CopyButton value={t._id} label={`Copy transaction id ${t._id}`} />
            </span>
            <time className="history-row__time" dateTime={t.createdAt} title={new Date(t.createdAt).toLocaleString()}>
              {ageOrDate(t.age, t.timestamp, now)}
            </time>
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <button
          type="button"
          className="button button--ghost button--block"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? historyText.loading : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
