// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChainDeposit } from '@gogo/shared/api';
import { chainText } from '@gogo/shared/messages';
import { applyRealtimeMessage } from '../../../lib/realtime/cache';
import { profileKeys } from '../api/keys';
import { AutomaticDeposit } from './AutomaticDeposit';

// The QR code and copy button are the receive panel's own business (tested with it).
vi.mock('./ReceivePanel', () => ({ ReceivePanel: () => null }));

afterEach(cleanup);

const at = '2026-01-15T12:00:00.000Z';
const deposit = (over: Partial<ChainDeposit>): ChainDeposit => ({
  id: 1,
  coin: 'ETH',
  amount: '0.01',
  txHash: `0x${'ab'.repeat(32)}`,
  logIndex: -1,
  fromAddress: '0x52908400098527886e0f7030069857d2e4169ee7',
  toAddress: '0x8ba1f109551bd432803012645ac136ddd64dba72',
  blockNumber: 100,
  confirmations: 1,
  requiredConfirmations: 12,
  status: 'seen',
  transactionId: null,
  seenAt: at,
  ...over,
});

describe('AutomaticDeposit', () => {
  it("follows the socket's chain pushes: seen, 1 of 12, then 11 of 12, then credited", async () => {
    // The cache is filled by pushes only: no request goes out in this test.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(profileKeys.chainDeposits, { deposits: [] });
    const info = {
      address: '0x8ba1f109551bd432803012645ac136ddd64dba72',
      chainId: 1,
      confirmations: 12,
      tokenAddress: null,
    };
    render(
      <QueryClientProvider client={client}>
        <AutomaticDeposit crypto="ETH" info={info} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(chainText.automaticDepositHint(12))).toBeTruthy();
    expect(screen.queryByTestId('chain-deposit')).toBeNull();
    // The cache tells its observers asynchronously (react-query's notify manager): wait for the text.
    const shows = async (d: ChainDeposit, text: string) => {
      act(() => applyRealtimeMessage(client, { type: 'chain', data: { deposits: [d] }, at }));
      await waitFor(() => expect(screen.getByTestId('chain-deposit').textContent).toBe(text));
    };
    await shows(deposit({}), '0.01 ETH Seen, 1 of 12 confirmations');
    await shows(deposit({ confirmations: 11 }), '0.01 ETH Seen, 11 of 12 confirmations');
    await shows(deposit({ confirmations: 12, status: 'credited', transactionId: 9 }), '0.01 ETH Credited');
  });
});
