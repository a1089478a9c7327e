import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountStatus,
  AvatarResult,
  NotificationsPatch,
  PreferencesPatch,
  PrivacyPatch,
  ProfileUpdateBody,
  UserProfile,
  UserSettings,
} from '@gogo/shared/api';
import { errorText } from '@gogo/shared/messages';
import { api } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { session } from '../../../lib/session';

/** Query keys of the settings panel: mutations update or invalidate exactly the profile they change. */
export const userKeys = {
  profile: (id: number) => ['user', 'profile', id] as const,
};

export const fetchProfile = (id: number) => api.get<UserProfile>(`/user/profile/${id}`);
export const profileQuery = (id: number) =>
  queryOptions({ queryKey: userKeys.profile(id), queryFn: () => fetchProfile(id) });
export const useProfile = (id: number) => useQuery(profileQuery(id));

/** Keeps the stored session user (shown in the header) in step with a changed username or email. */
function syncSessionUser(profile: UserProfile) {
  const current = session.get().user;
  if (!current || current.id !== profile.id) return;
  const email = profile.account?.email ?? current.email;
  if (current.username !== profile.username || current.email !== email) {
    session.updateUser({ ...current, username: profile.username, email });
  }
}

export function useUpdateProfile(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api.put<UserProfile>(`/user/profile/${id}`, body),
    onSuccess: (profile) => {
      client.setQueryData(userKeys.profile(id), profile);
      syncSessionUser(profile);
    },
  });
}

type SettingsKind = 'preferences' | 'privacy' | 'notifications';
const settingsPath: Record<SettingsKind, string> = {
  preferences: 'preferences',
  privacy: 'privacy',
  notifications: 'notifications',
};

export function useUpdateSettings(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'preferences'; patch: PreferencesPatch }
        | { kind: 'privacy'; patch: PrivacyPatch }
        | { kind: 'notifications'; patch: NotificationsPatch },
    ) => api.patch<UserSettings>(`/user/${settingsPath[change.kind]}/${id}`, { [change.kind]: change.patch }),
    onSuccess: (settings) => {
      client.setQueryData<UserProfile>(userKeys.profile(id), (old) =>
        old?.account
          ? { ...old, profileVisibility: settings.privacy.profileVisibility, account: { ...old.account, settings } }
          : old,
      );
    },
  });
}

export function useUploadAvatar(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      return api.post<AvatarResult>(`/user/avatar/${id}`, form, { timeoutMs: 60_000 });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.profile(id) }),
  });
}

export function useRemoveAvatar(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<AvatarResult>(`/user/avatar/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.profile(id) }),
  });
}

export const deactivateAccount = (id: number, reason: string) =>
  api.post<AccountStatus>(`/user/deactivate/${id}`, reason.trim() ? { reason: reason.trim() } : {});

export const deleteAccount = (id: number, password: string) =>
  api.post<{ deleted: boolean; deletedAt: string }>(`/user/delete/${id}`, { password });

/**
 * The export is a file, not an envelope: fetched with the player's token and handed to the browser
 * as a download through an object URL.
 */
export async function downloadExport(id: number): Promise<string> {
  const { token } = session.get();
  let response: Response;
  try {
    response = await fetch(`/api/user/export/${id}`, {
      method: 'POST',
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(errorText.connection, null, null, undefined, 'network');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message: string; code: string } } | null;
    throw new ApiError(body?.error?.message ?? response.statusText, response.status, body?.error?.code ?? null);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `gogo-board-export-${id}.json`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
