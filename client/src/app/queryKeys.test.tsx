// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import * as friends from '@gogo/shared/api/endpoints/friends';
import * as game from '@gogo/shared/api/endpoints/game';
import { queryKeys } from '../lib/api/keys';
import { profileKeys } from '../features/profile/api/keys';
import { useWithdrawalRequest } from '../features/profile/api/withdrawalRequest';
import { gameKeys } from '../features/game/api/keys';
import { useRotateSeed } from '../features/game/api/fairness';

function stubFetch(data: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data }), { status: 200 })),
  );
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}
const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('queryKeys', () => {
  it('keys a read by its group, path, params and query; a key without them names them all', () => {
    expect(queryKeys.of(game.gameState)).toEqual(['game-state', '/api/game-state/state']);
    expect(queryKeys.of(friends.friendList, { params: { id: 7 } })).toEqual([
      'user',
      '/api/user/friends/:id',
      { id: 7 },
    ]);
    const client = new QueryClient();
    client.setQueryData(queryKeys.of(friends.friendList, { params: { id: 7 } }), { friends: [] });
    client.setQueryData(queryKeys.of(friends.friendList, { params: { id: 8 } }), { friends: [] });
    expect(client.getQueryCache().findAll({ queryKey: queryKeys.of(friends.friendList) })).toHaveLength(2);
  });
});

describe('mutations invalidate exactly the reads they change', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a withdrawal request: the balance and the history, not the deposit address or prices', async () => {
    const { client, wrapper } = setup();
    for (const key of [profileKeys.balance, profileKeys.transactions, profileKeys.depositInfo, profileKeys.prices]) {
      client.setQueryData(key, {});
    }
    stubFetch({ withdrawal: {} });
    const { result } = renderHook(() => useWithdrawalRequest(), { wrapper });
    await act(() => result.current.mutateAsync({ amount: 100, currency: 'USDT', address: '0xabc' } as never));
    expect(invalidated(client, profileKeys.balance)).toBe(true);
    expect(invalidated(client, profileKeys.transactions)).toBe(true);
    expect(invalidated(client, profileKeys.depositInfo)).toBe(false);
    expect(invalidated(client, profileKeys.prices)).toBe(false);
  });

  it('a seed rotation: writes the new status, reloads every list of rolls, leaves the game state', async () => {
    const { client, wrapper } = setup();
    client.setQueryData(gameKeys.fairnessRolls(10), { rolls: [] });
    client.setQueryData(gameKeys.fairnessRolls(50), { rolls: [] });
    client.setQueryData(gameKeys.state(), {});
    const current = { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 };
    stubFetch({ revealed: {}, current });
    const { result } = renderHook(() => useRotateSeed(), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(client.getQueryData(gameKeys.fairness())).toEqual(current);
    expect(invalidated(client, gameKeys.fairnessRolls(10))).toBe(true);
    expect(invalidated(client, gameKeys.fairnessRolls(50))).toBe(true);
    expect(invalidated(client, gameKeys.state())).toBe(false);
  });
});
