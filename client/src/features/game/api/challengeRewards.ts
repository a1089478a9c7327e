import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as challenges from '@gogo/shared/api/endpoints/challenges';
import { call } from '../../../lib/api/call';
import { queryKeys } from '../../../lib/api/keys';
import { gameKeys } from './keys';

// The roll button offers a finished daily challenge's reward when the dice run out. Same query key as
// the challenges panel, so both read one cache.
const challengesKey = () => queryKeys.of(challenges.listChallenges);

/** The first finished, unclaimed challenge of today, if any (fetched only when asked for). */
export function useClaimableChallenge(enabled: boolean) {
  const query = useQuery({
    queryKey: challengesKey(),
    queryFn: ({ signal }) => call(challenges.listChallenges, { signal }),
    staleTime: 10_000,
    enabled,
  });
  return query.data?.challenges.find((c) => c.completed && !c.claimed) ?? null;
}

export function useClaimChallengeReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(challenges.claimChallenge, { params: { id } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: challengesKey() });
      void client.invalidateQueries({ queryKey: gameKeys.state() });
      void client.invalidateQueries({ queryKey: gameKeys.diceBalance() });
    },
  });
}
