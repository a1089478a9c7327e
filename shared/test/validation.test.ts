import { describe, expect, it } from 'vitest';
import { validationText as t } from '../src/messages.js';
import { normalizeEmail, validateEmail, validatePassword, validateUsername } from '../src/validation.js';

describe('field rules (spec section 5)', () => {
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
