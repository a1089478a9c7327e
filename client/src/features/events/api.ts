import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as challenges from '@gogo/shared/api/endpoints/challenges';
import * as events from '@gogo/shared/api/endpoints/events';
import * as game from '@gogo/shared/api/endpoints/game';
import { call } from '../../lib/api/call';
import { queryKeys } from '../../lib/api/keys';
import { useLivePoll } from '../../lib/realtime';
import { eventNoticeKey, type EventNotice } from '../../lib/realtime/cache';

export const eventsKeys = {
  list: () => queryKeys.of(events.listEvents),
  board: (id: number) => queryKeys.of(events.eventLeaderboard, { params: { id } }),
  challenges: () => queryKeys.of(challenges.listChallenges),
  race: () => queryKeys.of(challenges.friendsRace),
  state: () => queryKeys.of(game.gameState),
};

/** Events of the hub: the socket's pushes keep ranks live; without the socket it polls. */
export function useEvents() {
  const poll = useLivePoll(30_000);
  return useQuery({
    queryKey: eventsKeys.list(),
    queryFn: async ({ signal }) => (await call(events.listEvents, { signal })).events,
    refetchInterval: poll,
    staleTime: 10_000,
  });
}

export function useEventBoard(id: number, enabled: boolean) {
  return useQuery({
    queryKey: eventsKeys.board(id),
    queryFn: ({ signal }) =>
      call(events.eventLeaderboard, { params: { id }, query: { limit: 5, around: 'me' }, signal }),
    enabled,
    staleTime: 5_000,
  });
}

export function useJoinEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(events.joinEvent, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: eventsKeys.list() }),
  });
}

/** Sets or cancels the push reminder of an upcoming event. */
export function useEventReminder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      on ? call(events.remindEvent, { params: { id } }) : call(events.forgetEventReminder, { params: { id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: eventsKeys.list() }),
  });
}

export function useResultSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(events.eventResultSeen, { params: { id } }),
    onSettled: () => void client.invalidateQueries({ queryKey: eventsKeys.list() }),
  });
}

export function useChallenges() {
  return useQuery({
    queryKey: eventsKeys.challenges(),
    queryFn: ({ signal }) => call(challenges.listChallenges, { signal }),
    staleTime: 10_000,
  });
}

export function useClaimChallenge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(challenges.claimChallenge, { params: { id } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: eventsKeys.challenges() });
      void client.invalidateQueries({ queryKey: eventsKeys.state() });
    },
  });
}

export function useFriendsRace(enabled: boolean) {
  return useQuery({
    queryKey: eventsKeys.race(),
    queryFn: ({ signal }) => call(challenges.friendsRace, { signal }),
    enabled,
    staleTime: 10_000,
  });
}

/** The socket's latest word for the hub (a prize won, a friend passing): set by lib/realtime/cache.ts. */
export function useEventNotice() {
  return useQuery<EventNotice | null>({
    queryKey: eventNoticeKey,
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  }).data;
}
