// The game's texts every page may need (the game screen's own are in game.ts), the live socket, the engine.

export const gameText = {
  noRollsLeft: 'No dice rolls remaining. Please purchase more dice rolls.',
  cooldown: 'Wait a moment before rolling again...',
  tapTile: 'Tap a tile to view details',
  alreadyClaimed: 'Already claimed today',
  multiplierLocked: (multiplier: number, level: number, dice: number) =>
    `Multiplier x${multiplier} is locked: it opens at level ${level} or with ${dice} dice in hand.`,
} as const;

export const historyText = {
  loading: 'Loading...',
  empty: 'No transactions yet.',
} as const;

/**
 * The realtime socket: close reasons and error messages of the server (a close reason
 * stays under 123 bytes) and the small "live" indicator of the client.
 */
export const realtimeText = {
  authTimeout: 'No auth message within 5 seconds.',
  authFirst: 'The first message must be {"type":"auth","token":"..."}.',
  tooSlow: 'The connection could not keep up and was closed.',
  replaced: 'Too many open connections for this account: the oldest one was closed.',
  tooManyMessages: 'Too many messages: the socket only takes auth and ping.',
  alreadyAuthenticated: 'This socket is already authenticated.',
  unknownMessage: 'Unknown message type: the socket only takes "auth" and "ping". Nothing can be changed here.',
  badMessage: 'A message must be a JSON object with a "type".',
  shuttingDown: 'The server is restarting.',
  // Closed with TRY_AGAIN_LATER when the instance could not start receiving other instances' changes in time.
  notListening: 'Live updates are not available on this server right now: try again later.',
  upgradeRequired: 'This address opens a WebSocket: connect with an Upgrade request.',
  live: 'Live',
  liveTitle: 'Live: changes arrive as they happen.',
  connecting: 'Connecting',
  connectingTitle: 'Opening the live connection…',
  polling: 'Refreshing',
  pollingTitle: 'The live connection is not available: this page refreshes itself every few seconds.',
  decidedElsewhere: 'Another admin has just decided this request: it is no longer pending, nothing more to do here.',
  recentUnlocksTitle: 'Just unlocked',
  recentUnlocksEmpty: 'No achievements unlocked yet. The first roll earns one.',
  recentUnlock: (username: string, achievement: string) => `${username} unlocked ${achievement}`,
} as const;

/** Server texts of the game engine that the spec does not word itself. */
export const engineText = {
  clientSeedInvalid: 'The client seed must be 1 to 64 printable characters (letters, digits, spaces or symbols).',
  stateIgnored: 'The server keeps the game state; values sent by the browser were ignored.',
  stateReset: 'Progress reset. Your GOGO balance and dice rolls are unchanged.',
  playerNotFound: 'Player not found.',
  sessionNotFound: 'Play session not found.',
  ownDataOnly: 'Access denied. You can only read your own game data.',
  sessionEnded: 'This play session has already ended.',
} as const;
