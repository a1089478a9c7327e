import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationsPatch,
  PreferencesPatch,
  PrivacyPatch,
  ProfileUpdateBody,
  UserProfile,
} from '@gogo/shared/api';
import * as auth from '@gogo/shared/api/endpoints/auth';
import * as userAccount from '@gogo/shared/api/endpoints/user-account';
import * as userProfile from '@gogo/shared/api/endpoints/user-profile';
import { call } from '../../../lib/api/call';
import { callForFile, callMultipart } from '../../../lib/api/files';
import { queryKeys } from '../../../lib/api/keys';
import { session } from '../../../lib/session';

/** Query keys of the settings panel: mutations update or invalidate exactly the profile they change. */
export const userKeys = {
  profile: (id: number) => queryKeys.of(userProfile.profile, { params: { id } }),
};

export const fetchProfile = (id: number, signal?: AbortSignal) => call(userProfile.profile, { params: { id }, signal });
export const profileQuery = (id: number) =>
  queryOptions({ queryKey: userKeys.profile(id), queryFn: ({ signal }) => fetchProfile(id, signal) });
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
    mutationFn: (body: ProfileUpdateBody) => call(userProfile.updateProfile, { params: { id }, body }),
    onSuccess: (profile) => {
      client.setQueryData(userKeys.profile(id), profile);
      syncSessionUser(profile);
    },
  });
}

type SettingsChange =
  | { kind: 'preferences'; patch: PreferencesPatch }
  | { kind: 'privacy'; patch: PrivacyPatch }
  | { kind: 'notifications'; patch: NotificationsPatch };

/** One settings card's change, to its own route; every route answers the whole settings. */
function patchSettings(id: number, change: SettingsChange) {
  const params = { id };
  switch (change.kind) {
    case 'preferences':
      return call(userProfile.updatePreferences, { params, body: { preferences: change.patch } });
    case 'privacy':
      return call(userProfile.updatePrivacy, { params, body: { privacy: change.patch } });
    case 'notifications':
      return call(userProfile.updateNotifications, { params, body: { notifications: change.patch } });
  }
}

export function useUpdateSettings(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsChange) => patchSettings(id, change),
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
    mutationFn: (file: File) =>
      callMultipart(userAccount.uploadAvatar, { params: { id }, form: { avatar: file }, timeoutMs: 60_000 }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.profile(id) }),
  });
}

export function useRemoveAvatar(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(userAccount.deleteAvatar, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.profile(id) }),
  });
}

export const deactivateAccount = (id: number, reason: string) =>
  call(userAccount.deactivate, { params: { id }, body: reason.trim() ? { reason: reason.trim() } : {} });

/** After a deactivation: the player's tokens are revoked on every device (a failure changes nothing). */
export const revokeSessions = () =>
  call(auth.logout).then(
    () => undefined,
    () => undefined,
  );

export const deleteAccount = (id: number, password: string) =>
  call(userAccount.deleteAccount, { params: { id }, body: { password } });

/**
 * The export is a file, not an envelope: fetched with the player's token and handed to the browser
 * as a download through an object URL.
 */
export async function downloadExport(id: number): Promise<string> {
  const response = await callForFile(userAccount.exportData, { params: { id } });
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
