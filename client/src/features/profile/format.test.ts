import { describe, expect, it } from 'vitest';
import { errorText } from '@gogo/shared/messages';
import { ApiError } from '../../lib/api/errors';
import { ageOrDate, depositErrorText, referralErrorText, withdrawalErrorText } from './format';

const server = (message: string, status = 400) => new ApiError(message, status, 'X');
const network = new ApiError(errorText.connection, null, null, undefined, 'network');
const timeout = new ApiError(errorText.timeout, null, null, undefined, 'timeout');

describe('money error texts', () => {
  it('deposit: the server message after a cross mark, the fallback, the network text', () => {
    expect(depositErrorText(server('Minimum deposit is $10 USD equivalent'))).toBe(
      '❌ Minimum deposit is $10 USD equivalent',
    );
    expect(depositErrorText(server(''))).toBe(`❌ ${errorText.depositFailed}`);
    expect(depositErrorText(new Error('boom'))).toBe(`❌ ${errorText.depositFailed}`);
    expect(depositErrorText(network)).toBe(errorText.depositNetwork);
    expect(depositErrorText(timeout)).toBe(errorText.depositNetwork);
  });

  it('withdrawal: the server message or the fallback', () => {
    expect(withdrawalErrorText(server('Withdrawal amount exceeds your GOGO balance.'))).toBe(
      'Withdrawal amount exceeds your GOGO balance.',
    );
    expect(withdrawalErrorText(network)).toBe(errorText.withdrawalFailed);
  });

  it('referral: the server message or the fallback', () => {
    expect(referralErrorText(server('Referral code not found.', 404))).toBe('Referral code not found.');
    expect(referralErrorText(undefined)).toBe(errorText.referralFailed);
  });
});

describe('history time', () => {
  const now = Date.UTC(2026, 0, 15);
  it('shows the age within a week, the date after', () => {
    expect(ageOrDate('5m', now - 300_000, now)).toBe('5m ago');
    expect(ageOrDate('6d', now - 6 * 86_400_000, now)).toBe('6d ago');
    expect(ageOrDate('8d', Date.UTC(2026, 0, 7, 12), now)).toBe('Jan 7, 2026');
  });
});
