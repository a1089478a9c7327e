/** How often each instance looks for ended event rounds and friends-race weeks to settle. */
export const DEFAULT_EVENTS_SWEEP_MS = 2_000;
