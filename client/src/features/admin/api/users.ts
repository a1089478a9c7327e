import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserView, UserSortField } from '@gogo/shared/api';
import type { EndpointQuery } from '@gogo/shared/api/endpoint';
import * as adminReports from '@gogo/shared/api/endpoints/admin-reports';
import * as adminUsers from '@gogo/shared/api/endpoints/admin-users';
import { validationText } from '@gogo/shared/messages';
import { call } from '../../../lib/api/call';
import { ApiError } from '../../../lib/api/errors';
import { adminKeys } from './keys';

export interface UsersQuery {
  search: string;
  sortBy: UserSortField;
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
}

// AllUsersQuery builds its sortBy union with `.map`, which TypeBox's Static reads as `never`: the
// field is passed through a cast until the schema spells its literals (reported upstream).
type SortByAsTyped = NonNullable<EndpointQuery<typeof adminUsers.allUsers>>['sortBy'];

export const fetchUsers = (q: Partial<UsersQuery>) =>
  call(adminUsers.allUsers, {
    query: { ...q, search: q.search || undefined, sortBy: q.sortBy as unknown as SortByAsTyped },
  });

export const useUsers = (q: UsersQuery) =>
  useQuery({ queryKey: adminKeys.users(q), queryFn: () => fetchUsers(q), placeholderData: keepPreviousData });

export const useUserDetail = (id: number) =>
  useQuery({ queryKey: adminKeys.user(id), queryFn: () => call(adminUsers.userDetail, { params: { userId: id } }) });

export const useUserLedger = (userId: number, page: number) =>
  useQuery({
    queryKey: adminKeys.ledger(userId, page),
    queryFn: () => call(adminReports.ledger, { query: { userId, page, limit: 25 } }),
    placeholderData: keepPreviousData,
  });

export const useLockedUsers = () =>
  useQuery({
    queryKey: adminKeys.lockedUsers,
    queryFn: () => call(adminUsers.lockedUsers),
  });

/** The player with exactly this email (the API searches by substring), or a 404-like error. */
export async function findUserByEmail(email: string): Promise<AdminUserView> {
  const wanted = email.trim().toLowerCase();
  const result = await fetchUsers({ search: wanted, limit: 25 });
  const user = result.users.find((u) => u.email.toLowerCase() === wanted);
  if (!user) throw new ApiError(validationText.adminUserNotFound, 404, 'USER_NOT_FOUND');
  return user;
}

/** Every account tool refreshes the whole back office: balances, locks and the audit log all move. */
function useAdminMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useUnlockUser = () =>
  useAdminMutation((email: string) => call(adminUsers.unlockUser, { body: { email } }));

export const useSyncBalance = () =>
  useAdminMutation((userId: number) => call(adminUsers.syncUserBalance, { params: { userId } }));

export const useSyncBalanceByEmail = () =>
  useAdminMutation(async (email: string) => {
    const user = await findUserByEmail(email);
    return call(adminUsers.syncUserBalance, { params: { userId: user.id } });
  });

export const useResetPassword = () =>
  useAdminMutation((args: { userId: number; newPassword: string }) =>
    call(adminUsers.resetUserPassword, { body: args }),
  );

export const useTestLogin = () =>
  useAdminMutation((userId: number) => call(adminUsers.testLogin, { body: { userId } }));
