import { describe, expect, it } from 'vitest';
import { describePresence } from './presence';

const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('describePresence', () => {
  it('says online, last seen with the d/h/m/s age, offline or hidden', () => {
    expect(describePresence({ isOnline: true, lastSeen: ago(30_000) }, now)).toEqual({
      state: 'online',
      text: 'Online',
    });
    expect(describePresence({ isOnline: false, lastSeen: ago(7 * 60_000) }, now)).toEqual({
      state: 'offline',
      text: 'Last seen 7m ago',
    });
    expect(describePresence({ isOnline: false, lastSeen: ago(3 * 86_400_000 + 5) }, now).text).toBe('Last seen 3d ago');
    expect(describePresence({ isOnline: false, lastSeen: null }, now)).toEqual({ state: 'offline', text: 'Offline' });
    expect(describePresence({ isOnline: null, lastSeen: null }, now)).toEqual({
      state: 'hidden',
      text: 'Status hidden',
    });
  });
});
