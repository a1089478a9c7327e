import { describe, expect, it } from 'vitest';
import { moneyText, validationText as t, validationText } from '../src/messages/index.js';
import {
  normalizeEmail,
  parseAmount,
  validateCryptoAddress,
  validateCryptoType,
  validateDepositAmount,
  validateEmail,
  validatePassword,
  validateReferralCode,
  validateUsername,
  validateWithdrawalAmount,
} from '../src/validation.js';

describe('field rules', () => {
  it.each([
    ['', t.emailRequired],
    ['   ', t.emailRequired],
    ['plain', t.emailInvalid],
    ['a@b', t.emailInvalid],
    ['a b@c.de', t.emailInvalid],
    ['a@b.co', null],
    ['Alice.Smith+tag@Example.org', null],
  ])('email %j', (value, expected) => expect(validateEmail(value)).toBe(expected));

  it.each([
    ['', t.passwordRequired],
    ['abc1234', t.passwordTooShort],
    ['abcdefgh', t.passwordLettersAndDigits],
    ['12345678', t.passwordLettersAndDigits],
    ['abcd1234', null],
  ])('password %j', (value, expected) => expect(validatePassword(value)).toBe(expected));

  it.each([
    ['', t.usernameRequired],
    ['ab', t.usernameTooShort],
    ['abc', null],
    ['a'.repeat(20), null],
    ['a'.repeat(21), t.usernameTooLong],
    ['has space', t.usernameCharset],
    ['dash-ed', t.usernameCharset],
    ['under_score9', null],
  ])('username %j', (value, expected) => expect(validateUsername(value)).toBe(expected));

  it('normalises emails for case-insensitive uniqueness', () => {
    expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com');
  });
});

describe('money inputs', () => {
  it.each([
    [10, 10],
    ['10', 10],
    [' 0.5 ', 0.5],
    ['.5', 0.5],
    ['', Number.NaN],
    ['abc', Number.NaN],
    ['1e3', Number.NaN],
    ['-1', Number.NaN],
    [null, Number.NaN],
    [Number.POSITIVE_INFINITY, Number.NaN],
  ])('parseAmount(%j) is %d', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it.each([
    [0, 500, validationText.amountInvalid],
    [Number.NaN, 500, validationText.amountInvalid],
    [100.5, 500, moneyText.withdrawWholeGogo],
    [99, 500, moneyText.withdrawMinimum],
    [501, 500, validationText.withdrawExceedsBalance],
    [500, 500, null],
    [5000, null, null],
  ])('validateWithdrawalAmount(%d, balance %s)', (amount, balance, message) => {
    expect(validateWithdrawalAmount(amount, balance)).toBe(message);
  });

  it('deposit amounts, currencies, addresses and referral codes', () => {
    expect(validateDepositAmount(0, 'BTC')).toBe(validationText.amountInvalid);
    expect(validateDepositAmount(1.005, 'USDT')).toBe(validationText.amountInvalid);
    expect(validateDepositAmount(1.05, 'USDT')).toBeNull();
    expect(validateCryptoType('DOGE')).toBe(moneyText.cryptoTypeInvalid);
    expect(validateCryptoType('SOL')).toBeNull();
    expect(validateCryptoAddress('  ')).toBe(validationText.cryptoAddressRequired);
    expect(validateCryptoAddress(undefined)).toBe(validationText.cryptoAddressRequired);
    expect(validateCryptoAddress('bc1q')).toBeNull();
    expect(validateReferralCode(' abc ')).toBe(validationText.referralCodeInvalid);
    expect(validateReferralCode('ABCD')).toBeNull();
  });
});
