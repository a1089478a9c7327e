import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ChallengeDto, PlayerEventDto } from '@gogo/shared/api';
import { pickLiveNow, share } from './liveNow';

function event(id: number, over: Partial<PlayerEventDto> = {}): PlayerEventDto {
  return {
    id,
    name: `Event ${id}`,
    metric: 'gogo_won',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: '2026-01-02T00:00:00.000Z',
    status: 'live',
    settled: false,
    joined: false,
    myScore: null,
    myRank: null,
    entrants: 0,
    maxEntrants: null,
    prizes: [],
    result: null,
    ...over,
  };
}

function challenge(id: string, progress: number, goal: number, over: Partial<ChallengeDto> = {}): ChallengeDto {
  return {
    id,
    title: id,
    goal,
    progress,
    reward: { dice: 1, gogo: 0 },
    completed: progress >= goal,
    claimed: false,
    ...over,
  };
}

describe('pickLiveNow', () => {
  it('shows nothing when no event is live and every challenge is claimed', () => {
    expect(pickLiveNow(undefined, undefined)).toBeNull();
    expect(
      pickLiveNow(
        [event(1, { status: 'upcoming' }), event(2, { status: 'ended', joined: true })],
        [challenge('a', 3, 3, { claimed: true })],
      ),
    ).toBeNull();
  });

  it('asks to join a live event before showing a standing or a challenge', () => {
    const pick = pickLiveNow([event(1, { joined: true }), event(2)], [challenge('a', 2, 3)]);
    expect(pick).toEqual({ kind: 'join', event: event(2) });
  });

  it('does not ask to join a full event, and shows the joined one instead', () => {
    const full = event(1, { entrants: 5, maxEntrants: 5 });
    const mine = event(2, { joined: true, myRank: 3, myScore: 40, entrants: 9 });
    expect(pickLiveNow([full, mine], [])).toEqual({ kind: 'standing', event: mine });
    expect(pickLiveNow([full], [])).toBeNull();
  });

  it('never shows an upcoming or ended event', () => {
    const pick = pickLiveNow([event(1, { status: 'upcoming' }), event(2, { status: 'ended' })], [challenge('a', 1, 5)]);
    expect(pick?.kind).toBe('challenge');
  });

  it('falls back to the unclaimed challenge nearest to done', () => {
    const pick = pickLiveNow(
      [],
      [challenge('far', 1, 10), challenge('near', 4, 5), challenge('done', 5, 5, { claimed: true })],
    );
    expect(pick).toEqual({ kind: 'challenge', challenge: challenge('near', 4, 5) });
  });

  it('property: a challenge is shown only when no event is live to join or joined, and it is the most advanced', () => {
    const arbEvent = fc.record({
      status: fc.constantFrom('live', 'upcoming', 'ended') as fc.Arbitrary<PlayerEventDto['status']>,
      joined: fc.boolean(),
      entrants: fc.integer({ min: 0, max: 10 }),
      maxEntrants: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
    });
    const arbChallenge = fc.record({
      goal: fc.integer({ min: 1, max: 20 }),
      progress: fc.integer({ min: 0, max: 25 }),
      claimed: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbEvent, { maxLength: 5 }), fc.array(arbChallenge, { maxLength: 4 }), (es, cs) => {
        const events = es.map((e, i) => event(i + 1, e));
        const challenges = cs.map((c, i) => challenge(`c${i}`, c.progress, c.goal, { claimed: c.claimed }));
        const pick = pickLiveNow(events, challenges);
        const live = events.filter((e) => e.status === 'live');
        const joinable = live.filter((e) => !e.joined && (e.maxEntrants === null || e.entrants < e.maxEntrants));
        const open = challenges.filter((c) => !c.claimed);
        if (joinable.length > 0) return pick?.kind === 'join' && pick.event === joinable[0];
        if (live.some((e) => e.joined)) return pick?.kind === 'standing' && pick.event.joined;
        if (open.length === 0) return pick === null;
        return (
          pick?.kind === 'challenge' && !pick.challenge.claimed && open.every((c) => share(c) <= share(pick.challenge))
        );
      }),
    );
  });
});
