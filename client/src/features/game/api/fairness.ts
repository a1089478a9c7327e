import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as fairness from '@gogo/shared/api/endpoints/fairness';
import { call } from '../../../lib/api/call';
import { gameKeys } from './keys';

/** Current seed hash, client seed and nonce. */
export const fetchFairness = (signal?: AbortSignal) => call(fairness.fairnessStatus, { signal });

export const fetchFairnessRolls = (limit: number, signal?: AbortSignal) =>
  call(fairness.fairnessRolls, { query: { limit }, signal });

export const putClientSeed = (clientSeed: string) => call(fairness.setClientSeed, { body: { clientSeed } });

/** Reveals the old server seed, starts a new one at nonce 0. */
export const rotateSeed = () => call(fairness.rotateSeeds);

export const fairnessQuery = () =>
  queryOptions({ queryKey: gameKeys.fairness(), queryFn: ({ signal }) => fetchFairness(signal), staleTime: 0 });

export const fairnessRollsQuery = (limit: number) =>
  queryOptions({
    queryKey: gameKeys.fairnessRolls(limit),
    queryFn: ({ signal }) => fetchFairnessRolls(limit, signal),
    staleTime: 0,
  });

export function useFairness(enabled: boolean) {
  return useQuery({ ...fairnessQuery(), enabled });
}

export function useFairnessRolls(limit: number, enabled: boolean) {
  return useQuery({ ...fairnessRollsQuery(limit), enabled });
}

/** The status answered is the new one; the rolls already listed keep their seeds. */
export function useSetClientSeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putClientSeed,
    onSuccess: (status) => client.setQueryData(gameKeys.fairness(), status),
  });
}

/** A rotation reveals the old seed of every listed roll: the status is answered, the lists reload. */
export function useRotateSeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rotateSeed,
    onSuccess: (result) => {
      client.setQueryData(gameKeys.fairness(), result.current);
      void client.invalidateQueries({ queryKey: gameKeys.fairnessRolls() });
    },
  });
}
