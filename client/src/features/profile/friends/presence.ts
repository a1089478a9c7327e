import type { Presence } from '@gogo/shared/api';
import { formatTimeAgo } from '@gogo/shared/rules';

export type PresenceState = 'online' | 'offline' | 'hidden';

/** What a friend's dot and line say: online now, last seen some time ago, or hidden by their choice. */
export function describePresence(presence: Presence, now: number): { state: PresenceState; text: string } {
  if (presence.isOnline === null) return { state: 'hidden', text: 'Status hidden' };
  if (presence.isOnline) return { state: 'online', text: 'Online' };
  if (presence.lastSeen === null) return { state: 'offline', text: 'Offline' };
  return { state: 'offline', text: `Last seen ${formatTimeAgo(now - Date.parse(presence.lastSeen))} ago` };
}
