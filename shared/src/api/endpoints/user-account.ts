import { Type } from 'typebox';
import { endpoint, STANDARD_ERROR_STATUSES } from '../endpoint.js';
import { UserIdParams } from '../stats.js';
import {
  AccountDeletedResponse,
  AccountStatusResponse,
  AvatarFileParams,
  AvatarResponse,
  AvatarUploadBody,
  DeactivateBody,
  DeleteAccountBody,
  ExportDocument,
} from '../user-account.js';

// The player's account: avatar, deactivation, data export and deletion.

export const uploadAvatar = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/user/avatar/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Upload own avatar (multipart field `avatar`)',
  description:
    'PNG, JPEG or WebP recognised by content (not by name or declared type), at most 2 MB (413 ' +
    'AVATAR_TOO_LARGE) and 1024 x 1024 pixels (400 AVATAR_DIMENSIONS); anything else is 400 ' +
    'AVATAR_INVALID_TYPE. Metadata (EXIF, XMP, text chunks) and bytes after the image end are removed. The ' +
    'file gets a new random name; the previous one is deleted.',
  params: UserIdParams,
  body: AvatarUploadBody,
  response: AvatarResponse,
  errors: [...STANDARD_ERROR_STATUSES, 413],
  multipart: true,
});

export const deleteAvatar = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/api/user/avatar/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Remove own avatar',
  params: UserIdParams,
  response: AvatarResponse,
});

/** The image bytes, described per media type (fast-json-stringify leaves a `content` answer alone). */
const binary = { schema: { type: 'string', format: 'binary' } };
const AvatarImage = Type.Unsafe<Uint8Array>({
  description: 'the image',
  content: { 'image/png': binary, 'image/jpeg': binary, 'image/webp': binary },
});

export const avatarFile = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/files/avatars/:file',
  auth: 'none',
  tags: ['user'],
  summary: 'An avatar image (no auth: the random name is the key)',
  description:
    'Served with its recognised type, X-Content-Type-Options nosniff and a sandboxing CSP. The URL comes ' +
    'from profile, search, friend and top-player answers, which follow privacy.',
  params: AvatarFileParams,
  response: AvatarImage,
  errors: [404],
});

export const deactivate = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/user/deactivate/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Deactivate own account (reversible)',
  description:
    'The player disappears for everyone else (profile 404, search, online, friends lists, leaderboards) ' +
    'until they reactivate, here or simply by logging in again. Game and money data are untouched.',
  params: UserIdParams,
  body: DeactivateBody,
  response: AccountStatusResponse,
});

export const reactivate = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/user/reactivate/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Reactivate own account',
  description: 'Idempotent: an active account stays active. Logging in also reactivates.',
  params: UserIdParams,
  response: AccountStatusResponse,
});

export const exportData = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/user/export/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Download everything stored about oneself (JSON file)',
  description:
    'A JSON file (Content-Disposition: attachment), not an envelope: account (no password hash), settings, ' +
    'avatar, game state, ledger, rolls, revealed fairness seeds, achievements, daily records, play ' +
    'sessions, money transactions, referral, friends and friend requests (others by public username only). ' +
    'Nothing about any other player. Only the player; one download per 30 seconds (429).',
  params: UserIdParams,
  response: ExportDocument,
});

export const deleteAccount = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/user/delete/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Delete own account (needs the password)',
  description:
    'Removes personal data: username and email are replaced by deleted-<id>, the password by one nobody ' +
    'knows, every token is revoked, settings, avatar, friends and friend requests go. Ledger, rolls and ' +
    'money records stay under the anonymised account (balances must stay explained). Login then answers ' +
    'INVALID_CREDENTIALS. 403 INVALID_PASSWORD on a wrong password; 409 PENDING_TRANSACTIONS while a ' +
    'deposit or withdrawal waits for review.',
  params: UserIdParams,
  body: DeleteAccountBody,
  response: AccountDeletedResponse,
});
