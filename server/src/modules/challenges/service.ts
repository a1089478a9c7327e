import type { ChallengeDto, ChallengesDto, FriendsRaceDto } from '@gogo/shared/api';
import { ChallengeErrorCode, ErrorCode } from '@gogo/shared/api';
import { challengeText } from '@gogo/shared/messages';
import {
  advanceChallengeStreak,
  CHALLENGE_STREAK_BONUS,
  CHALLENGE_STREAK_BONUS_DAY,
  challengeProgress,
  currentChallengeStreak,
  dailyChallenges,
  FRIENDS_RACE_MIN_PLAYERS,
  FRIENDS_RACE_PRIZE,
  rankStandings,
  utcDay,
  weekEndOf,
  weekKeyOf,
  weekStartOf,
  type ChallengeDef,
  type DayCounts,
  type LedgerDelta,
} from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Queryable } from '../../db/sql.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { lockGameState, postLedgerTx } from '../ledger/index.js';
import { accounts } from '../auth/index.js';
import { publish } from '../../core/events.js';
import { challengesRepo as repo } from './repo.js';

const DAY_MS = 86_400_000;

/** The friends of a player (the friends module's graph, handed in by the app). */
export type FriendsOf = (q: Queryable, userId: number) => Promise<Array<{ id: number; username: string }>>;

function rewardDeltas(gogo: number, dice: number, reason: string): LedgerDelta[] {
  const deltas: LedgerDelta[] = [];
  if (gogo > 0) deltas.push({ asset: 'GOGO', amount: gogo, type: 'reward', reason });
  if (dice > 0) deltas.push({ asset: 'DICE', amount: dice, type: 'reward', reason });
  return deltas;
}

const challengeDto = (def: ChallengeDef, counts: DayCounts, claimed: boolean): ChallengeDto => {
  const progress = challengeProgress(def, counts);
  return {
    id: def.id,
    title: def.title,
    goal: def.goal,
    progress,
    reward: { ...def.reward },
    completed: progress >= def.goal,
    claimed,
  };
};

/** Daily challenges (progress read from the day's rolls) and the weekly friends race. */
export function createChallengesService(deps: { database: Database; clock: Clock; friendsOf: FriendsOf }) {
  const { database, clock, friendsOf } = deps;

  const streakDto = (row: { lastDay: string; days: number } | undefined, today: string) => ({
    days: row ? currentChallengeStreak(row.lastDay, row.days, today) : 0,
    bonusEvery: CHALLENGE_STREAK_BONUS_DAY,
    bonus: { ...CHALLENGE_STREAK_BONUS },
    todayCounted: row?.lastDay === today,
  });

  return {
    async list(userId: number): Promise<ChallengesDto> {
      const now = clock();
      const day = utcDay(now);
      const from = Math.floor(now / DAY_MS) * DAY_MS;
      const counts = await repo.dayCounts(database.read, userId, day, from);
      const claims = await repo.claimsOfDay(database.read, userId, day);
      return {
        day,
        endsAt: new Date(from + DAY_MS).toISOString(),
        challenges: dailyChallenges(userId, day).map((def) => challengeDto(def, counts, claims.has(def.id))),
        streak: streakDto(await repo.streak(database.read, userId), day),
      };
    },

    async claim(userId: number, challengeId: string) {
      return database.write(async (tx) => {
        const now = clock();
        // The player's state lock first (the ledger's order): two claims of one player queue here.
        const state = await lockGameState(tx, userId, now);
        const day = utcDay(now);
        const today = dailyChallenges(userId, day);
        const def = today.find((d) => d.id === challengeId);
        if (!def) throw notFound(challengeText.notFound, ChallengeErrorCode.CHALLENGE_NOT_FOUND);
        const claims = await repo.claimsOfDay(tx, userId, day);
        if (claims.has(def.id)) throw conflict(ErrorCode.ALREADY_CLAIMED, challengeText.alreadyClaimed);
        const counts = await repo.dayCounts(tx, userId, day, Math.floor(now / DAY_MS) * DAY_MS);
        if (challengeProgress(def, counts) < def.goal) {
          throw conflict(ChallengeErrorCode.NOT_COMPLETED, challengeText.notCompleted);
        }
        const { gogo, dice } = def.reward;
        if ((await repo.insertClaim(tx, { userId, day, challengeId: def.id, gogo, dice, now })) !== 1) {
          throw conflict(ErrorCode.ALREADY_CLAIMED, challengeText.alreadyClaimed);
        }
        const deltas = rewardDeltas(gogo, dice, `challenge:${def.id}`);
        claims.add(def.id);
        let streakRow = await repo.streak(tx, userId);
        let streakBonusPaid = false;
        if (today.every((d) => claims.has(d.id))) {
          const next = advanceChallengeStreak(streakRow?.lastDay ?? null, streakRow?.days ?? 0, day);
          if (next.counted) {
            await repo.saveStreak(tx, userId, day, next.days, now);
            streakRow = { lastDay: day, days: next.days };
            if (next.bonus) {
              deltas.push(
                ...rewardDeltas(CHALLENGE_STREAK_BONUS.gogo, CHALLENGE_STREAK_BONUS.dice, 'challenge_streak'),
              );
              streakBonusPaid = true;
            }
          }
        }
        const balances = await postLedgerTx(tx, userId, deltas, now, { refType: 'challenge' }, state);
        publish(tx, { type: 'state', userId });
        return {
          challenge: challengeDto(def, counts, true),
          streak: streakDto(streakRow, day),
          streakBonusPaid,
          balance: balances.balance,
          diceRollsRemaining: balances.dice,
        };
      });
    },

    usernameOf: async (userId: number): Promise<string | null> =>
      (await accounts.usernameOf(database.read, userId)) ?? null,

    async race(userId: number): Promise<FriendsRaceDto> {
      const now = clock();
      const week = weekKeyOf(now);
      const friends = await friendsOf(database.read, userId);
      const me = { id: userId, username: (await accounts.usernameOf(database.read, userId)) ?? '' };
      const players = [me, ...friends];
      const board = await Promise.all(
        players.map(async (p) => {
          const s = await repo.raceScore(database.read, week, p.id);
          return {
            userId: p.id,
            username: p.username,
            score: s?.score ?? 0,
            reachedAt: s?.reachedAt ?? Number.MAX_SAFE_INTEGER,
          };
        }),
      );
      return {
        week,
        startsAt: new Date(weekStartOf(now)).toISOString(),
        endsAt: new Date(weekEndOf(now)).toISOString(),
        entries: rankStandings(board).map((e) => ({
          rank: e.rank,
          userId: e.userId,
          username: e.username,
          score: e.score,
          me: e.userId === userId,
        })),
        prize: { ...FRIENDS_RACE_PRIZE },
        eligible: players.length >= FRIENDS_RACE_MIN_PLAYERS,
        minPlayers: FRIENDS_RACE_MIN_PLAYERS,
      };
    },
  };
}

export type ChallengesService = ReturnType<typeof createChallengesService>;
