import { describe, expect, it } from 'vitest';
import {
  acceptsFriendRequests,
  canSeePresence,
  canViewProfile,
  isDiscoverable,
  isVisibleOnLeaderboard,
  type PrivacyState,
} from '../src/core/privacy.js';

const base: PrivacyState = {
  profileVisibility: 'public',
  showOnLeaderboard: true,
  showOnlineStatus: true,
  deactivatedAt: null,
  deletedAt: null,
};
const self = { isSelf: true, isFriend: false };
const friend = { isSelf: false, isFriend: true };
const stranger = { isSelf: false, isFriend: false };

describe('privacy predicates', () => {
  it('profile visibility: the table of who sees what', () => {
    const table: [PrivacyState['profileVisibility'], boolean, boolean, boolean][] = [
      // visibility, self, friend, stranger
      ['public', true, true, true],
      ['friends', true, true, false],
      ['private', true, false, false],
    ];
    for (const [profileVisibility, s, f, o] of table) {
      const p = { ...base, profileVisibility };
      expect([canViewProfile(p, self), canViewProfile(p, friend), canViewProfile(p, stranger)]).toEqual([s, f, o]);
    }
    // No row at all means the defaults: public.
    expect(canViewProfile(undefined, stranger)).toBe(true);
  });

  it('deactivated accounts are seen by their owner only; deleted ones by nobody', () => {
    const deactivated = { ...base, deactivatedAt: 1 };
    expect([canViewProfile(deactivated, self), canViewProfile(deactivated, friend)]).toEqual([true, false]);
    const deleted = { ...base, deletedAt: 1 };
    expect([canViewProfile(deleted, self), canViewProfile(deleted, friend)]).toEqual([false, false]);
  });

  it('leaderboard, search, presence and friend requests', () => {
    expect(isVisibleOnLeaderboard(undefined)).toBe(true);
    expect(isVisibleOnLeaderboard({ ...base, showOnLeaderboard: false })).toBe(false);
    expect(isVisibleOnLeaderboard({ ...base, profileVisibility: 'private' })).toBe(true);
    expect(isVisibleOnLeaderboard({ ...base, deactivatedAt: 5 })).toBe(false);

    expect(isDiscoverable({ ...base, profileVisibility: 'friends' }, stranger)).toBe(true);
    expect(isDiscoverable({ ...base, profileVisibility: 'private' }, friend)).toBe(false);
    expect(isDiscoverable(base, self)).toBe(false);

    expect(canSeePresence({ ...base, showOnlineStatus: false }, friend)).toBe(false);
    expect(canSeePresence({ ...base, showOnlineStatus: false }, self)).toBe(true);
    expect(canSeePresence({ ...base, profileVisibility: 'friends' }, stranger)).toBe(false);
    expect(canSeePresence({ ...base, profileVisibility: 'friends' }, friend)).toBe(true);

    expect(acceptsFriendRequests({ ...base, profileVisibility: 'friends' })).toBe(true);
    expect(acceptsFriendRequests({ ...base, profileVisibility: 'private' })).toBe(false);
  });
});
