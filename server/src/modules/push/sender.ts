import type { PushMessage } from '@gogo/shared/api';
import { pushNotificationText } from '@gogo/shared/messages';
import {
  PUSH_DAILY_CAP,
  PUSH_MAX_ATTEMPTS,
  pushDayOf,
  pushPreferencesFromOff,
  pushRetryDelay,
  type PushKind,
} from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { Deliver, DeliveryResult } from './delivery.js';
import { pushRepo as repo, type DeviceRow, type NotificationRow } from './repo.js';

/** While one instance sends a claimed notification no other takes it; after this it is due again. */
export const PUSH_LEASE_MS = 60_000;
/** Notifications one sweep takes at most (the next sweep takes the rest). */
const SWEEP_BATCH = 50;
/** Sent, skipped and failed notifications are kept this long (the log), then cleared. */
const LOG_KEEP_MS = 7 * 86_400_000;
const CLEANUP_EVERY_MS = 3_600_000;

export interface PushLog {
  warn(fields: object, line: string): void;
}

type Payload = Record<string, unknown>;
const str = (p: Payload, k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
const int = (p: Payload, k: string) => (typeof p[k] === 'number' ? (p[k] as number) : 0);

/**
 * Sends the notifications that are due, on every instance, each once. A due row is claimed with a
 * conditional UPDATE (the winner owns it for a lease); in the claim's transaction the kind's switch,
 * the player's devices and the day's cap (an atomic counter per player and UTC day) decide whether it
 * goes at all. Then each device gets it; a device whose push service answers 404 or 410 is removed;
 * when none took it and a try is left it is due again after a back-off. Nothing here ever reaches
 * the request that scheduled it.
 */
export function createPushSender(deps: {
  database: Database;
  clock: Clock;
  deliver: Deliver;
  log: PushLog;
  /** The name shown for another player (a friend who overtook). */
  usernameOf: (userId: number) => Promise<string | null>;
}) {
  const { database, clock, deliver, log } = deps;
  let lastCleanup = 0;

  async function messageOf(row: NotificationRow): Promise<PushMessage> {
    const p = JSON.parse(row.payload) as Payload;
    const kind: PushKind = row.kind;
    let text: { title: string; body: string };
    let url = '/game';
    switch (kind) {
      case 'dice_full':
      case 'daily_ready':
        text = pushNotificationText[kind]();
        break;
      case 'event_ending':
      case 'event_start':
        text = pushNotificationText[kind]({ name: str(p, 'name') });
        url = '/game?events=1';
        break;
      case 'event_prize':
        text = pushNotificationText.event_prize({
          name: str(p, 'name'),
          rank: int(p, 'rank'),
          gogo: int(p, 'gogo'),
          dice: int(p, 'dice'),
        });
        url = '/game?events=1';
        break;
      case 'friend_overtake':
        text = pushNotificationText.friend_overtake({
          username: (await deps.usernameOf(int(p, 'otherId'))) ?? 'A friend',
        });
        break;
    }
    return { kind, ...text, url, tag: row.dedupeKey };
  }

  /** Claims one notification and decides whether it goes; the devices to send to, or null. */
  async function claim(id: number): Promise<{ row: NotificationRow; devices: DeviceRow[] } | null> {
    return database.write(async (tx) => {
      const now = clock();
      const row = await repo.claim(tx, id, now, now + PUSH_LEASE_MS, PUSH_MAX_ATTEMPTS);
      if (!row) return null; // another instance (or an earlier sweep) has it
      const devices = await repo.devicesOf(tx, row.userId);
      if (row.attempts === 1) {
        const prefs = pushPreferencesFromOff(await repo.kindsOff(tx, row.userId));
        const skip = !prefs[row.kind]
          ? 'off'
          : devices.length === 0
            ? 'no_device'
            : !(await repo.countToday(tx, row.userId, pushDayOf(now), PUSH_DAILY_CAP))
              ? 'capped'
              : null;
        if (skip) {
          await repo.finish(tx, row.id, 'skipped', skip, now);
          return null;
        }
      } else if (devices.length === 0) {
        await repo.finish(tx, row.id, 'skipped', 'no_device', now);
        return null;
      }
      return { row, devices };
    });
  }

  async function sendOne(id: number): Promise<void> {
    const claimed = await claim(id);
    if (!claimed) return;
    const { row, devices } = claimed;
    const message = await messageOf(row);
    const results: DeliveryResult[] = await Promise.all(devices.map((d) => deliver(d, message)));
    await database.write(async (tx) => {
      const now = clock();
      let delivered = false;
      let retry: string | null = null;
      let refused: string | null = null;
      for (const [i, result] of results.entries()) {
        const device = devices[i]!;
        if (result.kind === 'delivered') {
          delivered = true;
          await repo.markDeviceSent(tx, device.id, now);
        } else if (result.kind === 'gone') {
          await repo.deleteGone(tx, device.id, device.endpoint);
          refused ??= `gone ${result.status}`;
        } else if (result.kind === 'rejected') refused ??= result.reason;
        else retry ??= result.reason;
      }
      if (delivered) await repo.finish(tx, row.id, 'sent', null, now);
      else if (retry !== null && row.attempts < PUSH_MAX_ATTEMPTS) {
        await repo.retryAt(tx, row.id, now + pushRetryDelay(row.attempts), retry);
      } else await repo.finish(tx, row.id, 'failed', retry ?? refused, now);
      if (!delivered) {
        log.warn(
          { notificationId: row.id, kind: row.kind, attempts: row.attempts, reason: retry ?? refused },
          retry !== null && row.attempts < PUSH_MAX_ATTEMPTS ? 'push send failed; will retry' : 'push send failed',
        );
      }
    });
  }

  async function cleanup(now: number) {
    if (now - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = now;
    await database.write(async (tx) => {
      await repo.giveUpExhausted(tx, now, PUSH_MAX_ATTEMPTS);
      await repo.deleteFinished(tx, now - LOG_KEEP_MS);
      await repo.deleteOldDays(tx, pushDayOf(now - 2 * 86_400_000));
    });
  }

  return {
    /** One sweep: every due notification this instance can claim. Safe on several instances at once. */
    async sweep(): Promise<number> {
      const ids = await repo.dueIds(database.read, clock(), PUSH_MAX_ATTEMPTS, SWEEP_BATCH);
      for (const id of ids) await sendOne(id);
      await cleanup(clock());
      return ids.length;
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
