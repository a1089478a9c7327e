import { useQuery } from '@tanstack/react-query';
import type { WithdrawalRisk } from '@gogo/shared/api';
import * as adminMoney from '@gogo/shared/api/endpoints/admin-money';
import { call } from '../../../lib/api/call';
import { adminKeys } from './keys';

/** The server scores at most 100 withdrawals per request. */
const BATCH = 100;

/** The risk score of each pending withdrawal in the queue, by withdrawal id. */
export function useWithdrawalRisk(ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return useQuery({
    queryKey: adminKeys.withdrawalRisk(sorted),
    enabled: sorted.length > 0,
    queryFn: async () => {
      const batches: number[][] = [];
      for (let i = 0; i < sorted.length; i += BATCH) batches.push(sorted.slice(i, i + BATCH));
      const answers = await Promise.all(
        batches.map((batch) => call(adminMoney.withdrawalRisk, { query: { ids: batch.join(',') } })),
      );
      const byId = new Map<number, WithdrawalRisk>();
      for (const answer of answers) for (const risk of answer.risks) byId.set(risk.transactionId, risk);
      return byId;
    },
  });
}
