/**
 * The realtime socket's close reason when the instance could not start receiving other instances'
 * changes in time (PostgreSQL's LISTEN connection): the client tries again later (close code 1013).
 * Re-exported by shared/src/messages/index.ts.
 */
export const realtimeListenText = {
  notListening: 'Live updates are not available on this server right now: try again later.',
} as const;
