import type { PushKind } from '@gogo/shared/rules';
import type { Queryable, Tx } from '../../db/sql.js';
import { pushRepo as repo } from './repo.js';

/**
 * Schedules a notification in the caller's transaction (it exists only if that transaction commits):
 * one pending notification per player and `key` (the kind, unless given), so scheduling again moves
 * its time and payload instead of adding one. A player without a subscribed device gets nothing
 * written. Whether it is sent is decided when it is due: the kind must still be on and the day's cap
 * not reached.
 */
export async function scheduleNotification(
  tx: Tx,
  userId: number,
  kind: PushKind,
  dueAt: number,
  payload: Record<string, string | number | boolean | null> = {},
  key: string = kind,
): Promise<void> {
  // The row's created_at takes the first due time: finished rows are cleared a week after it.
  await repo.schedule(tx, { userId, kind, key, dueAt, payload }, dueAt);
}

/** Removes a pending notification (sent ones stay in the log). */
export async function cancelNotification(tx: Tx, userId: number, key: string): Promise<void> {
  await repo.cancel(tx, userId, key);
}

/** Removes every player's pending notification with `key` (an event cancelled: its reminders go). */
export async function cancelNotificationsEverywhere(tx: Tx, key: string): Promise<void> {
  await repo.cancelEveryone(tx, key);
}

/** The keys of the player's pending notifications that start with `prefix` (e.g. 'event_start:'). */
export const pendingNotificationKeys = (q: Queryable, userId: number, prefix: string): Promise<string[]> =>
  repo.pendingKeys(q, userId, prefix);

/** Whether the player has at least one device subscribed. */
export const hasPushDevice = (q: Queryable, userId: number): Promise<boolean> => repo.hasDevice(q, userId);
