import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUserView,
  AllUsersResult,
  LedgerResult,
  LockedUser,
  ResetPasswordResult,
  SyncBalanceResult,
  TestLoginResult,
  UnlockUserResult,
  UserDetailResult,
  UserSortField,
} from '@gogo/shared/api';
import { validationText } from '@gogo/shared/messages';
import { ApiError } from '../../../lib/api/errors';
import { adminApi, toQuery } from './http';
import { adminKeys } from './keys';

export interface UsersQuery {
  search: string;
  sortBy: UserSortField;
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
}

export const fetchUsers = (q: Partial<UsersQuery>) => adminApi.get<AllUsersResult>(`/all-users${toQuery({ ...q })}`);

export const useUsers = (q: UsersQuery) =>
  useQuery({ queryKey: adminKeys.users(q), queryFn: () => fetchUsers(q), placeholderData: keepPreviousData });

export const useUserDetail = (id: number) =>
  useQuery({ queryKey: adminKeys.user(id), queryFn: () => adminApi.get<UserDetailResult>(`/users/${id}`) });

export const useUserLedger = (userId: number, page: number) =>
  useQuery({
    queryKey: adminKeys.ledger(userId, page),
    queryFn: () => adminApi.get<LedgerResult>(`/transactions${toQuery({ userId, page, limit: 25 })}`),
    placeholderData: keepPreviousData,
  });

export const useLockedUsers = () =>
  useQuery({
    queryKey: adminKeys.lockedUsers,
    queryFn: () => adminApi.get<{ lockedUsers: LockedUser[] }>('/locked-users'),
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
  useAdminMutation((email: string) => adminApi.post<UnlockUserResult>('/unlock-user', { email }));

export const useSyncBalance = () =>
  useAdminMutation((userId: number) => adminApi.post<SyncBalanceResult>(`/sync-user-balance/${userId}`));

export const useSyncBalanceByEmail = () =>
  useAdminMutation(async (email: string) => {
    const user = await findUserByEmail(email);
    return adminApi.post<SyncBalanceResult>(`/sync-user-balance/${user.id}`);
  });

export const useResetPassword = () =>
  useAdminMutation((args: { userId: number; newPassword: string }) =>
    adminApi.post<ResetPasswordResult>('/reset-user-password', args),
  );

export const useTestLogin = () =>
  useAdminMutation((userId: number) => adminApi.post<TestLoginResult>('/test-login', { userId }));
