import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DiceBalanceResponse,
  errorResponses,
  GameStatePutBody,
  GameStateResponse,
  RollRequest,
  RollResponse,
} from '@gogo/shared/api';
import { engineText } from '@gogo/shared/messages';
import { optionalBody } from '../../lib/optional-body.js';
import type { GameService } from './service.js';

export async function gameRoutes(appBase: FastifyInstance, opts: { service: GameService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const security = [{ playerToken: [] }];

  const rollSchema = (summary: string) => ({
    tags: ['game'],
    summary,
    description:
      'Spends one dice roll and moves the token; the server draws the die from the provably-fair seed ' +
      '(decisions.md section 2). 429 ROLL_COOLDOWN within 1 s of the last roll, 400 NO_ROLLS without dice. ' +
      'A repeated requestId answers the first roll again (header x-roll-replayed: 1) and spends nothing.',
    security,
    body: RollRequest,
    response: { 200: RollResponse, ...errorResponses },
  });

  for (const [url, summary] of [
    ['/api/game/roll', 'Roll the die'],
    ['/api/dice-rolls/use', 'Roll the die (alias of POST /api/game/roll)'],
  ] as const) {
    app.post(
      url,
      { preValidation: optionalBody, preHandler: app.requirePlayer, schema: rollSchema(summary) },
      async (request, reply) => {
        const answer = await service.roll(request.playerId, { requestId: request.body.requestId });
        if (answer.replayed) reply.header('x-roll-replayed', '1');
        // The answer is already JSON (the text stored for replays): sent as is, not serialised again
        // (the schema above still documents it; a test checks the text against it).
        const untyped: FastifyReply = reply;
        return untyped.type('application/json; charset=utf-8').send(`{"success":true,"data":${answer.json}}`);
      },
    );
  }

  app.get(
    '/api/game-state/state',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags: ['game'],
        summary: "The player's game state",
        security,
        response: { 200: GameStateResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.state(request.playerId) }),
  );

  app.put(
    '/api/game-state/state',
    {
      preValidation: optionalBody,
      preHandler: app.requirePlayer,
      schema: {
        tags: ['game'],
        summary: 'Save the game state (compatibility: values are ignored)',
        description:
          'Kept for the spec body shape. The server is the authority on every value (decisions.md section 1): ' +
          'nothing sent here is stored; the answer is the server state.',
        security,
        body: GameStatePutBody,
        response: { 200: GameStateResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.state(request.playerId),
      message: engineText.stateIgnored,
    }),
  );

  app.delete(
    '/api/game-state/state',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags: ['game'],
        summary: 'Reset progress (never balances)',
        description:
          'Position, XP, level, laps, counters, moves and achievements start over. GOGO and dice rolls are ' +
          'unchanged, and an achievement whose reward was already paid is not paid again.',
        security,
        response: { 200: GameStateResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.reset(request.playerId),
      message: engineText.stateReset,
    }),
  );

  app.get(
    '/api/dice-rolls/balance',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags: ['game'],
        summary: 'Dice rolls remaining, purchased and used',
        security,
        response: { 200: DiceBalanceResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.diceBalance(request.playerId) }),
  );
}
