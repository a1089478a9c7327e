/**
 * Who a player is to another: the profile record (user_profiles), avatar URLs, who may reach, read
 * or change a player, presence as seen, and the password re-check of sensitive actions.
 * Other code imports this module only through this file.
 */
export { AVATAR_FILE_PATTERN, AVATAR_URL_PREFIX, avatarUrl } from './avatar-url.js';
export { privacyFrom, profiles, type ProfilePatch, type ProfileRow } from './profiles.js';
export {
  createAccess,
  PASSWORD_FAILURES_MAX,
  PASSWORD_FAILURES_WINDOW_MS,
  type Access,
  type FriendGraph,
  type Target,
} from './service.js';
