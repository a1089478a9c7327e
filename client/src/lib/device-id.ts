import { storageKeys } from './storage';

function randomHex(bytes: number): string {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * This browser's device id ('0x' + 40 hex characters), created once and kept in localStorage: the
 * local leaderboard's address, and the X-Device-Id header the API client sends (the server records it
 * at sign-up and login for the withdrawal risk checks).
 */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(storageKeys.deviceId);
    if (stored && /^0x[0-9a-f]{40}$/.test(stored)) return stored;
    const id = `0x${randomHex(20)}`;
    localStorage.setItem(storageKeys.deviceId, id);
    return id;
  } catch {
    return `0x${'0'.repeat(40)}`;
  }
}
