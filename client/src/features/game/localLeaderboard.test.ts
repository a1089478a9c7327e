// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { GameStateDto } from '@gogo/shared/api';
import { storageKeys } from '../../lib/storage';
import { deviceId, localLeaderboard, recordLocalResult } from './localLeaderboard';

const state = (over: Partial<GameStateDto>) =>
  ({
    totalRolls: 1,
    totalTokensEarned: 60,
    jackpotsHit: 0,
    unlockedAchievements: ['first_roll'],
    level: 1,
    ...over,
  }) as GameStateDto;

describe('local leaderboard', () => {
  beforeEach(() => localStorage.clear());

  it('creates one device id and keeps it', () => {
    const id = deviceId();
    expect(id).toMatch(/^0x[0-9a-f]{40}$/);
    expect(deviceId()).toBe(id);
    expect(localStorage.getItem(storageKeys.deviceId)).toBe(id);
  });

  it('records nothing before the first roll, then one entry with the spec score', () => {
    recordLocalResult(state({ totalRolls: 0 }), 'alice');
    expect(localLeaderboard().entries).toEqual([]);
    recordLocalResult(state({}), 'alice', 1000);
    const { entries, stats } = localLeaderboard();
    // 10 x 60 + 500 x 1 achievement + 100 x level 1 + 5 x 1 roll
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ displayName: 'alice', score: 600 + 500 + 100 + 5, address: deviceId() });
    expect(stats).toMatchObject({ totalPlayers: 1, totalRolls: 1, averageLevel: 1 });
  });

  it('keeps the better score of this device only', () => {
    recordLocalResult(state({ totalTokensEarned: 200 }), 'alice');
    recordLocalResult(state({ totalTokensEarned: 100 }), 'alice');
    expect(localLeaderboard().entries[0]!.totalTokensEarned).toBe(200);
    recordLocalResult(state({ totalTokensEarned: 300, totalRolls: 2 }), 'alice');
    expect(localLeaderboard().entries).toHaveLength(1);
    expect(localLeaderboard().entries[0]!.totalTokensEarned).toBe(300);
  });

  it('ignores broken storage', () => {
    localStorage.setItem(storageKeys.localLeaderboard, '{"not":"a list"}');
    expect(localLeaderboard().entries).toEqual([]);
    localStorage.setItem(storageKeys.localLeaderboard, '[{"address":1}]');
    expect(localLeaderboard().entries).toEqual([]);
  });
});
