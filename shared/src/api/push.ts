import { Type, type Static } from 'typebox';
import { PUSH_KINDS } from '../rules/push.js';
import { Ok } from './envelope.js';
import { literalUnion } from './literals.js';
import { DateTime } from './schema-helpers.js';

/** Web push: the server's public key, this player's devices and their switches per kind. */

export const PushErrorCode = {
  PUSH_SUBSCRIPTION_INVALID: 'PUSH_SUBSCRIPTION_INVALID',
  PUSH_DEVICE_NOT_FOUND: 'PUSH_DEVICE_NOT_FOUND',
  PUSH_NOT_ALLOWED: 'PUSH_NOT_ALLOWED',
} as const;

export const PushKindSchema = literalUnion(PUSH_KINDS);

/** One switch per kind, every kind present. */
export const PushPreferencesDto = Type.Object(
  Object.fromEntries(PUSH_KINDS.map((kind) => [kind, Type.Boolean()])) as Record<
    (typeof PUSH_KINDS)[number],
    ReturnType<typeof Type.Boolean>
  >,
  { additionalProperties: false },
);
/** A change: the kinds named take the value given, the others stay. */
export const PushPreferencesInput = Type.Partial(PushPreferencesDto, { additionalProperties: false, minProperties: 1 });

export const PushKeyResponse = Ok(
  Type.Object({
    publicKey: Type.String({
      description: "the server's VAPID public key (base64url), the browser's applicationServerKey",
    }),
  }),
);

export const PushSubscribeBody = Type.Object(
  {
    endpoint: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: "the push service's URL for this device (https)",
    }),
    keys: Type.Object(
      {
        p256dh: Type.String({
          minLength: 1,
          maxLength: 200,
          description: 'the P-256 public key, base64url (65 bytes)',
        }),
        auth: Type.String({ minLength: 1, maxLength: 100, description: 'the auth secret, base64url (16 bytes)' }),
      },
      { additionalProperties: false },
    ),
    expirationTime: Type.Optional(Type.Union([Type.Null(), Type.Number()])),
    label: Type.Optional(Type.String({ maxLength: 60, description: 'a name for the device (the browser and system)' })),
  },
  { additionalProperties: false },
);
export type PushSubscribeBody = Static<typeof PushSubscribeBody>;

export const PushDeviceDto = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  label: Type.String(),
  endpoint: Type.String({ description: 'this device is the one whose subscription has this endpoint' }),
  createdAt: DateTime(),
  lastSentAt: Type.Union([DateTime(), Type.Null()]),
});
export type PushDeviceDto = Static<typeof PushDeviceDto>;

export const PushDeviceResponse = Ok(Type.Object({ device: PushDeviceDto }));
export const PushDevicesResponse = Ok(
  Type.Object({
    devices: Type.Array(PushDeviceDto),
    preferences: PushPreferencesDto,
    dailyCap: Type.Integer({ minimum: 0 }),
  }),
);
export const PushDeviceParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const PushRemovedResponse = Ok(Type.Object({ removed: Type.Literal(true) }));
export const PushPreferencesResponse = Ok(Type.Object({ preferences: PushPreferencesDto }));

/** What the service worker receives (the encrypted body of a push message). */
export interface PushMessage {
  kind: (typeof PUSH_KINDS)[number];
  title: string;
  body: string;
  /** Where a tap on it goes (always a page of this site). */
  url: string;
  /** Notifications with one tag replace each other on the device. */
  tag: string;
}
