import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FairnessRolls, FairnessStatus, RotateResult } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { gameKeys } from './keys';

/** GET /api/fairness: current seed hash, client seed and nonce. */
export function fetchFairness(signal?: AbortSignal): Promise<FairnessStatus> {
  return api.get<FairnessStatus>('/fairness', { signal });
}

/** GET /api/fairness/rolls?limit */
export function fetchFairnessRolls(limit: number, signal?: AbortSignal): Promise<FairnessRolls> {
  return api.get<FairnessRolls>(`/fairness/rolls?limit=${encodeURIComponent(String(limit))}`, { signal });
}

/** PUT /api/fairness/client-seed */
export function putClientSeed(clientSeed: string): Promise<FairnessStatus> {
  return api.put<FairnessStatus>('/fairness/client-seed', { clientSeed });
}

/** POST /api/fairness/rotate: reveals the old server seed, starts a new one at nonce 0. */
export function rotateSeed(): Promise<RotateResult> {
  return api.post<RotateResult>('/fairness/rotate', {});
}

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

export function useSetClientSeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putClientSeed,
    onSuccess: (status) => client.setQueryData(gameKeys.fairness(), status),
  });
}

export function useRotateSeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rotateSeed,
    onSuccess: (result) => {
      client.setQueryData(gameKeys.fairness(), result.current);
      void client.invalidateQueries({ queryKey: [...gameKeys.all, 'fairness-rolls'] });
    },
  });
}
