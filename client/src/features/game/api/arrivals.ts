import * as credits from '@gogo/shared/api/endpoints/credits';
import { call } from '../../../lib/api/call';
import type { ArrivalSource } from '../outcome';

/**
 * What paid for dice that just arrived: the newest approved deposit or dice purchase in the player's
 * history (deposits name their amount, e.g. '0.01 ETH'). Null when the history shows none.
 */
export async function latestArrivalSource(): Promise<ArrivalSource | null> {
  const { transactions } = await call(credits.transactions, { query: { limit: 20 } });
  const row = transactions.find(
    (t) => t.source === 'request' && t.status === 'approved' && (t.type === 'deposit' || t.type === 'purchase'),
  );
  if (!row) return null;
  return { type: row.type === 'deposit' ? 'deposit' : 'purchase', paid: row.formattedAmount };
}
