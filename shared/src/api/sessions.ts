import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

/** A visit to /game. rolls and GOGO are computed from the rolls served between start and end. */
export const PlaySession = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  startedAt: Type.String({ format: 'date-time' }),
  endedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  active: Type.Boolean({ description: 'not ended yet' }),
  durationSeconds: Type.Integer({ description: 'until the end, or until now while active' }),
  rolls: Type.Integer(),
  gogoWon: Type.Integer({ description: 'GOGO credited by those rolls (tiles and achievements)' }),
  gogoLost: Type.Integer({ description: 'GOGO taken by penalties of those rolls (a positive number)' }),
  netGogo: Type.Integer(),
  device: Type.Union([Type.String(), Type.Null()]),
});
export type PlaySession = Static<typeof PlaySession>;

export const StartSessionBody = Type.Object({
  device: Type.Optional(Type.String({ maxLength: 40 })),
});
export type StartSessionBody = Static<typeof StartSessionBody>;

export const UpdateSessionBody = Type.Object({
  ended: Type.Optional(Type.Boolean({ description: 'true ends the session now (once)' })),
  device: Type.Optional(Type.String({ maxLength: 40 })),
});
export type UpdateSessionBody = Static<typeof UpdateSessionBody>;

export const SessionIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type SessionIdParams = Static<typeof SessionIdParams>;

export const SessionListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type SessionListQuery = Static<typeof SessionListQuery>;

export const SessionList = Type.Object({ sessions: Type.Array(PlaySession) });
export type SessionList = Static<typeof SessionList>;

export const PlaySessionResponse = Ok(PlaySession);
export const SessionListResponse = Ok(SessionList);
export const SessionDeletedResponse = Ok(Type.Object({ deleted: Type.Boolean(), id: Type.Integer() }));
