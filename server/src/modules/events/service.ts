import type { AdminEventDto, EventInput, EventLeaderboard, PlayerEventDto, PrizeRangeDto } from '@gogo/shared/api';
import { ErrorCode, EventErrorCode, PushErrorCode } from '@gogo/shared/api';
import { eventText, pushText } from '@gogo/shared/messages';
import {
  EVENT_ENDING_NOTICE_MS,
  checkPrizes,
  checkSchedule,
  EVENT_ENDED_VISIBLE_MS,
  eventStatusAt,
  rankWindow,
  type EventRepeat,
  type PrizeRange,
} from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Queryable } from '../../db/sql.js';
import { type AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { toIso } from '../../lib/clock.js';
import { writeAudit } from '../admin/index.js';
import { publish } from '../../core/events.js';
import {
  cancelNotification,
  cancelNotificationsEverywhere,
  hasPushDevice,
  pendingNotificationKeys,
  scheduleNotification,
} from '../push/index.js';
import { eventsRepo as repo, type EventRow } from './repo.js';

const ADMIN_LIST_LIMIT = 200;
const LEADERBOARD_DEFAULT_LIMIT = 10;

const missing = () => notFound(eventText.notFound, EventErrorCode.EVENT_NOT_FOUND);
/** The key of an event's start reminder among the player's pending notifications. */
const REMINDER = 'event_start:';
const iso = (ms: number) => new Date(ms).toISOString();
export const prizesOf = (row: EventRow): PrizeRange[] => JSON.parse(row.prizes) as PrizeRange[];

function fieldError(field: string, reason: Parameters<typeof eventText.fieldInvalid>[1]): AppError {
  return badRequest(ErrorCode.VALIDATION_ERROR, eventText.fieldInvalid(field, reason), { field });
}

/** The admin's input as stored values, or a 400 naming the first refused field. */
function checkedInput(input: EventInput, now: number) {
  const startsAt = Date.parse(input.startsAt);
  const endsAt = Date.parse(input.endsAt);
  if (!Number.isFinite(startsAt)) throw fieldError('startsAt', 'endsBeforeStart');
  if (!Number.isFinite(endsAt)) throw fieldError('endsAt', 'endsBeforeStart');
  const repeat: EventRepeat | null = input.repeat ?? null;
  const schedule = checkSchedule(startsAt, endsAt, repeat, now);
  if (schedule) throw fieldError(schedule.field, schedule.reason);
  const prizes: PrizeRangeDto[] = input.prizes.map(({ fromRank, toRank, gogo, dice }) => ({
    fromRank,
    toRank,
    gogo,
    dice,
  }));
  const prizeFault = checkPrizes(prizes);
  if (prizeFault) throw fieldError(prizeFault.field, prizeFault.reason);
  return {
    name: input.name.trim(),
    metric: input.metric,
    startsAt,
    endsAt,
    repeat,
    maxEntrants: input.maxEntrants ?? null,
    prizes: JSON.stringify([...prizes].sort((a, b) => a.fromRank - b.fromRank)),
  };
}

function adminDto(row: EventRow, paid: number, now: number): AdminEventDto {
  const status =
    row.status === 'scheduled' ? eventStatusAt(now, row.startsAt, row.endsAt) : (row.status as 'settled' | 'cancelled');
  return {
    id: row.id,
    name: row.name,
    metric: row.metric,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    repeat: row.repeat,
    maxEntrants: row.maxEntrants,
    prizes: prizesOf(row),
    status,
    round: row.round,
    entrants: row.entrants,
    prizesPaid: paid,
    settledAt: toIso(row.settledAt),
    cancelledAt: toIso(row.cancelledAt),
    createdAt: iso(row.createdAt),
  };
}

/** Live first (soonest end), then upcoming (soonest start), then ended (latest end first). */
function listOrder(a: PlayerEventDto, b: PlayerEventDto): number {
  const weight = { live: 0, upcoming: 1, ended: 2 } as const;
  const byStatus = weight[a.status] - weight[b.status];
  if (byStatus !== 0) return byStatus;
  if (a.status === 'live') return a.endsAt.localeCompare(b.endsAt);
  if (a.status === 'upcoming') return a.startsAt.localeCompare(b.startsAt);
  return b.endsAt.localeCompare(a.endsAt);
}

/** Live events: the admin's schedule, joining, standings, and the roll step that scores them. */
export function createEventsService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;

  async function playerDto(
    q: Queryable,
    row: EventRow,
    userId: number,
    now: number,
    reminders?: ReadonlySet<string>,
  ): Promise<PlayerEventDto> {
    const entry = await repo.entry(q, row.id, userId);
    const prize = row.status === 'settled' ? await repo.prize(q, userId, row.id) : undefined;
    return {
      id: row.id,
      name: row.name,
      metric: row.metric,
      startsAt: iso(row.startsAt),
      endsAt: iso(row.endsAt),
      status: eventStatusAt(now, row.startsAt, row.endsAt),
      settled: row.status === 'settled',
      joined: entry !== undefined,
      myScore: entry?.score ?? null,
      myRank: entry ? await repo.rankOf(q, row.id, userId, entry) : null,
      entrants: row.entrants,
      maxEntrants: row.maxEntrants,
      prizes: prizesOf(row),
      result: prize ? { rank: prize.rank, gogo: prize.gogo, dice: prize.dice, seen: false } : null,
      reminder: (reminders ?? new Set(await pendingNotificationKeys(q, userId, REMINDER))).has(`${REMINDER}${row.id}`),
    };
  }

  /** Sets or clears the push reminder of an upcoming event (a device must be subscribed to set one). */
  async function setReminder(userId: number, id: number, on: boolean): Promise<PlayerEventDto> {
    return database.write(async (tx) => {
      const now = clock();
      const row = await repo.event(tx, id);
      if (!row || row.status === 'cancelled') throw missing();
      if (on) {
        if (row.status !== 'scheduled' || row.startsAt <= now) {
          throw conflict(EventErrorCode.EVENT_NOT_UPCOMING, pushText.eventNotUpcoming);
        }
        if (!(await hasPushDevice(tx, userId))) throw conflict(PushErrorCode.PUSH_NOT_ALLOWED, pushText.noDevice);
        await scheduleNotification(
          tx,
          userId,
          'event_start',
          row.startsAt,
          { eventId: id, name: row.name },
          `${REMINDER}${id}`,
        );
      } else await cancelNotification(tx, userId, `${REMINDER}${id}`);
      return playerDto(tx, row, userId, now);
    });
  }

  return {
    ...createEventAdmin(deps),
    async list(userId: number): Promise<PlayerEventDto[]> {
      const now = clock();
      const since = now - EVENT_ENDED_VISIBLE_MS;
      const rows = await repo.visible(database.read, since);
      const seen = new Map(
        (await repo.myPrizes(database.read, userId, since)).map((p) => [p.eventId, p.seenAt !== null]),
      );
      const reminders = new Set(await pendingNotificationKeys(database.read, userId, REMINDER));
      const events = await Promise.all(rows.map((row) => playerDto(database.read, row, userId, now, reminders)));
      for (const event of events) if (event.result) event.result.seen = seen.get(event.id) ?? false;
      return events.sort(listOrder);
    },

    async join(userId: number, id: number): Promise<PlayerEventDto> {
      // No shared row is written: the entry's unique (event, player) key makes a join once, and the
      // entrant count is read from the entries. Only a capped event orders its joins, on its row lock.
      await database.write(async (tx) => {
        const now = clock();
        let head = await repo.joinHead(tx, id);
        if (!head || head.status === 'cancelled') throw missing();
        if (await repo.entry(tx, id, userId)) return;
        if (head.maxEntrants !== null) {
          head = await repo.lockJoinHead(tx, id);
          if (!head || head.status === 'cancelled') throw missing();
        }
        if (head.status !== 'scheduled' || eventStatusAt(now, head.startsAt, head.endsAt) !== 'live') {
          throw conflict(EventErrorCode.EVENT_NOT_LIVE, eventText.notLive);
        }
        if (head.maxEntrants !== null && (await repo.entrants(tx, id)) >= head.maxEntrants) {
          throw conflict(EventErrorCode.EVENT_FULL, eventText.full);
        }
        if ((await repo.join(tx, id, userId, now)) !== 1) return;
        publish(tx, { type: 'eventScore', eventId: id });
        // A push an hour before the end (when there is more than an hour left to wait for it).
        if (head.endsAt - EVENT_ENDING_NOTICE_MS > now) {
          const payload = { eventId: id, name: head.name };
          const dueAt = head.endsAt - EVENT_ENDING_NOTICE_MS;
          await scheduleNotification(tx, userId, 'event_ending', dueAt, payload, `event_ending:${id}`);
        }
      });
      // The answer is read after the commit, outside the transaction: a capped event's lock is held
      // only for the checks and the insert.
      const row = await repo.event(database.read, id);
      if (!row) throw missing();
      return playerDto(database.read, row, userId, clock());
    },

    remind: (userId: number, id: number) => setReminder(userId, id, true),
    forgetReminder: (userId: number, id: number) => setReminder(userId, id, false),

    async leaderboard(userId: number, id: number, limit?: number, around?: 'me'): Promise<EventLeaderboard> {
      const row = await repo.event(database.read, id);
      if (!row || row.status === 'cancelled') throw missing();
      const size = limit ?? LEADERBOARD_DEFAULT_LIMIT;
      // The player's own entry from the primary (they may have just joined or rolled); the ranks
      // around it tolerate the replica's lag (Database.replica).
      const entry = await repo.entry(database.read, id, userId);
      const myRank = entry ? await repo.rankOf(database.replica, id, userId, entry) : null;
      const { from, to } = rankWindow(row.entrants, size, around === 'me' ? myRank : null);
      const ranked = to >= from ? await repo.rankRange(database.replica, id, from, to) : [];
      return {
        entries: ranked.map((r) => ({ rank: r.rank, username: r.username, score: r.score })),
        me: entry && myRank !== null ? { rank: myRank, score: entry.score } : null,
      };
    },

    async resultSeen(userId: number, id: number): Promise<void> {
      await database.write(async (tx) => {
        if (!(await repo.prize(tx, userId, id))) throw missing();
        await repo.markSeen(tx, userId, id, clock());
      });
    },

    /** The socket's reads: every entrant's rank and score, and a winner's prize. */
    async standings(eventId: number) {
      const row = await repo.event(database.read, eventId);
      if (!row || row.status !== 'scheduled') return null;
      return { entrants: row.entrants, ranks: await repo.allRanks(database.read, eventId) };
    },
    async prizeOf(userId: number, eventId: number) {
      const prize = await repo.prize(database.read, userId, eventId);
      return prize ? { eventId, ...prize } : null;
    },
  };
}

/** The back office's side of events: create, change, cancel, list. */
function createEventAdmin(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;

  return {
    async create(adminId: number, input: EventInput, ip: string | null): Promise<AdminEventDto> {
      return database.write(async (tx) => {
        const now = clock();
        const values = checkedInput(input, now);
        const id = await repo.insertEvent(tx, { ...values, seriesId: null, round: 1, createdBy: adminId, now });
        if (id === null) throw new Error('event insert returned no id');
        const row = await repo.event(tx, id);
        if (!row) throw missing();
        await writeAudit(
          tx,
          { adminId, action: 'create_event', targetType: 'event', targetId: id, after: values, ip },
          now,
        );
        return adminDto(row, 0, now);
      });
    },

    async update(adminId: number, id: number, input: EventInput, ip: string | null): Promise<AdminEventDto> {
      return database.write(async (tx) => {
        const now = clock();
        const before = await repo.lockEvent(tx, id);
        if (!before) throw missing();
        if (before.status !== 'scheduled' || before.startsAt <= now) {
          throw conflict(EventErrorCode.EVENT_NOT_EDITABLE, eventText.notEditable);
        }
        const values = checkedInput(input, now);
        await repo.updateEvent(tx, { ...values, id, now });
        const row = await repo.event(tx, id);
        if (!row) throw missing();
        await writeAudit(
          tx,
          {
            adminId,
            action: 'update_event',
            targetType: 'event',
            targetId: id,
            before: { ...before },
            after: values,
            ip,
          },
          now,
        );
        return adminDto(row, 0, now);
      });
    },

    async cancel(adminId: number, id: number, ip: string | null): Promise<AdminEventDto> {
      return database.write(async (tx) => {
        const now = clock();
        const before = await repo.lockEvent(tx, id);
        if (!before) throw missing();
        if ((await repo.cancelEvent(tx, id, now)) === 0) {
          throw conflict(EventErrorCode.EVENT_NOT_EDITABLE, eventText.alreadyCancelled);
        }
        // A cancelled event neither starts nor ends: its pushes go with it.
        await cancelNotificationsEverywhere(tx, `${REMINDER}${id}`);
        await cancelNotificationsEverywhere(tx, `event_ending:${id}`);
        const row = await repo.event(tx, id);
        if (!row) throw missing();
        await writeAudit(
          tx,
          { adminId, action: 'cancel_event', targetType: 'event', targetId: id, before: { status: before.status }, ip },
          now,
        );
        return adminDto(row, 0, now);
      });
    },

    async adminList(): Promise<AdminEventDto[]> {
      const now = clock();
      const paid = await repo.prizesPaid(database.replica);
      return (await repo.all(database.replica, ADMIN_LIST_LIMIT)).map((row) =>
        adminDto(row, paid.get(row.id) ?? 0, now),
      );
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
