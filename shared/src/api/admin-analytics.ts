import { Type, type Static } from 'typebox';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS } from './admin.js';
import { Ok } from './envelope.js';

/** The back office's analytics (GET /api/admin/analytics): a daily series and its totals. */
export const AnalyticsQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: ANALYTICS_MAX_DAYS, default: ANALYTICS_DEFAULT_DAYS })),
});
export const AnalyticsDay = Type.Object({
  date: Type.String({ description: 'UTC day, YYYY-MM-DD' }),
  signups: Type.Integer(),
  rolls: Type.Integer(),
  depositsApproved: Type.Integer({ description: 'deposits and dice purchases approved that day' }),
  diceRollsCredited: Type.Integer({ description: 'dice rolls credited by those approvals' }),
  gogoIssued: Type.Integer({ description: 'GOGO credited to players (play, bonuses, deposits), refunds excluded' }),
  gogoWithdrawn: Type.Integer({ description: 'GOGO paid out by withdrawals completed that day' }),
  gogoSpentOnUpgrades: Type.Integer({ description: 'GOGO players spent on property upgrades that day' }),
  boardsCompleted: Type.Integer({ description: 'boards players completed that day' }),
});
export type AnalyticsDay = Static<typeof AnalyticsDay>;
export const AnalyticsResult = Type.Object({
  days: Type.Integer(),
  from: Type.String({ description: 'first UTC day' }),
  to: Type.String({ description: 'last UTC day (today)' }),
  series: Type.Array(AnalyticsDay),
  totals: Type.Object({
    signups: Type.Integer(),
    rolls: Type.Integer(),
    depositsApproved: Type.Integer(),
    diceRollsCredited: Type.Integer(),
    gogoIssued: Type.Integer(),
    gogoWithdrawn: Type.Integer(),
    gogoSpentOnUpgrades: Type.Integer(),
    boardsCompleted: Type.Integer(),
  }),
});
export type AnalyticsResult = Static<typeof AnalyticsResult>;
export const AnalyticsResponse = Ok(AnalyticsResult);
