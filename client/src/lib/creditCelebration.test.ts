import { describe, expect, it } from 'vitest';
import type { TransactionDto } from '@gogo/shared/api';
import { creditEventsFromHistory, detectNewCredits } from './creditCelebration';

const row = (patch: Partial<TransactionDto>, dice: number | null = null): TransactionDto =>
  ({
    _id: '1',
    source: 'request',
    type: 'deposit',
    amount: 25,
    currency: 'USDT',
    status: 'approved',
    metadata: { diceRollsCount: dice },
    ...patch,
  }) as TransactionDto;

describe('creditEventsFromHistory', () => {
  it('keeps approved deposits and purchases with the dice credited; not pending, rejected nor ledger rows', () => {
    const events = creditEventsFromHistory([
      row({ _id: '9', type: 'purchase' }, 50),
      row({ _id: '8' }, 250),
      row({ _id: '7', status: 'pending' }, 100),
      row({ _id: '6', status: 'rejected' }, 100),
      row({ _id: '5', type: 'withdrawal', status: 'completed' }),
      row({ _id: 'L4', source: 'ledger', type: 'reward', currency: 'GOGO', status: 'completed' }),
    ]);
    expect(events).toEqual([
      { id: '9', dice: 50, gogo: 0 },
      { id: '8', dice: 250, gogo: 0 },
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
