import { describe, expect, it } from 'vitest';
import type { TransactionDto } from '@gogo/shared/api';
import { creditEventsFromHistory, detectNewCredits } from './creditCelebration';

const row = (patch: Partial<TransactionDto>): TransactionDto =>
  ({
    _id: 'L1',
    source: 'ledger',
    type: 'deposit',
    amount: 250,
    currency: 'DICE',
    status: 'completed',
    ...patch,
  }) as TransactionDto;

describe('creditEventsFromHistory', () => {
  it('keeps positive deposit and purchase ledger rows, not the die spent by a roll nor requests', () => {
    const events = creditEventsFromHistory([
      row({ _id: 'L9', type: 'purchase', amount: -1 }), // a roll's die
      row({ _id: 'L8', type: 'purchase', amount: 50 }),
      row({ _id: 'L7', type: 'deposit', amount: 300, currency: 'GOGO' }),
      row({ _id: 'L6', type: 'reward', amount: 20, currency: 'GOGO' }),
      row({ _id: '5', source: 'request', type: 'deposit', amount: 25 }),
    ]);
    expect(events).toEqual([
      { id: 'L8', dice: 50, gogo: 0 },
      { id: 'L7', dice: 0, gogo: 300 },
    ]);
  });
});

describe('detectNewCredits', () => {
  const a = { id: 'L1', dice: 250, gogo: 0 };
  const b = { id: 'L2', dice: 0, gogo: 300 };
  const c = { id: 'L3', dice: 50, gogo: 0 };

  it('celebrates nothing on a first visit, only remembers', () => {
    expect(detectNewCredits(null, [a])).toEqual({ fresh: null, seen: ['L1'] });
  });

  it('celebrates the credits that appeared since, summed, once', () => {
    const first = detectNewCredits(['L1'], [b, c, a]);
    expect(first.fresh).toEqual({ dice: 50, gogo: 300 });
    expect(detectNewCredits(first.seen, [b, c, a]).fresh).toBeNull();
  });

  it('celebrates a credit seen after an empty history', () => {
    expect(detectNewCredits([], [a]).fresh).toEqual({ dice: 250, gogo: 0 });
  });
});
