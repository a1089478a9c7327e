// The bare anchor of `npm run bench`: the least a correct roll needs on this stack. Fastify with
// @fastify/jwt verifies the token (HS256, expiry), reads the account's token version, and in ONE
// transaction reads the game state, draws the die by HMAC-SHA256, inserts the roll with its stored
// answer and the ledger rows, and updates the state. A repeated requestId replays the stored answer.
//
// Env: ANCHOR_DB (a SQLite file or a postgres:// URL; the bench creates the schema and the players
// first), ANCHOR_SECRET (the HS256 key), PORT, HOST. Not part of the product.
import Fastify from 'fastify';
import fastifyJwt from '@fastify/jwt';
import { openStore } from './store.mjs';

const target = process.env.ANCHOR_DB;
const secret = process.env.ANCHOR_SECRET;
if (!target || !secret) {
  console.error('anchor: ANCHOR_DB and ANCHOR_SECRET are required');
  process.exit(2);
}
const store = await openStore(target);
const app = Fastify({ logger: false });
await app.register(fastifyJwt, { secret, verify: { algorithms: ['HS256'] } });

const unauthorized = '{"success":false,"error":{"code":"UNAUTHORIZED","message":"Sign in again"}}';
const rollBody = {
  type: 'object',
  properties: { requestId: { type: 'string', minLength: 1, maxLength: 64 } },
  additionalProperties: false,
};

app.get('/health', async () => ({ success: true }));

app.post('/api/game/roll', { schema: { body: rollBody } }, async (request, reply) => {
  reply.type('application/json; charset=utf-8');
  /** @type {{ sub: number, tv: number }} */
  let claims;
  try {
    claims = await request.jwtVerify();
  } catch {
    return reply.code(401).send(unauthorized);
  }
  const version = await store.tokenVersion(claims.sub);
  if (version === undefined || version !== claims.tv) return reply.code(401).send(unauthorized);
  const body = /** @type {{ requestId?: string } | undefined} */ (request.body);
  const result = await store.roll(claims.sub, body?.requestId ?? null, Date.now());
  if (result.replayed) reply.header('x-roll-replayed', '1');
  return reply.code(result.status).send(result.answer);
});

const close = () => {
  app.close().then(
    () => store.close().then(() => process.exit(0)),
    () => process.exit(1),
  );
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
await app.listen({ port: Number(process.env.PORT ?? 3100), host: process.env.HOST ?? '127.0.0.1' });
