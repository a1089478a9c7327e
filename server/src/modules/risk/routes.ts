import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { WithdrawalRiskQuery, WithdrawalRiskResponse, errorResponses, type WithdrawalRisk } from '@gogo/shared/api';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { readRiskFacts } from './repo.js';
import { scoreWithdrawal } from './score.js';

/** The risk score of pending withdrawals for the admin queue (issue 13): reasons with weights, linked accounts. */
export async function riskRoutes(appBase: FastifyInstance, opts: { database: Database; clock: Clock }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { database } = opts;

  app.get(
    '/api/admin/withdrawal-risk',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Risk score of pending withdrawals, with its reasons and the linked accounts',
        description:
          'ids: pending withdrawal ids, comma separated (at most 100). Ids that are not pending withdrawals are ' +
          'left out. Each reason carries its weight; the score is their sum, at most 100 (low < 30 <= medium < 60 <= high).',
        security: [{ adminToken: [] }],
        querystring: WithdrawalRiskQuery,
        response: { 200: WithdrawalRiskResponse, ...errorResponses },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.ids.split(',').map(Number))];
      const risks: WithdrawalRisk[] = [];
      for (const id of ids) {
        const facts = await readRiskFacts(database.read, id);
        if (facts) risks.push(scoreWithdrawal(facts));
      }
      return { success: true as const, data: { risks } };
    },
  );
}
