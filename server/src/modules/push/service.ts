import type { PushDeviceDto, PushSubscribeBody } from '@gogo/shared/api';
import { ErrorCode, PushErrorCode } from '@gogo/shared/api';
import { pushText } from '@gogo/shared/messages';
import {
  base64UrlBytes,
  mergePushPreferences,
  PUSH_AUTH_BYTES,
  PUSH_DAILY_CAP,
  PUSH_KINDS,
  PUSH_MAX_DEVICES,
  PUSH_P256DH_BYTES,
  pushEndpointAllowed,
  pushKindsOff,
  pushPreferencesFromOff,
  type PushPreferences,
} from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { toIso } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { VapidKeys } from '../../settings/index.js';
import { deviceLabel } from './label.js';
import { pushRepo as repo, type DeviceRow } from './repo.js';

const dto = (row: DeviceRow): PushDeviceDto => ({
  id: row.id,
  label: row.label,
  endpoint: row.endpoint,
  createdAt: new Date(row.createdAt).toISOString(),
  lastSentAt: toIso(row.lastSentAt),
});

const invalid = (message: string, field: string) =>
  badRequest(PushErrorCode.PUSH_SUBSCRIPTION_INVALID, message, { field });

/** Checks a subscription as the browser hands it over; a 400 names the field it refuses. */
function checkedSubscription(body: PushSubscribeBody, allowLoopbackHttp: boolean) {
  const endpoint = body.endpoint.trim();
  if (!pushEndpointAllowed(endpoint, allowLoopbackHttp)) throw invalid(pushText.endpointInvalid, 'endpoint');
  const { p256dh, auth } = body.keys;
  // An uncompressed P-256 point: 65 bytes starting 0x04.
  if (base64UrlBytes(p256dh) !== PUSH_P256DH_BYTES || Buffer.from(p256dh, 'base64url')[0] !== 4) {
    throw invalid(pushText.keyInvalid('p256dh', PUSH_P256DH_BYTES), 'keys.p256dh');
  }
  if (base64UrlBytes(auth) !== PUSH_AUTH_BYTES) {
    throw invalid(pushText.keyInvalid('auth', PUSH_AUTH_BYTES), 'keys.auth');
  }
  return { endpoint, p256dh: p256dh.replace(/=+$/, ''), auth: auth.replace(/=+$/, '') };
}

/** The player's side of web push: the key, their devices, their switches. */
export function createPushService(deps: {
  database: Database;
  clock: Clock;
  vapid: () => Promise<VapidKeys>;
  allowLoopbackHttp: boolean;
}) {
  const { database, clock } = deps;

  async function preferences(userId: number): Promise<PushPreferences> {
    return pushPreferencesFromOff(await repo.kindsOff(database.read, userId));
  }

  return {
    async publicKey(): Promise<string> {
      return (await deps.vapid()).publicKey;
    },

    /** Subscribes a device; the same endpoint again updates it (and moves it to this player). */
    async subscribe(userId: number, body: PushSubscribeBody, userAgent: string | undefined): Promise<PushDeviceDto> {
      const sub = checkedSubscription(body, deps.allowLoopbackHttp);
      const label = body.label?.trim() || deviceLabel(userAgent);
      return database.write(async (tx) => {
        const now = clock();
        const mine = await repo.devicesOf(tx, userId);
        // A player keeps a bounded list: a new device beyond it replaces the oldest.
        if (!mine.some((d) => d.endpoint === sub.endpoint) && mine.length >= PUSH_MAX_DEVICES) {
          await repo.deleteOldestDevice(tx, userId);
        }
        return dto(await repo.upsertDevice(tx, { userId, ...sub, label }, now));
      });
    },

    async devices(userId: number) {
      const rows = await repo.devicesOf(database.read, userId);
      return { devices: rows.map(dto), preferences: await preferences(userId), dailyCap: PUSH_DAILY_CAP };
    },

    async remove(userId: number, id: number): Promise<void> {
      await database.write(async (tx) => {
        if ((await repo.deleteDevice(tx, userId, id)) === 0) {
          throw notFound(pushText.deviceNotFound, PushErrorCode.PUSH_DEVICE_NOT_FOUND);
        }
      });
    },

    preferences,

    async setPreferences(userId: number, change: Partial<PushPreferences>): Promise<PushPreferences> {
      // Unknown names are dropped by the body's schema: a change that names no kind is refused.
      if (!PUSH_KINDS.some((kind) => typeof change[kind] === 'boolean')) {
        throw badRequest(ErrorCode.VALIDATION_ERROR, pushText.noKindNamed(PUSH_KINDS.join(', ')));
      }
      return database.write(async (tx) => {
        const next = mergePushPreferences(pushPreferencesFromOff(await repo.kindsOff(tx, userId)), change);
        await repo.setKindsOff(tx, userId, pushKindsOff(next), clock());
        return next;
      });
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
