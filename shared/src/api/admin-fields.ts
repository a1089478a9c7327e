import { Type } from 'typebox';

// Field schemas the back-office contract files share (not part of the API barrel).

/** The page sizes an admin list accepts (50 unless asked). */
export const ADMIN_LIST_LIMITS = [25, 50, 100, 200] as const;
export const ADMIN_DEFAULT_LIMIT = 50;

export const NullableString = Type.Union([Type.String(), Type.Null()]);
export const NullableDate = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
export const DateTime = Type.String({ format: 'date-time' });
export const ListLimit = Type.Integer({ enum: [...ADMIN_LIST_LIMITS], description: '25, 50, 100 or 200 (default 50)' });
export const Page = Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'from 1' });
export const Id = Type.Integer({ minimum: 1 });
/** A day or a moment: '2026-01-31' or '2026-01-31T12:00:00Z'. */
export const DateInput = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$',
  description: 'YYYY-MM-DD (a whole UTC day) or an ISO date-time',
});
