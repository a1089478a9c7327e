import { useQuery } from '@tanstack/react-query';
import * as challenges from '@gogo/shared/api/endpoints/challenges';
import * as events from '@gogo/shared/api/endpoints/events';
import * as friends from '@gogo/shared/api/endpoints/friends';
import { call } from './api/call';
import { queryKeys } from './api/keys';
import { useLivePoll } from './realtime';

/** Read often enough for a badge without the socket; the socket's pushes refresh these keys at once. */
const ATTENTION_POLL_MS = 60_000;

/**
 * What waits for the player on their profile and in the events hub: incoming friend requests, event
 * prizes not yet seen, challenges done but not claimed. Reads the very queries the profile and the hub
 * read (same keys), so a badge and the screen behind it never disagree.
 */
export function useProfileAttention(userId: number | null) {
  const poll = useLivePoll(ATTENTION_POLL_MS);
  const enabled = userId !== null && userId > 0;
  const requests = useQuery({
    queryKey: queryKeys.of(friends.friendRequests, { params: { id: userId ?? 0 } }),
    queryFn: ({ signal }) => call(friends.friendRequests, { params: { id: userId ?? 0 }, signal }),
    enabled,
    refetchInterval: poll,
    staleTime: 10_000,
  });
  const list = useQuery({
    queryKey: queryKeys.of(events.listEvents),
    queryFn: async ({ signal }) => (await call(events.listEvents, { signal })).events,
    enabled,
    refetchInterval: poll,
    staleTime: 10_000,
  });
  const today = useQuery({
    queryKey: queryKeys.of(challenges.listChallenges),
    queryFn: ({ signal }) => call(challenges.listChallenges, { signal }),
    enabled,
    refetchInterval: poll,
    staleTime: 10_000,
  });
  const friendRequests = requests.data?.incoming.length ?? 0;
  const prizes = list.data?.filter((e) => e.result && !e.result.seen).length ?? 0;
  const claims = today.data?.challenges.filter((c) => c.completed && !c.claimed).length ?? 0;
  return { friendRequests, prizes, claims, total: friendRequests + prizes + claims };
}
