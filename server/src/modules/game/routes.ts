import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import { engineText } from '@gogo/shared/messages';
import { optionalBody } from '../../lib/optional-body.js';
import type { GameService } from './service.js';
import { route } from '../../lib/route.js';

export async function gameRoutes(appBase: FastifyInstance, opts: { service: GameService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  for (const entry of [endpoints.game.roll, endpoints.game.rollAlias]) {
    route(app, entry, {
      preValidation: optionalBody,
      // The token version and the presence are checked in the roll's own transaction: one commit.
      tokenCheckedInHandler: true,
      handler: async (request, reply) => {
        const answer = await service.roll(request.playerId, {
          requestId: request.body.requestId,
          multiplier: request.body.multiplier,
          session: request.playerSession,
        });
        if (answer.replayed) reply.header('x-roll-replayed', '1');
        // The answer is already JSON (the text stored for replays): sent as is, not serialised again
        // (the entry's answer schema still documents it; a test checks the text against it).
        const untyped: FastifyReply = reply;
        return untyped.type('application/json; charset=utf-8').send(`{"success":true,"data":${answer.json}}`);
      },
    });
  }

  route(app, endpoints.game.gameState, {
    handler: async (request) => ({ success: true as const, data: await service.state(request.playerId) }),
  });

  route(app, endpoints.game.saveGameState, {
    preValidation: optionalBody,
    handler: async (request) => ({
      success: true as const,
      data: await service.state(request.playerId),
      message: engineText.stateIgnored,
    }),
  });

  route(app, endpoints.game.resetProgress, {
    handler: async (request) => ({
      success: true as const,
      data: await service.reset(request.playerId),
      message: engineText.stateReset,
    }),
  });

  route(app, endpoints.game.diceBalance, {
    handler: async (request) => ({ success: true as const, data: await service.diceBalance(request.playerId) }),
  });
}
