import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  database: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  uptimeSeconds: Type.Number(),
});
export type Health = Static<typeof Health>;
export const HealthResponse = Ok(Health);
