import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

/** The active seed pair as the player sees it before playing (docs/adr, 'Dice are drawn from a provably fair seed'). */
export const FairnessStatus = Type.Object({
  serverSeedHash: Type.String({ description: 'SHA-256 (hex) of the secret server seed string' }),
  clientSeed: Type.String(),
  nonce: Type.Integer({ minimum: 0, description: 'the nonce of the next roll' }),
  seedIndex: Type.Integer({ minimum: 0, description: "the player's seeds counted from 0" }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type FairnessStatus = Static<typeof FairnessStatus>;

export const ClientSeedBody = Type.Object({
  clientSeed: Type.String({ maxLength: 256, description: '1 to 64 printable ASCII characters' }),
});
export type ClientSeedBody = Static<typeof ClientSeedBody>;

export const RevealedSeed = Type.Object({
  serverSeed: Type.String(),
  serverSeedHash: Type.String(),
  clientSeed: Type.String({ description: 'the client seed at the time of rotation' }),
  rollsPlayed: Type.Integer({ description: 'nonces 0 .. rollsPlayed-1 were drawn from this seed' }),
  seedIndex: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  revealedAt: Type.String({ format: 'date-time' }),
});
export type RevealedSeed = Static<typeof RevealedSeed>;

export const RotateResult = Type.Object({ revealed: RevealedSeed, current: FairnessStatus });
export type RotateResult = Static<typeof RotateResult>;

export const FairnessRollsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type FairnessRollsQuery = Static<typeof FairnessRollsQuery>;

/** One served roll with everything needed to verify it once its seed is revealed. */
export const FairnessRoll = Type.Object({
  rollId: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  serverSeedHash: Type.String(),
  serverSeed: Type.Union([Type.String(), Type.Null()], { description: 'null until the seed is rotated' }),
  revealed: Type.Boolean(),
  clientSeed: Type.String(),
  nonce: Type.Integer(),
  die: Type.Integer(),
  from: Type.Integer(),
  to: Type.Integer(),
  tileId: Type.Integer(),
  rawReward: Type.Integer(),
  boardNumber: Type.Integer({ description: "the player's board at the roll" }),
  propertyLevel: Type.Integer({ description: 'the level owned on the landed tile at the roll (0: not owned)' }),
  reward: Type.Integer({ description: 'GOGO applied for the tile' }),
  multiplier: Type.Integer({
    minimum: 1,
    description: 'the dice multiplier of the roll: dice spent, factor of its GOGO',
  }),
  firstRoll: Type.Boolean({ description: "the account's first roll: its tile pays at least FIRST_ROLL_MIN_REWARD" }),
});
export type FairnessRoll = Static<typeof FairnessRoll>;

export const FairnessRolls = Type.Object({ rolls: Type.Array(FairnessRoll) });
export type FairnessRolls = Static<typeof FairnessRolls>;

export const FairnessStatusResponse = Ok(FairnessStatus);
export const RotateResponse = Ok(RotateResult);
export const FairnessRollsResponse = Ok(FairnessRolls);
