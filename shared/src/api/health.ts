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
  /** With the chain settings: this instance's chain watcher (standby while another instance holds it). */
  chain: Type.Optional(
    Type.Object({
      watcher: Type.Union([Type.Literal('standby'), Type.Literal('ok'), Type.Literal('error')]),
      lastBlock: Type.Union([Type.Integer(), Type.Null()]),
      head: Type.Union([Type.Integer(), Type.Null()]),
      error: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type Ready = Static<typeof Ready>;
export const ReadyResponse = Ok(Ready);
