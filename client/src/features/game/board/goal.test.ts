import { describe, expect, it } from 'vitest';
import type { PropertyDto } from '@gogo/shared/api';
import { buildGoal } from './goal';

const property = (tileId: number, level: number, upgradeCost: number | null): PropertyDto => ({
  tileId,
  name: `P${tileId}`,
  level,
  maxLevel: 4,
  upgradeCost,
  rewardMultiplier: 1,
  nextRewardMultiplier: upgradeCost === null ? null : 3,
});

describe('the build goal', () => {
  const board = [property(1, 1, 400), property(3, 0, 150), property(5, 0, 150), property(7, 4, null)];

  it('aims at the cheapest next level while none is affordable (the first of equal ones)', () => {
    expect(buildGoal(board, 71)).toMatchObject({ cost: 150, ready: false, property: { tileId: 3 } });
  });

  it('an affordable level comes first, the cheapest of them', () => {
    expect(buildGoal(board, 150)).toMatchObject({ cost: 150, ready: true, property: { tileId: 3 } });
    expect(buildGoal([property(1, 1, 400), property(3, 2, 650)], 500)).toMatchObject({ cost: 400, ready: true });
  });

  it('nothing to aim for once every property is at the top', () => {
    expect(buildGoal([property(7, 4, null)], 10_000)).toBeNull();
  });
});
