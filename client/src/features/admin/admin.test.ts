// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { errorText } from '@gogo/shared/messages';
import { AUDIT_ACTIONS, TRANSACTION_STATUSES, TRANSACTION_TYPES, type AdminTransaction } from '@gogo/shared/api';
import { ApiError } from '../../lib/api/errors';
import { csvField, toCsv, transactionsCsv, TRANSACTION_CSV_HEADER } from './csv';
import { AUDIT_ACTION_NAMES, defaultDiceRolls, generatePassword, humanize, TX_STATUSES, TX_TYPES } from './format';
import { adminErrorText } from './api/http';
import { niceScale } from './components/charts';
import { describeChange } from './components/AuditTab';

describe('CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    [null, ''],
    [undefined, ''],
    [-5, '-5'],
    [0.5, '0.5'],
  ])('field %j is written as %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('writes one line per transaction with the header order', () => {
    const tx = {
      _id: '7',
      transactionId: 7,
      source: 'request',
      type: 'withdrawal',
      amount: 300,
      formattedAmount: '300 GOGO',
      status: 'rejected',
      age: '1m',
      timestamp: 0,
      createdAt: '2026-01-15T12:00:00.000Z',
      description: 'Withdrawal of 300 GOGO to a SOL address',
      currency: 'GOGO',
      userId: { id: 3, username: 'dave', email: 'dave@example.com' },
      metadata: {
        cryptoType: 'SOL',
        cryptoAddress: 'So1',
        reference: null,
        note: null,
        transactionHash: null,
        diceRollsCount: null,
        adminNote: null,
        reason: 'Wrong address, sorry',
      },
      userMissing: false,
      usdValue: null,
      cryptoAmount: null,
      suggestedDiceRolls: null,
      diceRollsCredited: null,
      gogoCredited: null,
      reviewedBy: { id: 1, username: 'ops' },
      reviewedAt: '2026-01-15T12:05:00.000Z',
    } satisfies AdminTransaction;
    const lines = transactionsCsv([tx]).trimEnd().split('\r\n');
    expect(lines[0]).toBe(TRANSACTION_CSV_HEADER.join(','));
    const cells = lines[1]!.split(',');
    expect(cells.length).toBe(TRANSACTION_CSV_HEADER.length + 1); // the reason holds one quoted comma
    expect(lines[1]).toContain('"Wrong address, sorry"');
    expect(
      lines[1]!.startsWith('7,2026-01-15T12:00:00.000Z,3,dave,dave@example.com,withdrawal,rejected,300,GOGO'),
    ).toBe(true);
    expect(lines[1]!.endsWith(',ops,2026-01-15T12:05:00.000Z')).toBe(true);
  });
});

describe('format', () => {
  it('prefills dice rolls as USD x 10, or the rolls a purchase asked for', () => {
    expect(defaultDiceRolls(null, 30)).toBe('300');
    expect(defaultDiceRolls(null, 12.34)).toBe('123');
    expect(defaultDiceRolls(null, 0.1 + 0.2)).toBe('3');
    expect(defaultDiceRolls(50, 5)).toBe('50');
    expect(defaultDiceRolls(null, null)).toBe('');
  });

  it('generates 14-character passwords with letters and digits from the random source', () => {
    const pw = generatePassword((n) => Uint32Array.from({ length: n }, (_, i) => i * 7));
    expect(pw).toHaveLength(14);
    expect(pw).toMatch(/[A-Za-z]/);
    expect(pw).toMatch(/\d/);
    expect(generatePassword()).not.toBe(generatePassword());
  });

  it('humanizes keys', () => {
    expect(humanize('approve_deposit')).toBe('Approve deposit');
  });
});

describe('admin calls', () => {
  it("shows the server's message, the action's fallback, or 'Network error occurred'", () => {
    const fallback = errorText.approveDepositFailed;
    expect(
      adminErrorText(new ApiError('This transaction has already been processed.', 409, 'ALREADY_PROCESSED'), fallback),
    ).toBe('This transaction has already been processed.');
    expect(adminErrorText(new ApiError('', 500, null), fallback)).toBe(fallback);
    expect(adminErrorText(new ApiError('x', null, null, undefined, 'network'), fallback)).toBe(
      'Network error occurred',
    );
    expect(adminErrorText(new ApiError('x', null, null, undefined, 'timeout'), fallback)).toBe(
      'Network error occurred',
    );
    expect(adminErrorText(new Error('boom'), fallback)).toBe(fallback);
  });
});

describe('charts and audit', () => {
  it.each([
    [0, 1],
    [1, 1],
    [7, 8],
    [20, 20],
    [1744, 2000],
  ])('a max of %d scales to %d with round ticks', (max, top) => {
    const scale = niceScale(max);
    expect(scale.top).toBe(top);
    expect(scale.ticks[0]).toBe(0);
    expect(scale.ticks.at(-1)).toBe(top);
    const steps = scale.ticks.slice(1).map((t, i) => t - scale.ticks[i]!);
    expect(new Set(steps).size).toBe(1);
  });

  it('describes what an audit entry changed', () => {
    expect(
      describeChange({
        before: { status: 'pending', balance: 0, same: 1 },
        after: { status: 'approved', balance: 25, same: 1, note: 'x', gone: null },
      }),
    ).toBe('status: pending → approved, balance: 0 → 25, note: x');
    expect(describeChange({ before: null, after: null })).toBe('—');
  });
});

// The back office keeps its own copies of these lists so that its chunk carries no TypeBox schema;
// they must name everything the server can answer (an audit action missing here cannot be filtered).
describe('filter lists', () => {
  it('name every audit action, transaction type and status the contract has', () => {
    expect([...AUDIT_ACTION_NAMES].sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect([...TX_TYPES].sort()).toEqual([...TRANSACTION_TYPES].sort());
    expect([...TX_STATUSES].sort()).toEqual([...TRANSACTION_STATUSES].sort());
  });
});
