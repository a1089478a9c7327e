import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  EventPrizePush,
  GameStateDto,
  OvertakePush,
  PlayerEventDto,
  SocketPushData,
  SocketPushKind,
  SocketPushMessage,
  TransactionDto,
  TransactionsPage,
  WsServerMessage,
} from '@gogo/shared/api';
import * as adminMoney from '@gogo/shared/api/endpoints/admin-money';
import * as adminReports from '@gogo/shared/api/endpoints/admin-reports';
import * as adminUsers from '@gogo/shared/api/endpoints/admin-users';
import * as credits from '@gogo/shared/api/endpoints/credits';
import * as wallet from '@gogo/shared/api/endpoints/wallet';
import * as challenges from '@gogo/shared/api/endpoints/challenges';
import * as daily from '@gogo/shared/api/endpoints/daily';
import * as events from '@gogo/shared/api/endpoints/events';
import * as friends from '@gogo/shared/api/endpoints/friends';
import * as game from '@gogo/shared/api/endpoints/game';
import * as publicSite from '@gogo/shared/api/endpoints/public';
import * as stats from '@gogo/shared/api/endpoints/stats';
import { queryKeys } from '../api/keys';
import { realtimeKeys } from './queries';

// The keys of the reads a push changes, from the one factory and the entries themselves: this module
// is in the main chunk, so it imports no feature's key list (each would bring its entries along).
const keys = {
  state: queryKeys.of(game.gameState),
  diceBalance: queryKeys.of(game.diceBalance),
  dailyDice: queryKeys.of(daily.dailyDiceStatus),
  leaderboard: queryKeys.of(stats.leaderboard),
  publicStats: queryKeys.of(publicSite.publicStats),
  balance: queryKeys.of(credits.creditsBalance),
  transactions: queryKeys.of(credits.transactions),
  chainDeposits: queryKeys.of(wallet.chainDeposits),
  /** Friend lists and requests of any player id (the keys without params name them all). */
  friends: [queryKeys.of(friends.friendList), queryKeys.of(friends.friendRequests)],
  pendingDeposits: queryKeys.of(adminMoney.pendingDeposits),
  pendingWithdrawals: queryKeys.of(adminMoney.pendingWithdrawals),
  allTransactions: queryKeys.of(adminMoney.allTransactions),
  userDetail: queryKeys.of(adminUsers.userDetail),
  summary: queryKeys.of(adminReports.summary),
  events: queryKeys.of(events.listEvents),
  eventBoards: queryKeys.of(events.eventLeaderboard),
  challenges: queryKeys.of(challenges.listChallenges),
  race: queryKeys.of(challenges.friendsRace),
};

/** The socket's latest word for the events hub: a prize won or a friend passing the player. */
export type EventNotice = (({ kind: 'prize' } & EventPrizePush) | ({ kind: 'overtake' } & OvertakePush)) & {
  seq: number;
};
export const eventNoticeKey = ['events', 'notice'] as const;
let noticeSeq = 0;

/** Replaces the history row with the same id in the cached pages; false when it is not there. */
function patchHistory(client: QueryClient, row: TransactionDto): boolean {
  let found = false;
  client.setQueryData<InfiniteData<TransactionsPage>>(keys.transactions, (old) => {
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

/** How the cache takes one push kind: the payload and the query client. */
export type PushHandler<K extends SocketPushKind> = (client: QueryClient, data: SocketPushData<K>) => void;

/**
 * Every push kind the socket declares (shared/src/api/socket-pushes.ts), and what it does to the
 * react-query cache, by the query keys the pages already use: the pushed data where it is the query's
 * whole answer (game state, admin summary, achievements feed), otherwise an invalidation, which
 * refetches only the queries on screen. The record is total: a kind declared there and missing here
 * does not compile.
 */
export const pushHandlers: { [K in SocketPushKind]: PushHandler<K> } = {
  state: (client, next) => {
    // A state read before this tab's own roll must not undo the roll's answer.
    client.setQueryData<GameStateDto>(keys.state, (old) => (old && next.totalRolls < old.totalRolls ? old : next));
    // A state read that left before this change (an upgrade, a purchase: totalRolls unchanged) would
    // land after it and undo it: read it again, after the change.
    if (client.isFetching({ queryKey: [...keys.state] }) > 0) invalidate(client, keys.state);
    invalidate(client, keys.diceBalance);
    invalidate(client, keys.dailyDice);
    invalidate(client, keys.balance);
    invalidate(client, keys.transactions); // a credit or refund adds a ledger row
    invalidate(client, keys.challenges); // a claim or the daily dice moves a challenge
  },
  transaction: (client, data) => {
    const patched = patchHistory(client, data.transaction);
    // A read of the history that left before this change would land after the patch and undo it
    // (seen: a rejection showing 'pending' until the next poll): read it again, after the change.
    if (!patched || client.isFetching({ queryKey: [...keys.transactions] }) > 0) invalidate(client, keys.transactions);
    invalidate(client, keys.balance); // pending withdrawals are part of the balance card
  },
  // The player's on-chain deposits as the server sees them now ("seen, 1 of 12", credited).
  chain: (client, data) => void client.setQueryData(keys.chainDeposits, data),
  friend: (client) => {
    for (const key of keys.friends) invalidate(client, key);
  },
  leaderboard: (client) => {
    invalidate(client, keys.leaderboard);
    invalidate(client, keys.publicStats);
  },
  achievement: (client, data) => void client.setQueryData(realtimeKeys.achievements, data.achievements),
  eventRank: (client, { eventId, rank, score, entrants }) => {
    client.setQueryData<PlayerEventDto[]>(keys.events, (old) =>
      old?.map((e) => (e.id === eventId ? { ...e, myRank: rank, myScore: score, entrants } : e)),
    );
    invalidate(client, keys.eventBoards);
  },
  eventPrize: (client, data) => {
    client.setQueryData(eventNoticeKey, { kind: 'prize', ...data, seq: ++noticeSeq });
    invalidate(client, keys.events);
  },
  overtake: (client, data) => {
    client.setQueryData(eventNoticeKey, { kind: 'overtake', ...data, seq: ++noticeSeq });
    invalidate(client, keys.race);
  },
  queue: (client, data) => {
    invalidate(client, data.kind === 'deposit' ? keys.pendingDeposits : keys.pendingWithdrawals);
    invalidate(client, keys.allTransactions);
    invalidate(client, keys.userDetail);
  },
  summary: (client, data) => void client.setQueryData(keys.summary, data),
  // Events may have been missed: everything on screen reads again.
  resync: (client) => void client.invalidateQueries(),
};

const isPush = (message: WsServerMessage): message is SocketPushMessage => Object.hasOwn(pushHandlers, message.type);

/**
 * Writes one server message into the react-query cache through its kind's handler; the socket's own
 * messages (ready, pong, error) and kinds of a newer server this tab does not know change nothing.
 */
export function applyRealtimeMessage(client: QueryClient, message: WsServerMessage): void {
  if (!isPush(message)) return;
  (pushHandlers[message.type] as PushHandler<typeof message.type>)(client, message.data);
}
