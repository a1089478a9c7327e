import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as userProfile from '@gogo/shared/api/endpoints/user-profile';
import { call } from '../../../lib/api/call';
import { queryKeys } from '../../../lib/api/keys';

/**
 * Whether the account still has the quick tour to see: the account's own "Show tutorial" (its game
 * preferences, kept on the server), so a tour finished on one browser stays finished on every other.
 */
export const tourKey = (id: number) => queryKeys.of(userProfile.profile, { params: { id } });

export function useTourWanted(userId: number | null) {
  return useQuery({
    queryKey: tourKey(userId ?? 0),
    queryFn: ({ signal }) => call(userProfile.profile, { params: { id: userId ?? 0 }, signal }),
    enabled: userId !== null,
    staleTime: 60_000,
    select: (profile) => profile.account?.settings.gamePreferences.gameplay.showTutorial ?? false,
  });
}

/** Records on the account that the tour is done (false) or wanted again (true, from Settings). */
export function useSetTourWanted(userId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (showTutorial: boolean) =>
      call(userProfile.updateGamePreferences, {
        params: { id: userId ?? 0 },
        body: { gamePreferences: { gameplay: { showTutorial } } },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: tourKey(userId ?? 0) }),
  });
}
