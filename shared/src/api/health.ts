import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

/** GET /api/health: liveness. The process answers; it never touches the database. */
export const Health = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  uptimeSeconds: Type.Number(),
});
export type Health = Static<typeof Health>;
export const HealthResponse = Ok(Health);

/** GET /api/ready: readiness. 200 once the database answers; otherwise 503 SERVICE_UNAVAILABLE. */
export const Ready = Type.Object({
  status: Type.Literal('ready'),
  database: Type.Literal('ok'),
  engine: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
});
export type Ready = Static<typeof Ready>;
export const ReadyResponse = Ok(Ready);
