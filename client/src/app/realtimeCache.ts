import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { GameStateDto, TransactionDto, TransactionsPage, WsServerMessage } from '@gogo/shared/api';
import * as adminMoney from '@gogo/shared/api/endpoints/admin-money';
import * as adminUsers from '@gogo/shared/api/endpoints/admin-users';
import * as friends from '@gogo/shared/api/endpoints/friends';
import * as publicSite from '@gogo/shared/api/endpoints/public';
import { adminKeys } from '../features/admin/api/keys';
import { gameKeys } from '../features/game/api/keys';
import { profileKeys } from '../features/profile/api/keys';
import { queryKeys } from '../lib/api/keys';
import { realtimeKeys } from '../lib/realtime/queries';

/** Friend lists and requests of any player id (the keys without params name them all). */
const FRIEND_KEYS = [queryKeys.of(friends.friendList), queryKeys.of(friends.friendRequests)];

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
      invalidate(client, gameKeys.leaderboard());
      invalidate(client, queryKeys.of(publicSite.publicStats));
      return;
    case 'achievement':
      client.setQueryData(realtimeKeys.achievements, message.data.achievements);
      return;
    case 'queue':
      invalidate(client, message.data.kind === 'deposit' ? adminKeys.pendingDeposits : adminKeys.pendingWithdrawals);
      invalidate(client, queryKeys.of(adminMoney.allTransactions));
      invalidate(client, queryKeys.of(adminUsers.userDetail));
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
