import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as friends from '@gogo/shared/api/endpoints/friends';
import * as userSocial from '@gogo/shared/api/endpoints/user-social';
import { call } from '../../../lib/api/call';
import { queryKeys } from '../../../lib/api/keys';
import { useLivePoll } from '../../../lib/realtime';

/** Online status is "active in the last 5 minutes": refreshing every 30 s keeps the dots honest. */
export const FRIENDS_REFRESH_MS = 30_000;

/** Without an id: every player's list (what a `friend` push refreshes, client/src/lib/realtime/cache.ts). */
export const friendKeys = {
  friends: (id?: number) => queryKeys.of(friends.friendList, { params: id === undefined ? undefined : { id } }),
  requests: (id?: number) => queryKeys.of(friends.friendRequests, { params: id === undefined ? undefined : { id } }),
  search: (query?: string) =>
    queryKeys.of(userSocial.searchUsers, { query: query === undefined ? undefined : { query } }),
};

export const friendsQuery = (id: number) =>
  queryOptions({
    queryKey: friendKeys.friends(id),
    queryFn: ({ signal }) => call(friends.friendList, { params: { id }, signal }),
    refetchInterval: FRIENDS_REFRESH_MS,
  });
/** Pushed (`friend` events) while the socket is live; polled without it. */
export const useFriends = (id: number) =>
  useQuery({ ...friendsQuery(id), refetchInterval: useLivePoll(FRIENDS_REFRESH_MS) });

export const requestsQuery = (id: number) =>
  queryOptions({
    queryKey: friendKeys.requests(id),
    queryFn: ({ signal }) => call(friends.friendRequests, { params: { id }, signal }),
    refetchInterval: FRIENDS_REFRESH_MS,
  });
export const useFriendRequests = (id: number) =>
  useQuery({ ...requestsQuery(id), refetchInterval: useLivePoll(FRIENDS_REFRESH_MS) });

export const useSearchPlayers = (query: string) =>
  useQuery({
    queryKey: friendKeys.search(query),
    queryFn: ({ signal }) => call(userSocial.searchUsers, { query: { query, limit: 10 }, signal }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** A friend mutation changes both players' lists and requests and the search's friend flags. */
function useFriendMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all(
        [friendKeys.friends(), friendKeys.requests(), friendKeys.search()].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useSendRequest = () =>
  useFriendMutation((toUserId: number) => call(friends.sendFriendRequest, { body: { toUserId } }));

export const useRespond = () =>
  useFriendMutation(({ id, response }: { id: number; response: 'accept' | 'decline' | 'cancel' }) =>
    call(friends.respondFriendRequest, { params: { id }, body: { response } }),
  );

export const useRemoveFriend = () =>
  useFriendMutation((friendId: number) => call(friends.removeFriend, { params: { id: friendId } }));
