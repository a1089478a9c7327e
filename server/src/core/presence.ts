/** "Online" = seen (any authenticated request) within the last 5 minutes. */
export const ONLINE_WINDOW_MS = 5 * 60_000;
