import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base64UrlBytes,
  DEFAULT_PUSH_PREFERENCES,
  mergePushPreferences,
  PUSH_KINDS,
  pushDayOf,
  pushEndpointAllowed,
  pushKindsOff,
  pushPreferencesFromOff,
  pushRetryDelay,
} from '../../src/rules/push.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** base64url without padding, written out (shared has no Buffer). */
function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c += 1) out += ALPHABET[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

describe('push rules', () => {
  it('stores the switches as the kinds turned off and reads them back whole', () => {
    const prefs = fc.record(Object.fromEntries(PUSH_KINDS.map((k) => [k, fc.boolean()])) as never);
    fc.assert(
      fc.property(prefs, (p) => {
        expect(pushPreferencesFromOff(pushKindsOff(p as never))).toEqual(p);
      }),
    );
    expect(pushPreferencesFromOff(['nonsense', 'dice_full'])).toEqual({
      ...DEFAULT_PUSH_PREFERENCES,
      dice_full: false,
    });
  });

  it('changes only the kinds named', () => {
    const off = mergePushPreferences(DEFAULT_PUSH_PREFERENCES, { event_prize: false });
    expect(pushKindsOff(off)).toEqual(['event_prize']);
    expect(mergePushPreferences(off, { dice_full: true })).toEqual(off);
  });

  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', false, true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', false, true],
    ['http://push.example.com/x', false, false],
    ['http://127.0.0.1:4000/x', false, false],
    ['http://127.0.0.1:4000/x', true, true],
    ['http://localhost/x', true, true],
    ['http://10.0.0.1/x', true, false],
    ['https://user:pass@push.example.com/x', false, false],
    ['javascript:alert(1)', true, false],
    ['not a url', true, false],
  ])('endpoint %s (loopback http allowed: %s) is allowed: %s', (endpoint, loopback, allowed) => {
    expect(pushEndpointAllowed(endpoint, loopback)).toBe(allowed);
  });

  it('counts base64url bytes and refuses anything else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        expect(base64UrlBytes(toBase64Url(bytes))).toBe(bytes.length);
      }),
    );
    expect(base64UrlBytes('a+b/')).toBeNull();
  });

  it('backs off 30 s, then 2 min; counts days in UTC', () => {
    expect([1, 2].map(pushRetryDelay)).toEqual([30_000, 120_000]);
    expect(pushDayOf(Date.UTC(2026, 0, 15, 23, 59))).toBe('2026-01-15');
    expect(pushDayOf(Date.UTC(2026, 0, 16, 0, 0))).toBe('2026-01-16');
  });
});
