import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type WithdrawalRisk } from '@gogo/shared/api';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { readRiskFacts } from './repo.js';
import { scoreWithdrawal } from './score.js';
import { route } from '../../lib/route.js';

/** The risk score of pending withdrawals for the admin queue: reasons with weights, linked accounts. */
export async function riskRoutes(appBase: FastifyInstance, opts: { database: Database; clock: Clock }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { database } = opts;

  route(app, endpoints.adminMoney.withdrawalRisk, {
    handler: async (request) => {
      const ids = [...new Set(request.query.ids.split(',').map(Number))];
      const risks: WithdrawalRisk[] = [];
      for (const id of ids) {
        const facts = await readRiskFacts(database.read, id);
        if (facts) risks.push(scoreWithdrawal(facts));
      }
      return { success: true as const, data: { risks } };
    },
  });
}
