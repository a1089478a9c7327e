// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RollResult } from '@gogo/shared/api';
import { tileAt } from '@gogo/shared/rules';
import { createGameBus, type GameBus } from '../../game/bus';
import type { RollAnimationPlan } from '../../game/rollPlan';
import { ApiError } from '../../lib/api/errors';
import { useRollController, type RollControllerOptions } from './useRollController';

function answer(rollId = 1): RollResult {
  return {
    rollId,
    die: 2,
    die1: 2,
    die2: 0,
    total: 2,
    from: 0,
    to: 18,
    path: [19, 18],
    tile: { ...tileAt(18) },
    rawReward: -80,
    boardNumber: 1,
    propertyLevel: 0,
    rewardMultiplier: 1,
    reward: -8,
    levelUpDice: 0,
    lapDice: 0,
    xpGained: 8,
    levelUps: [],
    lapCompleted: false,
    isJackpot: false,
    achievementsUnlocked: [],
    state: { diceRollsRemaining: 9 } as RollResult['state'],
    fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

function setup(overrides: Partial<RollControllerOptions> = {}) {
  const bus: GameBus = createGameBus();
  const seen: string[] = [];
  const plans: RollAnimationPlan[] = [];
  bus.scene.on('roll-started', () => seen.push('roll-started'));
  bus.scene.on('roll-cancelled', () => seen.push('roll-cancelled'));
  bus.scene.on('play-roll', ({ plan }) => {
    seen.push('play-roll');
    plans.push(plan);
  });
  const options: RollControllerOptions = {
    bus,
    rollsRemaining: 10,
    online: true,
    sceneReady: true,
    inputAllowed: true,
    motion: { animations: true, particles: true },
    roll: vi.fn(async () => answer()),
    reportError: vi.fn(),
    onResult: vi.fn(),
    onFinished: vi.fn(),
    onFailure: vi.fn(),
    ...overrides,
  };
  const hook = renderHook((props: RollControllerOptions) => useRollController(props), { initialProps: options });
  return { bus, seen, plans, options, hook };
}

describe('roll controller', () => {
  beforeEach(() => vi.useRealTimers());

  it('a scene intent sends the request at once, plays the answer and finishes on animation-finished', async () => {
    const { bus, seen, plans, options, hook } = setup();
    act(() => bus.scene.emit('roll-requested', { source: 'swipe' }));
    expect(seen).toEqual(['roll-started']);
    expect(options.roll).toHaveBeenCalledTimes(1);
    expect(hook.result.current.phase).toBe('requesting');
    await vi.waitFor(() => expect(seen).toEqual(['roll-started', 'play-roll']));
    expect(plans[0]).toMatchObject({ rollId: 1, die: 2, path: [19, 18], to: 18 });
    expect(options.onResult).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(hook.result.current.phase).toBe('animating'));
    // A second intent while animating does nothing.
    act(() => bus.scene.emit('roll-requested', { source: 'tap' }));
    expect(options.roll).toHaveBeenCalledTimes(1);
    act(() => bus.scene.emit('animation-finished', { rollId: 1, position: 18 }));
    expect(options.onFinished).toHaveBeenCalledExactlyOnceWith(answer());
    expect(hook.result.current.phase).toBe('idle');
  });

  it('with no rolls left it shows the no-rolls notice and sends nothing', () => {
    const { options, hook } = setup({ rollsRemaining: 0 });
    act(() => hook.result.current.requestRoll('button'));
    expect(options.roll).not.toHaveBeenCalled();
    expect(hook.result.current.notice).toBe('no-rolls');
  });

  it('refuses a second roll within the 1 s cooldown with the cooldown notice', async () => {
    const { bus, options, hook } = setup();
    act(() => hook.result.current.requestRoll('button'));
    await vi.waitFor(() => expect(hook.result.current.phase).toBe('animating'));
    act(() => bus.scene.emit('animation-finished', { rollId: 1, position: 18 }));
    act(() => hook.result.current.requestRoll('button'));
    expect(options.roll).toHaveBeenCalledTimes(1);
    expect(hook.result.current.notice).toBe('cooldown');
  });

  it("the server's 429 ROLL_COOLDOWN stops the die and shows the cooldown notice", async () => {
    const roll = vi.fn(async () => {
      throw new ApiError('Wait a moment before rolling again...', 429, 'ROLL_COOLDOWN');
    });
    const { seen, hook, options } = setup({ roll });
    act(() => hook.result.current.requestRoll('keyboard'));
    await vi.waitFor(() => expect(seen).toEqual(['roll-started', 'roll-cancelled']));
    expect(hook.result.current.notice).toBe('cooldown');
    expect(options.onFailure).not.toHaveBeenCalled();
  });

  it('retries a lost connection once with the same request id, then reports it', async () => {
    const roll = vi.fn(async (_id: string) => {
      throw new ApiError('Connection error', null, null, undefined, 'network');
    });
    const { seen, hook, options } = setup({ roll });
    act(() => hook.result.current.requestRoll('tap'));
    await vi.waitFor(() => expect(seen).toEqual(['roll-started', 'roll-cancelled']), { timeout: 3000 });
    expect(roll).toHaveBeenCalledTimes(2);
    expect(roll.mock.calls[0]![0]).toBe(roll.mock.calls[1]![0]);
    expect(options.reportError).toHaveBeenCalledTimes(1);
    expect(options.onFailure).not.toHaveBeenCalled();
    // The bus event comes first; React commits the phase on its next render.
    await vi.waitFor(() => expect(hook.result.current.phase).toBe('idle'));
  });

  it('does nothing while offline, before the board is ready or under a dialog', () => {
    for (const blocked of [{ online: false }, { sceneReady: false }, { inputAllowed: false }]) {
      const { options, hook } = setup(blocked);
      act(() => hook.result.current.requestRoll('button'));
      expect(options.roll).not.toHaveBeenCalled();
    }
  });

  it('finishes by itself when the board never reports the end (hidden tab)', async () => {
    vi.useFakeTimers();
    const { options, hook } = setup({ motion: { animations: false, particles: false } });
    act(() => hook.result.current.requestRoll('button'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(hook.result.current.phase).toBe('animating');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(options.onFinished).toHaveBeenCalledTimes(1);
    expect(hook.result.current.phase).toBe('idle');
    vi.useRealTimers();
  });
});
