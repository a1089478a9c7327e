import { describe, expect, it } from 'vitest';
import { errorText, errorTextByCode, errorTextByStatus } from '@gogo/shared/messages';
import { messageForError } from './errors';

// Every row of the catalogue (texts in shared/src/messages/index.ts), in its order of precedence.
describe('messageForError', () => {
  it.each(Object.entries(errorTextByCode))('code %s gives its own text, whatever the status', (code, text) => {
    expect(messageForError({ code, status: 400, message: 'raw server words' })).toBe(text);
  });

  it.each(Object.entries(errorTextByStatus))('status %s gives its text when the code is unknown', (status, text) => {
    expect(messageForError({ code: 'VALIDATION_ERROR', status: Number(status), message: 'raw' })).toBe(text);
    expect(messageForError({ status: Number(status) })).toBe(text);
  });

  it.each([
    ['This email is already in use', errorTextByCode.EMAIL_ALREADY_EXISTS],
    ['Username already exists', errorTextByCode.USERNAME_ALREADY_EXISTS],
    ['Password too weak', errorTextByCode.WEAK_PASSWORD],
    ['Invalid credentials supplied', errorTextByCode.INVALID_CREDENTIALS],
    ['User not found', errorTextByCode.USER_NOT_FOUND],
    ['Account locked', errorTextByCode.ACCOUNT_LOCKED],
    ['Network request failed', errorText.connection],
    ['connection reset', errorText.connection],
    ['Request timeout', errorText.timeout],
  ])('message keywords: %s', (message, text) => {
    expect(messageForError({ message })).toBe(text);
  });

  it('a network failure and a timeout have their own texts', () => {
    expect(messageForError({ kind: 'network', status: null })).toBe(errorText.connection);
    expect(messageForError({ kind: 'timeout', status: null })).toBe(errorText.timeout);
  });

  it('a failed request with no status is a connection error', () => {
    expect(messageForError({ kind: 'http', status: null })).toBe(errorText.connection);
  });

  it('an answer without data is an invalid response', () => {
    expect(messageForError({ kind: 'invalid-response' })).toBe('Invalid response from server');
  });

  it('a domain code keeps its server wording (a spec text) before the status table', () => {
    expect(
      messageForError({ code: 'INVALID_USERNAME', status: 400, message: 'Username must be less than 20 characters.' }),
    ).toBe('Username must be less than 20 characters.');
  });

  it('otherwise the raw message, and finally the generic fallback', () => {
    expect(messageForError({ message: 'Something specific happened' })).toBe('Something specific happened');
    expect(messageForError({})).toBe(errorText.fallback);
    expect(messageForError(undefined)).toBe(errorText.fallback);
  });
});
