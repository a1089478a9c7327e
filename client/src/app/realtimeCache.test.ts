// @vitest-environment jsdom
import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { GameStateDto, WsServerMessage } from '@gogo/shared/api';
import { adminKeys } from '../features/admin/api/keys';
import { gameKeys } from '../features/game/api/keys';
import { profileKeys } from '../features/profile/api/keys';
import { applyRealtimeMessage } from '../lib/realtime/cache';

const at = '2026-01-15T12:00:00.000Z';
const state = (over: Partial<GameStateDto>) =>
  ({ balance: 0, diceRollsRemaining: 0, totalRolls: 0, ...over }) as GameStateDto;

describe('realtime pushes into the query cache', () => {
  it('a pushed state replaces the cached one, never with one older than the last roll', () => {
    const client = new QueryClient();
    client.setQueryData(gameKeys.state(), state({ diceRollsRemaining: 3, totalRolls: 7 }));
    applyRealtimeMessage(client, { type: 'state', data: state({ diceRollsRemaining: 28, totalRolls: 7 }), at });
    expect(client.getQueryData<GameStateDto>(gameKeys.state())?.diceRollsRemaining).toBe(28);
    applyRealtimeMessage(client, { type: 'state', data: state({ diceRollsRemaining: 99, totalRolls: 6 }), at });
    expect(client.getQueryData<GameStateDto>(gameKeys.state())?.diceRollsRemaining).toBe(28);
  });

  it('a pushed history row replaces its cached row; the summary is set; a queue change refetches the queue', async () => {
    const client = new QueryClient();
    const row = { _id: '7', status: 'pending', amount: 1 };
    client.setQueryData(profileKeys.transactions, {
      pages: [{ transactions: [row], hasMore: false }],
      pageParams: [0],
    });
    applyRealtimeMessage(client, {
      type: 'transaction',
      data: { transaction: { ...row, status: 'approved' } },
      at,
    } as WsServerMessage);
    const cached = client.getQueryData<{ pages: Array<{ transactions: Array<{ status: string }> }> }>(
      profileKeys.transactions,
    );
    expect(cached?.pages[0]?.transactions[0]?.status).toBe('approved');

    applyRealtimeMessage(client, { type: 'summary', data: { pendingDeposits: 4 }, at } as WsServerMessage);
    expect(client.getQueryData(adminKeys.summary)).toEqual({ pendingDeposits: 4 });

    client.setQueryData(adminKeys.pendingDeposits, { deposits: [] });
    applyRealtimeMessage(client, {
      type: 'queue',
      data: { kind: 'deposit', transactionId: 7, status: 'approved' },
      at,
    });
    expect(client.getQueryState(adminKeys.pendingDeposits)?.isInvalidated).toBe(true);
    client.setQueryData(adminKeys.pendingWithdrawals, { withdrawals: [] });
    expect(client.getQueryState(adminKeys.pendingWithdrawals)?.isInvalidated).toBe(false);
  });

  it('a history read that left before a pushed change cannot undo it: the history is read again', async () => {
    const client = new QueryClient();
    const row = { _id: '9', status: 'pending', amount: 30 };
    const page = (status: string) => ({ transactions: [{ ...row, status }], hasMore: false });
    let server = 'pending';
    let releaseStale: () => void = () => undefined;
    const reads: string[] = [];
    // The history on screen: an observed query (the app's invalidations refetch observed queries).
    const observer = new InfiniteQueryObserver(client, {
      queryKey: profileKeys.transactions,
      initialPageParam: 0,
      getNextPageParam: () => undefined,
      queryFn: async () => {
        const answer = page(server);
        reads.push(answer.transactions[0]!.status);
        // The second read is slow: it answers what the server had when it left.
        if (reads.length === 2) await new Promise<void>((resolve) => (releaseStale = resolve));
        return answer;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    // Another push (an approval's new state) has the history read again; the read is on its way ...
    void client.invalidateQueries({ queryKey: [...profileKeys.transactions] });
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    // ... when the request is rejected and its row pushed.
    server = 'rejected';
    applyRealtimeMessage(client, {
      type: 'transaction',
      data: { transaction: { ...row, status: 'rejected' } },
      at,
    } as WsServerMessage);
    releaseStale();
    await vi.waitFor(() => {
      const cached = client.getQueryData<{ pages: Array<{ transactions: Array<{ status: string }> }> }>(
        profileKeys.transactions,
      );
      expect(cached?.pages[0]?.transactions[0]?.status).toBe('rejected');
    });
    expect(reads).toEqual(['pending', 'pending', 'rejected']);
    unsubscribe();
  });
  it('a state read that left before a pushed change cannot undo it: the state is read again', async () => {
    const client = new QueryClient();
    let level = 1;
    let releaseStale: () => void = () => undefined;
    const reads: number[] = [];
    const stateAt = (lvl: number) => state({ totalRolls: 5, balance: lvl * 100 });
    // The board on screen: an observed state query.
    const observer = new QueryObserver(client, {
      queryKey: gameKeys.state(),
      queryFn: async () => {
        const answer = stateAt(level);
        reads.push(level);
        // The second read is slow: it answers what the server had when it left.
        if (reads.length === 2) await new Promise<void>((resolve) => (releaseStale = resolve));
        return answer;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    void client.invalidateQueries({ queryKey: [...gameKeys.state()] });
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    // An upgrade in another tab: same number of rolls, a new state pushed.
    level = 2;
    applyRealtimeMessage(client, { type: 'state', data: stateAt(2), at });
    releaseStale();
    await vi.waitFor(() => expect(reads).toEqual([1, 1, 2]));
    await vi.waitFor(() => expect(client.getQueryData<GameStateDto>(gameKeys.state())?.balance).toBe(200));
    unsubscribe();
  });
});
