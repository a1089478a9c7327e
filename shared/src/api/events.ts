import { Type, type Static } from 'typebox';
import { EVENT_MAX_PRIZE_RANK, EVENT_MAX_PRIZE_RANGES, EVENT_METRICS, EVENT_REPEATS } from '../rules/events.js';
import { Ok } from './envelope.js';
import { literalUnion } from './literals.js';
import { DateTime, Nullable } from './schema-helpers.js';

/** Live events (tournaments): the admin's schedule, the player's list, join and standings. */

export const EventErrorCode = {
  EVENT_NOT_FOUND: 'EVENT_NOT_FOUND',
  EVENT_FULL: 'EVENT_FULL',
  EVENT_NOT_LIVE: 'EVENT_NOT_LIVE',
  EVENT_NOT_EDITABLE: 'EVENT_NOT_EDITABLE',
  EVENT_NOT_UPCOMING: 'EVENT_NOT_UPCOMING',
} as const;

const Id = Type.Integer({ minimum: 1 });
export const EventMetricSchema = literalUnion(EVENT_METRICS);
export const EventRepeatSchema = literalUnion(EVENT_REPEATS);
export const EventIdParams = Type.Object({ id: Id });

const Amount = Type.Integer({ maximum: 1_000_000_000, description: 'whole units, 0 or more' });
export const PrizeRangeDto = Type.Object({
  fromRank: Type.Integer({ minimum: 1, maximum: EVENT_MAX_PRIZE_RANK }),
  toRank: Type.Integer({ minimum: 1, maximum: EVENT_MAX_PRIZE_RANK }),
  gogo: Amount,
  dice: Amount,
});
export type PrizeRangeDto = Static<typeof PrizeRangeDto>;

export const EventInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60 }),
  metric: EventMetricSchema,
  startsAt: DateTime('when it opens'),
  endsAt: DateTime('when it closes (settled within seconds)'),
  repeat: Type.Optional(Nullable(EventRepeatSchema, 'daily or weekly: the next round starts by itself')),
  maxEntrants: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }))),
  prizes: Type.Array(PrizeRangeDto, { maxItems: EVENT_MAX_PRIZE_RANGES }),
});
export type EventInput = Static<typeof EventInput>;

export const AdminEventStatus = literalUnion(['upcoming', 'live', 'ended', 'settled', 'cancelled'] as const);
export const AdminEventDto = Type.Object({
  id: Id,
  name: Type.String(),
  metric: EventMetricSchema,
  startsAt: DateTime(),
  endsAt: DateTime(),
  repeat: Nullable(EventRepeatSchema),
  maxEntrants: Nullable(Type.Integer()),
  prizes: Type.Array(PrizeRangeDto),
  status: AdminEventStatus,
  round: Type.Integer({ minimum: 1 }),
  entrants: Type.Integer({ minimum: 0 }),
  prizesPaid: Type.Integer({ minimum: 0, description: 'winners paid at settlement' }),
  settledAt: Nullable(DateTime()),
  cancelledAt: Nullable(DateTime()),
  createdAt: DateTime(),
});
export type AdminEventDto = Static<typeof AdminEventDto>;
export const AdminEventResponse = Ok(Type.Object({ event: AdminEventDto }));
export const AdminEventListResponse = Ok(Type.Object({ events: Type.Array(AdminEventDto) }));

export const EventStatusSchema = literalUnion(['upcoming', 'live', 'ended'] as const);
export const EventResultDto = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  gogo: Type.Integer({ minimum: 0 }),
  dice: Type.Integer({ minimum: 0 }),
  seen: Type.Boolean({ description: 'the player has closed the results card' }),
});
export const PlayerEventDto = Type.Object({
  id: Id,
  name: Type.String(),
  metric: EventMetricSchema,
  startsAt: DateTime(),
  endsAt: DateTime(),
  status: EventStatusSchema,
  settled: Type.Boolean({ description: 'ended and paid out' }),
  joined: Type.Boolean(),
  myScore: Nullable(Type.Integer({ minimum: 0 })),
  myRank: Nullable(Type.Integer({ minimum: 1 })),
  entrants: Type.Integer({ minimum: 0 }),
  maxEntrants: Nullable(Type.Integer()),
  prizes: Type.Array(PrizeRangeDto),
  result: Nullable(EventResultDto, 'the prize the player won, once settled'),
  reminder: Type.Optional(Type.Boolean({ description: 'a push notification is due when this upcoming event starts' })),
});
export type PlayerEventDto = Static<typeof PlayerEventDto>;
export const PlayerEventsResponse = Ok(Type.Object({ events: Type.Array(PlayerEventDto) }));
export const JoinEventResponse = Ok(Type.Object({ event: PlayerEventDto }));

export const EventLeaderboardQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'default 10' })),
  around: Type.Optional(Type.Literal('me', { description: 'centre the page on the player' })),
});
export const EventLeaderboardEntry = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  username: Type.String(),
  score: Type.Integer({ minimum: 0 }),
});
export const EventLeaderboardResponse = Ok(
  Type.Object({
    entries: Type.Array(EventLeaderboardEntry),
    me: Nullable(Type.Object({ rank: Type.Integer({ minimum: 1 }), score: Type.Integer({ minimum: 0 }) })),
  }),
);
export type EventLeaderboard = Static<typeof EventLeaderboardResponse>['data'];
export const ResultSeenResponse = Ok(Type.Object({ seen: Type.Literal(true) }));
