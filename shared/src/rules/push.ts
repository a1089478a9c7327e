/**
 * Web push: the kinds of notification the server sends, and the rules of how many. Pure: no clock,
 * no I/O. Schemas, the preferences record and the server's value lists derive from PUSH_KINDS.
 */

/** Every kind of push notification, each one a switch in Settings. */
export const PUSH_KINDS = [
  'dice_full',
  'event_ending',
  'event_prize',
  'friend_overtake',
  'daily_ready',
  'event_start',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** A player's switches: every kind present (a record keyed by the vocabulary is total). */
export type PushPreferences = Record<PushKind, boolean>;

/** Every kind on: what a player who never touched the switches gets. */
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = Object.fromEntries(
  PUSH_KINDS.map((kind) => [kind, true]),
) as PushPreferences;

/** At most this many notifications reach one player in a UTC day, all kinds and instances together. */
export const PUSH_DAILY_CAP = 3;

/** A tournament the player joined is announced this long before it ends. */
export const EVENT_ENDING_NOTICE_MS = 60 * 60 * 1000;

/** A player keeps at most this many devices subscribed; the oldest goes when one more subscribes. */
export const PUSH_MAX_DEVICES = 10;

/** Sends to a push service are tried this many times (then the notification is given up). */
export const PUSH_MAX_ATTEMPTS = 3;

/** The wait before try n+1 (n = tries so far): 30 s, then 2 min. */
export const pushRetryDelay = (attempts: number): number => 30_000 * 4 ** Math.max(0, attempts - 1);

/** The switches after a change: kinds left out keep their value. */
export function mergePushPreferences(current: PushPreferences, change: Partial<PushPreferences>): PushPreferences {
  const next = { ...current };
  for (const kind of PUSH_KINDS) {
    const value = change[kind];
    if (typeof value === 'boolean') next[kind] = value;
  }
  return next;
}

/** The stored list of kinds turned off, read back as the total record (unknown names are ignored). */
export function pushPreferencesFromOff(off: readonly string[]): PushPreferences {
  const prefs = { ...DEFAULT_PUSH_PREFERENCES };
  for (const kind of PUSH_KINDS) if (off.includes(kind)) prefs[kind] = false;
  return prefs;
}

/** The kinds turned off, in vocabulary order: what is stored. */
export const pushKindsOff = (prefs: PushPreferences): PushKind[] => PUSH_KINDS.filter((kind) => !prefs[kind]);

/** The UTC day (YYYY-MM-DD) a notification is counted in for the daily cap. */
export const pushDayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Whether a subscription's endpoint may be stored: https with a host, or (tests only) http on a
 * loopback address, where the test's push-service stand-in listens.
 */
export function pushEndpointAllowed(endpoint: string, allowLoopbackHttp: boolean): boolean {
  const match = /^(https?):\/\/([^/?#\s]+)([/?#]\S*)?$/i.exec(endpoint);
  if (!match) return false;
  const scheme = match[1]!.toLowerCase();
  const authority = match[2]!;
  // Credentials in the URL are never a push service's.
  if (authority.includes('@')) return false;
  const hostPort = /^(\[[0-9a-f:]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(authority);
  if (!hostPort) return false;
  const host = hostPort[1]!.toLowerCase();
  if (scheme === 'https') return true;
  return allowLoopbackHttp && (host === '127.0.0.1' || host === 'localhost' || host === '[::1]');
}

/** The browser's keys of a subscription, base64url: an uncompressed P-256 point (65 bytes) and a 16-byte secret. */
export const PUSH_P256DH_BYTES = 65;
export const PUSH_AUTH_BYTES = 16;

/** Bytes of a base64url text (no padding), or null when it is not base64url. */
export function base64UrlBytes(value: string): number | null {
  const trimmed = value.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(trimmed) || trimmed.length % 4 === 1) return null;
  return Math.floor((trimmed.length * 3) / 4);
}
