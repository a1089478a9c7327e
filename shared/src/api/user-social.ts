import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from './schema-helpers.js';
import { PlayerStats, RankedScoreFields } from './stats.js';
import { FriendRequestRef } from './user-profile.js';

/** Stats, activity, search, online players and top players of the /api/user contract. */

export const UserStats = Type.Object({
  ...PlayerStats.properties,
  avatarUrl: Nullable(Type.String()),
  friendsCount: Type.Integer(),
});
export type UserStats = Static<typeof UserStats>;

export const ActivityType = Type.Union([
  Type.Literal('achievement'),
  Type.Literal('jackpot'),
  Type.Literal('lap'),
  Type.Literal('level_up'),
  Type.Literal('daily_login'),
  Type.Literal('daily_dice'),
  Type.Literal('friend'),
]);
export type ActivityType = Static<typeof ActivityType>;

export const ActivityItem = Type.Object({
  type: ActivityType,
  at: DateTime(),
  title: Type.String(),
  detail: Type.String(),
  amount: Nullable(Type.Integer(), 'GOGO (achievement, jackpot, daily_login), dice (daily_dice), level (level_up)'),
});
export type ActivityItem = Static<typeof ActivityItem>;

export const ActivityQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  before: Type.Optional(Type.Integer({ minimum: 0, description: 'epoch ms: only events strictly before' })),
});
export type ActivityQuery = Static<typeof ActivityQuery>;

export const Activity = Type.Object({
  userId: Type.Integer(),
  items: Type.Array(ActivityItem),
  nextBefore: Nullable(Type.Integer(), 'pass as `before` for the next page; null at the end'),
});
export type Activity = Static<typeof Activity>;

export const UserCard = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  avatarUrl: Nullable(Type.String()),
});
export type UserCard = Static<typeof UserCard>;

export const SearchQuery = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 40 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchResult = Type.Object({
  ...UserCard.properties,
  level: Nullable(Type.Integer(), 'null when the viewer may not open the profile (friends-only)'),
  canViewProfile: Type.Boolean(),
  isFriend: Type.Boolean(),
  friendRequest: Nullable(FriendRequestRef),
});
export type SearchResult = Static<typeof SearchResult>;

export const SearchResults = Type.Object({ query: Type.String(), results: Type.Array(SearchResult) });
export type SearchResults = Static<typeof SearchResults>;

export const ListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});
export type ListQuery = Static<typeof ListQuery>;

export const OnlineQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});
export type OnlineQuery = Static<typeof OnlineQuery>;

export const OnlineUser = Type.Object({
  ...UserCard.properties,
  lastSeen: DateTime(),
  isFriend: Type.Boolean(),
});
export type OnlineUser = Static<typeof OnlineUser>;

export const OnlineUsers = Type.Object({
  total: Type.Integer({ description: 'online players the viewer may see (the list is capped by limit)' }),
  windowMinutes: Type.Integer(),
  users: Type.Array(OnlineUser),
});
export type OnlineUsers = Static<typeof OnlineUsers>;

export const TopPlayer = Type.Object({
  ...UserCard.properties,
  rank: Type.Integer(),
  ...RankedScoreFields,
});
export type TopPlayer = Static<typeof TopPlayer>;

export const TopPlayers = Type.Object({
  totalRanked: Type.Integer(),
  players: Type.Array(TopPlayer),
  updatedAt: DateTime(),
});
export type TopPlayers = Static<typeof TopPlayers>;
