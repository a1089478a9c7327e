/** Browser storage keys, in one place (the privacy policy lists them). */
export const storageKeys = {
  token: 'gogo.token',
  user: 'gogo.user',
  adminToken: 'gogo.adminToken',
  settings: 'gogo.settings',
  localLeaderboard: 'gogo.leaderboard',
  deviceId: 'gogo.deviceId',
  /** Per player: the deposit credits already celebrated. */
  creditsSeen: 'gogo.creditsSeen',
  /** When the player said "Not now" to the install offer. */
  installDismissed: 'gogo.installDismissed',
  /** The dice multiplier last chosen beside the roll button. */
  rollMultiplier: 'gogo.rollMultiplier',
  /** Once the in-app notification prompt has been answered (or the browser's shown): it never comes back by itself. */
  pushAsked: 'gogo.pushAsked',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the app keeps working without persistence.
  }
}
