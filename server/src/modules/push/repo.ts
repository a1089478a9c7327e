import type { PushKind } from '@gogo/shared/rules';
import { read, sql, type Queryable, type Tx } from '../../db/sql.js';

// Every statement on the push tables (db/schema/push.ts): this module owns them.

export interface DeviceRow {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  createdAt: number;
  lastSentAt: number | null;
}

export interface NotificationRow {
  id: number;
  userId: number;
  kind: PushKind;
  dedupeKey: string;
  dueAt: number;
  payload: string;
  attempts: number;
}

const DEVICE = `id, user_id AS "userId", endpoint, p256dh, auth, label, created_at AS "createdAt", last_sent_at AS "lastSentAt"`;
const NOTIFICATION = `id, user_id AS "userId", kind, dedupe_key AS "dedupeKey", due_at AS "dueAt", payload, attempts`;

// Devices.
const upsertDevice = sql<
  { userId: number; endpoint: string; p256dh: string; auth: string; label: string; now: number },
  DeviceRow
>(
  `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label, created_at)
   VALUES (:userId, :endpoint, :p256dh, :auth, :label, :now)
   ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
     auth = excluded.auth, label = excluded.label
   RETURNING ${DEVICE}`,
);
const devicesOf = sql<{ userId: number }, DeviceRow>(
  `SELECT ${DEVICE} FROM push_subscriptions WHERE user_id = :userId ORDER BY created_at DESC, id DESC`,
);
const deleteDevice = sql<{ id: number; userId: number }>(
  'DELETE FROM push_subscriptions WHERE id = :id AND user_id = :userId',
);
const deleteGone = sql<{ id: number; endpoint: string }>(
  'DELETE FROM push_subscriptions WHERE id = :id AND endpoint = :endpoint',
);
const hasDevice = sql<{ userId: number }, { n: number }>(
  'SELECT 1 AS n FROM push_subscriptions WHERE user_id = :userId LIMIT 1',
);
const deleteOldestDevice = sql<{ userId: number }>(
  `DELETE FROM push_subscriptions WHERE id = (
     SELECT id FROM push_subscriptions WHERE user_id = :userId ORDER BY created_at, id LIMIT 1)`,
);
const markDeviceSent = sql<{ id: number; now: number }>(
  'UPDATE push_subscriptions SET last_sent_at = :now WHERE id = :id',
);

// Preferences.
const kindsOff = sql<{ userId: number }, { kindsOff: string }>(
  'SELECT kinds_off AS "kindsOff" FROM push_preferences WHERE user_id = :userId',
);
const upsertKindsOff = sql<{ userId: number; kindsOff: string; now: number }>(
  `INSERT INTO push_preferences (user_id, kinds_off, updated_at) VALUES (:userId, :kindsOff, :now)
   ON CONFLICT (user_id) DO UPDATE SET kinds_off = excluded.kinds_off, updated_at = excluded.updated_at`,
);

// Notifications. A player without a subscribed device gets no row at all (the roll path schedules
// often, and most players never subscribe).
const schedule = sql<{ userId: number; kind: string; key: string; dueAt: number; payload: string; now: number }>(
  `INSERT INTO push_notifications (user_id, kind, dedupe_key, due_at, payload, state, attempts, created_at)
   SELECT CAST(:userId AS BIGINT), CAST(:kind AS TEXT), CAST(:key AS TEXT), CAST(:dueAt AS BIGINT),
     CAST(:payload AS TEXT), 'pending', 0, CAST(:now AS BIGINT)
   WHERE EXISTS (SELECT 1 FROM push_subscriptions WHERE user_id = CAST(:userId AS BIGINT))
   ON CONFLICT (user_id, dedupe_key) WHERE state = 'pending'
   DO UPDATE SET kind = excluded.kind, due_at = excluded.due_at, payload = excluded.payload`,
);
const cancel = sql<{ userId: number; key: string }>(
  `DELETE FROM push_notifications WHERE user_id = :userId AND dedupe_key = :key AND state = 'pending'`,
);
const cancelEveryone = sql<{ key: string }>(
  `DELETE FROM push_notifications WHERE dedupe_key = :key AND state = 'pending'`,
);
const pendingKeys = sql<{ userId: number; pattern: string }, { key: string }>(
  `SELECT dedupe_key AS key FROM push_notifications
   WHERE user_id = :userId AND state = 'pending' AND dedupe_key LIKE :pattern`,
);
const dueIds = sql<{ now: number; maxAttempts: number; limit: number }, { id: number }>(
  `SELECT id FROM push_notifications
   WHERE state IN ('pending', 'sending') AND due_at <= :now AND attempts < :maxAttempts
   ORDER BY due_at, id LIMIT :limit`,
);
// The claim: whichever instance moves the row first owns the send until the lease ends.
const claim = sql<{ id: number; now: number; leaseUntil: number; maxAttempts: number }, NotificationRow>(
  `UPDATE push_notifications SET state = 'sending', attempts = attempts + 1, due_at = :leaseUntil
   WHERE id = :id AND state IN ('pending', 'sending') AND due_at <= :now AND attempts < :maxAttempts
   RETURNING ${NOTIFICATION}`,
);
const finish = sql<{ id: number; state: string; outcome: string | null; now: number }>(
  `UPDATE push_notifications SET state = :state, outcome = :outcome, sent_at = :now WHERE id = :id AND state = 'sending'`,
);
const retryAt = sql<{ id: number; dueAt: number; outcome: string }>(
  `UPDATE push_notifications SET due_at = :dueAt, outcome = :outcome WHERE id = :id AND state = 'sending'`,
);
const giveUpExhausted = sql<{ now: number; maxAttempts: number }>(
  `UPDATE push_notifications SET state = 'failed', sent_at = :now
   WHERE state = 'sending' AND due_at <= :now AND attempts >= :maxAttempts`,
);
const deleteFinished = sql<{ before: number }>(
  `DELETE FROM push_notifications WHERE state IN ('sent', 'skipped', 'failed') AND created_at < :before`,
);

// The daily cap: one row per player and UTC day, counted up only while under the cap (atomic on
// both engines: the conflicting row is locked by the upsert).
const countToday = sql<{ userId: number; day: string; cap: number }, { sent: number }>(
  `INSERT INTO push_sent_days (user_id, day, sent) VALUES (:userId, :day, 1)
   ON CONFLICT (user_id, day) DO UPDATE SET sent = push_sent_days.sent + 1 WHERE push_sent_days.sent < :cap
   RETURNING sent`,
);
const deleteOldDays = sql<{ before: string }>('DELETE FROM push_sent_days WHERE day < :before');

// The VAPID pair shared through the database.
const insertKeys = sql<{ publicKey: string; privateKey: string; now: number }>(
  `INSERT INTO push_vapid_keys (id, public_key, private_key, created_at) VALUES (1, :publicKey, :privateKey, :now)
   ON CONFLICT (id) DO NOTHING`,
);
const readKeys = sql<Record<string, never>, { publicKey: string; privateKey: string }>(
  'SELECT public_key AS "publicKey", private_key AS "privateKey" FROM push_vapid_keys WHERE id = 1',
);

const num = (row: DeviceRow): DeviceRow => ({
  ...row,
  id: Number(row.id),
  userId: Number(row.userId),
  createdAt: Number(row.createdAt),
  lastSentAt: row.lastSentAt === null ? null : Number(row.lastSentAt),
});

export const pushRepo = {
  upsertDevice: async (tx: Tx, d: Omit<DeviceRow, 'id' | 'createdAt' | 'lastSentAt'>, now: number) => {
    const row = await tx.get(upsertDevice, { ...d, now });
    if (!row) throw new Error('push subscription upsert returned no row');
    return num(row);
  },
  devicesOf: async (q: Queryable, userId: number) => (await q.all(devicesOf, { userId })).map(num),
  deleteDevice: (tx: Tx, userId: number, id: number) => tx.run(deleteDevice, { id, userId }),
  deleteGone: (tx: Tx, id: number, endpoint: string) => tx.run(deleteGone, { id, endpoint }),
  /** Whether the player has a subscribed device (one index probe). */
  hasDevice: async (q: Queryable, userId: number) => (await q.get(hasDevice, { userId })) !== undefined,
  /** The same, as a read that travels with a roll's reads. */
  hasDeviceRead: (userId: number) => read(hasDevice, { userId }, (rows) => rows.length > 0),
  deleteOldestDevice: (tx: Tx, userId: number) => tx.run(deleteOldestDevice, { userId }),
  markDeviceSent: (tx: Tx, id: number, now: number) => tx.run(markDeviceSent, { id, now }),

  kindsOff: async (q: Queryable, userId: number): Promise<string[]> => {
    const row = await q.get(kindsOff, { userId });
    if (!row) return [];
    const parsed = JSON.parse(row.kindsOff) as unknown;
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  },
  setKindsOff: (tx: Tx, userId: number, off: readonly string[], now: number) =>
    tx.run(upsertKindsOff, { userId, kindsOff: JSON.stringify(off), now }),

  schedule: (tx: Tx, n: { userId: number; kind: PushKind; key: string; dueAt: number; payload: object }, now: number) =>
    tx.run(schedule, { ...n, payload: JSON.stringify(n.payload), now }),
  cancel: (tx: Tx, userId: number, key: string) => tx.run(cancel, { userId, key }),
  cancelEveryone: (tx: Tx, key: string) => tx.run(cancelEveryone, { key }),
  /** Keys starting with `prefix` (letters, digits, '_' and ':' only: '_' matches itself among them). */
  pendingKeys: async (q: Queryable, userId: number, prefix: string) =>
    (await q.all(pendingKeys, { userId, pattern: `${prefix}%` })).map((r) => r.key),
  dueIds: async (q: Queryable, now: number, maxAttempts: number, limit: number) =>
    (await q.all(dueIds, { now, maxAttempts, limit })).map((r) => Number(r.id)),
  claim: async (tx: Tx, id: number, now: number, leaseUntil: number, maxAttempts: number) => {
    const row = await tx.get(claim, { id, now, leaseUntil, maxAttempts });
    return row ? { ...row, id: Number(row.id), userId: Number(row.userId), attempts: Number(row.attempts) } : undefined;
  },
  finish: (tx: Tx, id: number, state: 'sent' | 'skipped' | 'failed', outcome: string | null, now: number) =>
    tx.run(finish, { id, state, outcome, now }),
  retryAt: (tx: Tx, id: number, dueAt: number, outcome: string) =>
    tx.run(retryAt, { id, dueAt, outcome: outcome.slice(0, 300) }),
  giveUpExhausted: (tx: Tx, now: number, maxAttempts: number) => tx.run(giveUpExhausted, { now, maxAttempts }),
  deleteFinished: (tx: Tx, before: number) => tx.run(deleteFinished, { before }),

  /** True when the player had room under the cap today (and this one is now counted). */
  countToday: async (tx: Tx, userId: number, day: string, cap: number) =>
    (await tx.get(countToday, { userId, day, cap })) !== undefined,
  deleteOldDays: (tx: Tx, before: string) => tx.run(deleteOldDays, { before }),

  insertKeys: (tx: Tx, keys: { publicKey: string; privateKey: string }, now: number) =>
    tx.run(insertKeys, { ...keys, now }),
  readKeys: (q: Queryable) => q.get(readKeys, {}),
};
