import { describe, expect, it } from 'vitest';
import type { RollResult } from '@gogo/shared/api';
import { ROLL_COOLDOWN_MS, STEP_DELAY_MS, tileAt } from '@gogo/shared/rules';
import { planDurationMs, planRoll, type RollAnimationPlan } from '../../../game/rollPlan';
import { RollDriver, type RollClock } from './driver';
import { AUTO_ROLL_PAUSE_MS, DEADLINE_MARGIN_MS, initialRollState, rollReducer, type FailureKind } from './machine';

function answer(rollId = 1, die = 2): RollResult {
  return {
    rollId,
    die,
    die1: die,
    die2: 0,
    total: die,
    from: 0,
    to: 20 - die,
    path: Array.from({ length: die }, (_, i) => 19 - i),
    tile: { ...tileAt(20 - die) },
    rawReward: 120,
    reward: 12,
    boardNumber: 1,
    propertyLevel: 0,
    rewardMultiplier: 1,
    multiplier: 1,
    firstRoll: false,
    passedStart: false,
    salary: 0,
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

/** A clock moved by hand: timers fire in time order when the test advances it. */
class ManualClock implements RollClock {
  private time = 1000;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();
  now = () => this.time;
  setTimeout = (callback: () => void, ms: number) => {
    this.seq += 1;
    this.timers.set(this.seq, { at: this.time + ms, callback });
    return this.seq;
  };
  clearTimeout = (handle: unknown) => {
    this.timers.delete(handle as number);
  };
  /** Moves time on by `ms`, firing due timers in order, letting promises settle between them. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await flush();
      const next = [...this.timers.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (!next || next[1].at > end) break;
      this.timers.delete(next[0]);
      this.time = Math.max(this.time, next[1].at);
      next[1].callback();
    }
    this.time = end;
    await flush();
  }
}

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

function rig(options: { send?: (id: string) => Promise<RollResult>; rolls?: number; ready?: boolean } = {}) {
  const clock = new ManualClock();
  const log: string[] = [];
  const plans: RollAnimationPlan[] = [];
  const gate = { rollsRemaining: options.rolls ?? 10, ready: options.ready ?? true };
  let nextId = 1;
  const send = options.send ?? (async () => answer(nextId++));
  const driver = new RollDriver({
    clock,
    board: {
      started: () => log.push('board:started'),
      play: (plan) => {
        plans.push(plan);
        log.push(`board:play ${plan.rollId}`);
      },
      cancelled: () => log.push('board:cancelled'),
    },
    send,
    newRequestId: () => 'req',
    plan: (result) => {
      const plan = planRoll(result, { animations: true, particles: true });
      return { plan, durationMs: planDurationMs(plan) };
    },
    gate: () => gate,
    classify: (error) => (error as { kind: FailureKind }).kind,
    messageFor: () => 'Something went wrong',
    onStart: (trigger) => log.push(`start ${trigger}`),
    onAnswer: (r) => log.push(`answer ${r.rollId}`),
    onReward: (r) => log.push(`reward ${r.rollId} @${clock.now()}`),
    onDone: (r) => log.push(`done ${r.rollId}`),
    onFailure: (kind) => log.push(`failed ${kind}`),
  });
  return { clock, driver, log, plans, gate };
}

describe('roll machine', () => {
  it('walks idle → rolling → moving → rewarding → idle, with the reward the moment the token lands', async () => {
    const { clock, driver, log } = rig();
    expect(driver.getState().phase).toBe('idle');
    driver.tap('button');
    expect(driver.getState().phase).toBe('rolling');
    await clock.advance(80);
    expect(log).toEqual(['board:started', 'start button', 'answer 1', 'board:play 1']);
    await clock.advance(680);
    driver.dieSettled(1);
    expect(driver.getState().phase).toBe('moving');
    await clock.advance(2 * STEP_DELAY_MS);
    driver.landed(1);
    expect(driver.getState().phase).toBe('rewarding');
    expect(log.at(-1)).toBe(`reward 1 @${clock.now()}`);
    expect(driver.getState().rewardedAt).toBe(clock.now());
    await clock.advance(300);
    driver.boardDone(1);
    expect(driver.getState().phase).toBe('idle');
    expect(log.at(-1)).toBe('done 1');
  });

  it('ignores events of another roll and taps while a roll is under way', async () => {
    const { clock, driver, log } = rig();
    driver.tap('tap');
    await clock.advance(50);
    driver.tap('tap');
    driver.dieSettled(7);
    driver.landed(7);
    expect(driver.getState().phase).toBe('rolling');
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(1);
  });

  it('a tap while the reward shows starts the next roll at once; the old roll is over', async () => {
    const { clock, driver, log } = rig();
    driver.tap('button');
    await clock.advance(10);
    driver.dieSettled(1);
    await clock.advance(STEP_DELAY_MS * 2);
    driver.landed(1);
    await clock.advance(ROLL_COOLDOWN_MS);
    driver.tap('tap');
    expect(driver.getState().phase).toBe('rolling');
    await clock.advance(10);
    // The board's late report of the first roll changes nothing.
    driver.boardDone(1);
    expect(driver.getState()).toMatchObject({ phase: 'rolling', result: { rollId: 2 } });
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(2);
  });

  it('refuses inside the cooldown with a notice that clears itself', async () => {
    const { clock, driver } = rig();
    driver.tap('button');
    await clock.advance(10);
    driver.dieSettled(1);
    driver.landed(1);
    driver.boardDone(1);
    driver.tap('button');
    expect(driver.getState()).toMatchObject({ phase: 'idle', notice: 'cooldown' });
    await clock.advance(3000);
    expect(driver.getState().notice).toBeNull();
    await clock.advance(ROLL_COOLDOWN_MS);
    driver.tap('button');
    expect(driver.getState().phase).toBe('rolling');
  });

  it('says when no rolls are left and does not send', async () => {
    const send = async () => answer();
    const { driver, log } = rig({ send, rolls: 0 });
    driver.tap('button');
    expect(driver.getState()).toMatchObject({ phase: 'idle', notice: 'no-rolls' });
    expect(log).toEqual([]);
  });

  it('goes offline on a lost connection (the transport has retried), and error on a refusal', async () => {
    let calls = 0;
    const offline = rig({
      send: () => {
        calls += 1;
        return Promise.reject(Object.assign(new Error('net'), { kind: 'connection' }));
      },
    });
    offline.driver.tap('button');
    await offline.clock.advance(100);
    expect(calls).toBe(1);
    expect(offline.driver.getState().phase).toBe('offline');
    expect(offline.log).toContain('board:cancelled');
    offline.driver.tap('button');
    expect(offline.driver.getState().phase).toBe('offline');
    offline.driver.setOnline(true);
    expect(offline.driver.getState().phase).toBe('idle');

    const refused = rig({ send: () => Promise.reject(Object.assign(new Error('x'), { kind: 'other' })) });
    refused.driver.tap('button');
    await refused.clock.advance(100);
    expect(refused.driver.getState()).toMatchObject({ phase: 'error', error: 'Something went wrong' });
    await refused.clock.advance(ROLL_COOLDOWN_MS);
    refused.driver.tap('button');
    expect(refused.driver.getState().phase).toBe('rolling');
  });

  it('finishes a roll the board never reports once its deadline has passed (hidden tab)', async () => {
    const { clock, driver, log, plans } = rig();
    driver.tap('button');
    await clock.advance(10);
    const deadline = planDurationMs(plans[0]!) + DEADLINE_MARGIN_MS;
    await clock.advance(deadline - 20);
    expect(driver.getState().phase).toBe('rolling');
    await clock.advance(20);
    expect(driver.getState().phase).toBe('idle');
    expect(log.filter((l) => l.startsWith('reward') || l.startsWith('done'))).toHaveLength(2);
  });

  it('auto roll: the next roll follows a short pause after the board is done, and stops on a hold', async () => {
    const { clock, driver, log } = rig();
    driver.setAuto(true);
    // Switching it on rolls at once (nothing was rolled yet).
    await clock.advance(0);
    expect(log.filter((l) => l === 'start auto')).toHaveLength(1);
    for (let roll = 1; roll <= 2; roll += 1) {
      await clock.advance(800);
      driver.dieSettled(roll);
      await clock.advance(2 * STEP_DELAY_MS);
      driver.landed(roll);
      driver.boardDone(roll);
      expect(driver.getState().autoAt).toBe(clock.now() + AUTO_ROLL_PAUSE_MS);
      await clock.advance(AUTO_ROLL_PAUSE_MS - 1);
      expect(driver.getState().phase).toBe('idle');
      await clock.advance(1);
    }
    expect(log.filter((l) => l === 'start auto')).toHaveLength(3);
    // A celebration that needs the player holds the chain until it is closed.
    await clock.advance(800);
    driver.dieSettled(3);
    driver.landed(3);
    driver.setHeld(true);
    driver.boardDone(3);
    expect(driver.getState().autoAt).toBeNull();
    await clock.advance(10_000);
    expect(log.filter((l) => l === 'start auto')).toHaveLength(3);
    driver.setHeld(false);
    await clock.advance(AUTO_ROLL_PAUSE_MS);
    expect(log.filter((l) => l === 'start auto')).toHaveLength(4);
    // Off: nothing more.
    await clock.advance(800);
    driver.dieSettled(4);
    driver.landed(4);
    driver.setAuto(false);
    driver.boardDone(4);
    await clock.advance(10_000);
    expect(log.filter((l) => l === 'start auto')).toHaveLength(4);
  });

  it('an auto roll never fires inside the cooldown, and a stale auto tap is refused', () => {
    let state = rollReducer(initialRollState(), {
      type: 'tap',
      at: 0,
      trigger: 'button',
      gate: { rollsRemaining: 5, ready: true },
    });
    state = rollReducer(state, { type: 'set-auto', at: 10, on: true });
    expect(state.autoAt).toBeNull(); // rolling: planned when the board is done
    state = rollReducer(state, { type: 'answer', at: 20, result: answer(1, 1), durationMs: 1000 });
    state = rollReducer(state, { type: 'board-done', at: 30, rollId: 1 });
    expect(state.autoAt).toBe(ROLL_COOLDOWN_MS);
    const early = rollReducer(state, {
      type: 'tap',
      at: ROLL_COOLDOWN_MS - 1,
      trigger: 'auto',
      gate: { rollsRemaining: 5, ready: true },
    });
    expect(early).toBe(state);
  });
});
