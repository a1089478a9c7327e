import { describe, expect, it } from 'vitest';
import type { TransactionDto } from '@gogo/shared/api';
import { creditEventsFromHistory, creditMemory, detectNewCredits, noticeCredits } from './creditCelebration';

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

describe('noticeCredits: one rule for the game (a count) and the profile (requests)', () => {
  const total = (dicePurchased: number) => ({ kind: 'total', dicePurchased }) as const;
  const requests = (...events: { id: string; dice: number; gogo: number }[]) => ({ kind: 'requests', events }) as const;
  const deposit = { id: 'R1', dice: 250, gogo: 0 };

  it('the game: the first count is a baseline; a growth is what arrived; the same or a lower count is not', () => {
    const first = noticeCredits(null, total(10));
    expect(first.fresh).toBeNull();
    const grown = noticeCredits(first.memory, total(260));
    expect(grown.fresh).toEqual({ dice: 250, gogo: 0 });
    expect(noticeCredits(grown.memory, total(260)).fresh).toBeNull();
    expect(noticeCredits(grown.memory, total(200)).fresh).toBeNull();
  });

  it('the profile: a first look remembers; a request seen later is celebrated once', () => {
    const first = noticeCredits(null, requests());
    expect(first.fresh).toBeNull();
    const later = noticeCredits(first.memory, requests(deposit));
    expect(later.fresh).toEqual({ dice: 250, gogo: 0 });
    expect(noticeCredits(later.memory, requests(deposit)).fresh).toBeNull();
  });

  it('celebrated by the game first: the profile does not celebrate the same dice again', () => {
    let memory = noticeCredits(noticeCredits(null, requests()).memory, total(10)).memory;
    const game = noticeCredits(memory, total(260));
    expect(game.fresh).toEqual({ dice: 250, gogo: 0 });
    memory = game.memory;
    const profile = noticeCredits(memory, requests(deposit));
    expect(profile.fresh).toBeNull();
    // The next approval is celebrated again.
    const next = noticeCredits(profile.memory, requests({ id: 'R2', dice: 50, gogo: 0 }, deposit));
    expect(next.fresh).toEqual({ dice: 50, gogo: 0 });
  });

  it('celebrated by the profile first: the game does not celebrate the same dice again', () => {
    const memory = noticeCredits(noticeCredits(null, requests()).memory, total(10)).memory;
    const profile = noticeCredits(memory, requests(deposit));
    expect(profile.fresh).toEqual({ dice: 250, gogo: 0 });
    expect(noticeCredits(profile.memory, total(260)).fresh).toBeNull();
    expect(noticeCredits(profile.memory, total(310)).fresh).toEqual({ dice: 50, gogo: 0 });
  });

  it('a first look at the history matches whatever the game celebrated before', () => {
    const game = noticeCredits(noticeCredits(null, total(10)).memory, total(260));
    const firstLook = noticeCredits(game.memory, requests(deposit));
    expect(firstLook.fresh).toBeNull();
    expect(firstLook.memory.unmatchedDice).toBe(0);
    expect(noticeCredits(firstLook.memory, requests({ id: 'R2', dice: 50, gogo: 0 }, deposit)).fresh).toEqual({
      dice: 50,
      gogo: 0,
    });
  });

  it('reads the first stored format (a bare id list) and ignores anything else', () => {
    expect(creditMemory(['R1'])).toEqual({ ids: ['R1'], dicePurchased: null, unmatchedDice: 0 });
    expect(creditMemory('garbage')).toBeNull();
    expect(noticeCredits(creditMemory(['R1']), requests(deposit)).fresh).toBeNull();
  });
});
