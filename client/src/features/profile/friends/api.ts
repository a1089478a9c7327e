import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FriendList, FriendRequestResult, FriendRequests, RespondResult, SearchResults } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { useLivePoll } from '../../../lib/realtime';

/** Online status is "active in the last 5 minutes": refreshing every 30 s keeps the dots honest. */
export const FRIENDS_REFRESH_MS = 30_000;

export const friendKeys = {
  friends: (id: number) => ['user', 'friends', id] as const,
  requests: (id: number) => ['user', 'friend-requests', id] as const,
  search: (query: string) => ['user', 'search', query] as const,
  all: ['user'] as const,
};

export const friendsQuery = (id: number) =>
  queryOptions({
    queryKey: friendKeys.friends(id),
    queryFn: () => api.get<FriendList>(`/user/friends/${id}`),
    refetchInterval: FRIENDS_REFRESH_MS,
  });
/** Pushed (`friend` events) while the socket is live; polled without it. */
export const useFriends = (id: number) =>
  useQuery({ ...friendsQuery(id), refetchInterval: useLivePoll(FRIENDS_REFRESH_MS) });

export const requestsQuery = (id: number) =>
  queryOptions({
    queryKey: friendKeys.requests(id),
    queryFn: () => api.get<FriendRequests>(`/user/friend-requests/${id}`),
    refetchInterval: FRIENDS_REFRESH_MS,
  });
export const useFriendRequests = (id: number) =>
  useQuery({ ...requestsQuery(id), refetchInterval: useLivePoll(FRIENDS_REFRESH_MS) });

export const useSearchPlayers = (query: string) =>
  useQuery({
    queryKey: friendKeys.search(query),
    queryFn: () => api.get<SearchResults>(`/user/search?query=${encodeURIComponent(query)}&limit=10`),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** Every friend mutation changes lists, requests and search flags: refresh the /user queries. */
function useFriendMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: friendKeys.all }),
  });
}

export const useSendRequest = () =>
  useFriendMutation((toUserId: number) => api.post<FriendRequestResult>('/user/friend-request', { toUserId }));

export const useRespond = () =>
  useFriendMutation(({ id, response }: { id: number; response: 'accept' | 'decline' | 'cancel' }) =>
    api.post<RespondResult>(`/user/friend-request/${id}/respond`, { response }),
  );

export const useRemoveFriend = () =>
  useFriendMutation((friendId: number) =>
    api.delete<{ removed: boolean; friendId: number }>(`/user/friend/${friendId}`),
  );
