import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { GameStateDto, TransactionDto, TransactionsPage, WsServerMessage } from '@gogo/shared/api';
import { adminKeys } from '../features/admin/api/keys';
import { gameKeys } from '../features/game/api/keys';
import { profileKeys } from '../features/profile/api/keys';
import { realtimeKeys } from '../lib/realtime/queries';

/** The landing's balance query holds the whole game state (it selects the balance). */
const LANDING_BALANCE_KEY = ['game-state', 'balance'] as const;
/** Friend lists and requests of any player id (friendKeys.friends(id) / requests(id)). */
const FRIEND_KEYS = [
  ['user', 'friends'],
  ['user', 'friend-requests'],
] as const;

/** Replaces the history row with the same id in the cached pages; false when it is not there. */
function patchHistory(client: QueryClient, row: TransactionDto): boolean {
  let found = false;
  client.setQueryData<InfiniteData<TransactionsPage>>(profileKeys.transactions, (old) => {
    if (!old) return old;
    const pages = old.pages.map((page) => ({
      ...page,
      transactions: page.transactions.map((t) => {
        if (t._id !== row._id) return t;
        found = true;
        return row;
      }),
    }));
    return found ? { ...old, pages } : old;
  });
  return found;
}

const invalidate = (client: QueryClient, queryKey: readonly unknown[]) =>
  void client.invalidateQueries({ queryKey: [...queryKey] });

/**
 * Writes one server push into the react-query cache, by the query keys the pages already use: the
 * pushed data where it is the query's whole answer (game state, admin summary, achievements feed),
 * otherwise an invalidation, which refetches only the queries on screen.
 */
export function applyRealtimeMessage(client: QueryClient, message: WsServerMessage): void {
  switch (message.type) {
    case 'state': {
      const next = message.data;
      // A state read before this tab's own roll must not undo the roll's answer.
      client.setQueryData<GameStateDto>(gameKeys.state(), (old) =>
        old && next.totalRolls < old.totalRolls ? old : next,
      );
      client.setQueryData<GameStateDto>(LANDING_BALANCE_KEY, (old) => (old === undefined ? old : next));
      invalidate(client, gameKeys.diceBalance());
      invalidate(client, gameKeys.dailyDice());
      invalidate(client, profileKeys.balance);
      invalidate(client, profileKeys.transactions); // a credit or refund adds a ledger row
      return;
    }
    case 'transaction':
      if (!patchHistory(client, message.data.transaction)) invalidate(client, profileKeys.transactions);
      invalidate(client, profileKeys.balance); // pending withdrawals are part of the balance card
      return;
    case 'friend':
      for (const key of FRIEND_KEYS) invalidate(client, key);
      return;
    case 'leaderboard':
      invalidate(client, [...gameKeys.all, 'leaderboard']);
      invalidate(client, ['public', 'stats']);
      return;
    case 'achievement':
      client.setQueryData(realtimeKeys.achievements, message.data.achievements);
      return;
    case 'queue':
      invalidate(client, message.data.kind === 'deposit' ? adminKeys.pendingDeposits : adminKeys.pendingWithdrawals);
      invalidate(client, ['admin', 'all-transactions']);
      invalidate(client, ['admin', 'user']);
      return;
    case 'summary':
      client.setQueryData(adminKeys.summary, message.data);
      return;
    case 'resync':
      // Events may have been missed: everything on screen reads again.
      void client.invalidateQueries();
      return;
    default:
      return;
  }
}
