/**
 * The tags of the endpoint table, each with what it groups: the OpenAPI document lists them, and a
 * contract test checks that every entry's tag is one of them.
 */
export const API_TAGS = [
  { name: 'auth', description: 'Player sign-up, sign-in, sign-out, email verification and password reset.' },
  { name: 'game', description: 'The board: rolls, the game state, achievements and the leaderboard of play.' },
  { name: 'game-session', description: 'Play sessions: when a player started and stopped playing.' },
  { name: 'dice', description: 'Dice rolls a player holds and buys.' },
  { name: 'daily', description: 'Free daily dice and the login streak.' },
  { name: 'fairness', description: 'Provably fair draws: seeds, commitments and verification of past rolls.' },
  { name: 'credits', description: 'GOGO balance, history, deposits, dice purchases and withdrawal requests.' },
  { name: 'prices', description: 'Coin prices in USD behind deposits and dice purchases.' },
  { name: 'referrals', description: 'Referral codes and the rewards of referred friends.' },
  { name: 'friends', description: 'Friend requests and friend lists.' },
  { name: 'user', description: "A player's profile, settings, avatar, privacy and account." },
  { name: 'player-stats', description: "A player's statistics and shareable images." },
  { name: 'public', description: 'Figures shown on the public pages without an account.' },
  { name: 'site', description: 'Site configuration and pages served to browsers.' },
  { name: 'realtime', description: 'The WebSocket that pushes changes to signed-in pages.' },
  { name: 'admin', description: 'The back office: admin sign-in, money reviews, users, reports and the audit log.' },
  { name: 'board', description: "A player's property board: owned properties, upgrades and completed boards." },
  { name: 'events', description: 'Live events: tournaments with prizes, their standings and results.' },
  { name: 'challenges', description: 'Daily challenges, their claims and streak, and the weekly race among friends.' },
  { name: 'push', description: "Web push: a player's devices and which notifications they receive." },
  { name: 'wallet', description: 'A wallet linked by signature (Sign-In with Ethereum) for payouts.' },
  { name: 'health', description: 'Liveness and readiness for load balancers.' },
  { name: 'ops', description: 'Operations: metrics and this API document.' },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];
