/**
 * Every user-facing text of the product spec, in one place, so that the UI, the server and the
 * tests agree on the exact wording. Keys describe meaning, values are the spec's texts verbatim.
 */
export const validationText = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordLettersAndDigits: 'Password must contain both letters and numbers.',
  usernameRequired: 'Username is required.',
  usernameTooShort: 'Username must be at least 3 characters long.',
  usernameTooLong: 'Username must be less than 20 characters.',
  usernameCharset: 'Username can only contain letters, numbers, and underscores.',
  depositLogin: 'Please login.',
  amountInvalid: 'Enter a valid amount.',
  depositMinimum: 'Minimum deposit is $10 USD equivalent',
  depositMinimumHint: 'Minimum deposit is $10 USD equivalent.',
  withdrawExceedsBalance: 'Withdrawal amount exceeds your GOGO balance.',
  cryptoAddressRequired: 'Crypto address is required.',
  referralCodeInvalid: 'Enter a valid code',
  adminDiceRollsRequired: 'Enter dice rolls to credit',
  adminPasswordTooShort: 'Password must be at least 6 characters long',
  adminUserNotFound: 'User not found. Please enter a valid email.',
} as const;

/** Display texts chosen by error code, the first step of messageForError (client/src/lib/api/errors.ts). */
export const errorTextByCode = {
  EMAIL_ALREADY_EXISTS: 'This email address is already registered. Please try logging in instead.',
  USERNAME_ALREADY_EXISTS: 'This username is already taken. Please choose a different username.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  WEAK_PASSWORD: 'Password must be at least 8 characters long and contain letters and numbers.',
  INVALID_CREDENTIALS: 'Invalid email or password. Please check your credentials and try again.',
  USER_NOT_FOUND: 'No account found with this email address. Please register first.',
  ACCOUNT_LOCKED: 'Your account has been temporarily locked due to too many failed attempts. Please try again later.',
  EMAIL_NOT_VERIFIED: 'Please verify your email address before logging in.',
  TOKEN_EXPIRED: 'Your session has expired. Please log in again.',
  RATE_LIMIT_EXCEEDED: 'Too many attempts. Please wait a few minutes before trying again.',
} as const;

/** Display texts chosen by HTTP status when the code is not in the table above. */
export const errorTextByStatus: Readonly<Record<number, string>> = {
  400: 'Invalid request. Please check your input and try again.',
  401: 'Invalid email or password. Please check your credentials.',
  403: 'Access denied. Please check your permissions.',
  404: 'Service not found. Please try again later.',
  409: errorTextByCode.EMAIL_ALREADY_EXISTS,
  422: 'Invalid data provided. Please check your input.',
  423: 'Account is temporarily locked due to too many failed login attempts. Please try again later.',
  429: 'Too many requests. Please wait a moment before trying again.',
  500: 'Server error. Please try again later.',
  503: 'Service temporarily unavailable. Please try again later.',
};

export const errorText = {
  connection: 'Connection error. Please check your internet connection and try again.',
  timeout: 'Request timed out. Please try again.',
  fallback: 'An unexpected error occurred. Please try again.',
  invalidResponse: 'Invalid response from server',
  networkOccurred: 'Network error occurred',
  dailyLoadFailed: 'Failed to load daily dice roll information',
  dailyClaimFailed: 'Failed to claim daily dice rolls',
  depositFailed: 'Failed to submit deposit request.',
  depositNetwork: 'Network error: Failed to submit deposit request.',
  withdrawalFailed: 'Failed to submit withdrawal request.',
  referralFailed: 'Failed to apply code',
  copyFailed: 'Failed to copy',
  adminLoginFailed: 'Login failed',
  unlockFailed: 'Failed to unlock user',
  approveDepositFailed: 'Failed to approve deposit',
  rejectDepositFailed: 'Failed to reject deposit',
  approveWithdrawalFailed: 'Failed to approve withdrawal',
  rejectWithdrawalFailed: 'Failed to reject withdrawal',
  syncFailed: 'Failed to sync balance',
  resetPasswordFailed: 'Failed to reset password',
  cleanupFailed: 'Failed to cleanup corrupted deposits',
} as const;

export const authText = {
  loginSuccess: 'Login successful! Redirecting...',
  registerSuccess: 'Registration successful! Redirecting...',
  adminSigningIn: 'Signing in...',
} as const;

export const gameText = {
  noRollsLeft: 'No dice rolls remaining. Please purchase more dice rolls.',
  cooldown: 'Wait a moment before rolling again...',
  tapTile: 'Tap a tile to view details',
  alreadyClaimed: 'Already claimed today',
} as const;

// The game screen's own texts: shared/src/messages/game.ts ('@gogo/shared/messages/game'), a module of
// their own so the landing page does not download them.

export const historyText = {
  loading: 'Loading...',
  empty: 'No transactions yet.',
} as const;

/**
 * Money refusals and notices. The spec words only some of them (validationText, errorText); these
 * are the product's own texts for the rules of docs/adr, 'Every change of value is a ledger
 * row' and 'Deposits, purchases and withdrawals wait for an admin'.
 */
export const moneyText = {
  withdrawWholeGogo: 'Withdrawals are in whole GOGO.',
  withdrawMinimum: 'Minimum withdrawal is 100 GOGO.',
  insufficientBalance: 'Insufficient GOGO balance.',
  cryptoTypeInvalid: 'Choose a supported currency.',
  txHashInvalid: 'Enter a valid transaction hash.',
  txHashTaken: 'This transaction hash has already been submitted.',
  dicePurchaseCount: 'Dice rolls must be a multiple of 10, at least 10.',
  dicePurchaseAmount: 'The amount must equal the price of the dice rolls (1 USD per 10 rolls).',
  idempotencyKeyReused: 'This idempotency key was already used for a different request.',
  transactionNotFound: 'Transaction not found.',
  alreadyProcessed: 'This transaction has already been processed.',
  rejectReasonRequired: 'A reason is required to reject a request.',
  corruptedDeposit: 'Cannot process this deposit: User not found. This deposit may be corrupted.',
  corruptedWithdrawal: 'Cannot process this withdrawal: User not found. This withdrawal may be corrupted.',
  userNotFound: 'User not found.',
  pricesUnavailable: 'Prices are temporarily unavailable. Please try again later.',
  depositSubmitted: 'Deposit request submitted. It will be credited after manual verification.',
  purchaseSubmitted: 'Purchase request submitted. Your dice rolls will be credited after manual verification.',
  withdrawalSubmitted: 'Withdrawal request submitted. The amount is held until an admin processes it.',
} as const;

/** Payout address shapes, receiving addresses, celebrations, ledger labels, the app. */
export const walletText = {
  payoutAddressFormat: {
    BTC: 'Enter a Bitcoin address: bc1... (bech32), or a legacy address starting with 1 or 3.',
    ETH: 'Enter an Ethereum address: 0x followed by 40 hexadecimal characters.',
    USDT: 'Enter your USDT address on Ethereum (ERC-20): 0x followed by 40 hexadecimal characters.',
    USDC: 'Enter your USDC address on Ethereum (ERC-20): 0x followed by 40 hexadecimal characters.',
    SOL: 'Enter a Solana address: 32 to 44 base58 characters (no 0x, and no 0, O, I or l).',
  },
  payoutCoinRequired: 'Choose the coin you want to be paid in.',
  coinUnavailable: (coin: string) =>
    `${coin} payments are not open yet: no ${coin} receiving address is published. Choose another coin.`,
  noCoinAvailable: 'No receiving address is published yet, so payments are closed for now. Please contact support.',
  unavailableCoinsNote: (coins: string) => `Not available yet (no receiving address published): ${coins}.`,
  sendExactly: (amount: string) => `Send exactly ${amount}`,
  qrLabel: (coin: string) => `QR code of the ${coin} receiving address`,
  diceArrived: (dice: number) => `+${dice} dice rolls arrived!`,
  gogoArrived: (gogo: number) => `+${gogo} GOGO arrived!`,
  depositRejected: 'Request rejected',
  rejectionReason: (reason: string) => `Reason: ${reason}`,
} as const;

/** Labels of ledger rows by what they are (the stored `type` alone says "purchase" for a roll). */
export const ledgerKindText = {
  roll: 'Roll',
  reward: 'Reward',
  penalty: 'Penalty',
  jackpot: 'Jackpot',
  achievement: 'Achievement',
  lap: 'Lap bonus',
  levelUp: 'Level-up bonus',
  upgrade: 'Property upgrade',
  boardComplete: 'Board completed',
  daily: 'Daily bonus',
  referral: 'Referral reward',
  starting: 'Starting dice',
  deposit: 'Deposit',
  purchase: 'Dice purchase',
  spend: 'Spend',
  withdrawalHold: 'Withdrawal hold',
  refund: 'Refund',
  grant: 'Grant',
  prize: 'Event prize',
  challenge: 'Challenge reward',
  other: 'Other',
} as const;

/** The installable app: offline page and install offer. */
export const appText = {
  offlineTitle: 'You are offline',
  offlineBody:
    'GOGO Board needs a connection: every roll is decided by the server. We will retry as soon as you are back online.',
  offlineRetry: 'Try again',
  installTitle: 'Install GOGO Board',
  installBody: 'Add the game to your home screen: it opens full screen, like an app.',
  installAccept: 'Install',
  installDismiss: 'Not now',
} as const;

export const referralText = {
  codeNotFound: 'Referral code not found.',
  ownCode: 'You cannot use your own referral code.',
  alreadyApplied: 'You have already applied a referral code.',
  loop: 'This code would create a referral loop.',
  applied: 'Referral code applied.',
} as const;

/** The referral input's placeholder once a code is applied. */
export const referralAppliedPlaceholder = (username: string) => `Referral applied from @${username}`;

/** Server-side texts for errors the spec does not word itself. */
export const serverText = {
  validation: 'Invalid request. Please check your input and try again.',
  malformedJson: 'The request body is not valid JSON.',
  notFound: 'Route not found.',
  internal: 'Server error. Please try again later.',
  unavailable: 'Service temporarily unavailable. Please try again later.',
  unauthorized: 'Authentication required. Please log in.',
  invalidToken: 'Your session is no longer valid. Please log in again.',
  forbidden: 'Access denied. Please check your permissions.',
  adminOnly: 'Access denied. Admin privileges are required.',
  playerOnly: 'Access denied. This action needs a player account.',
  supportSessionReadOnly: 'This is a read-only support session: it cannot change anything for the player.',
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

/** Back-office texts the spec does not word itself (the spec's own admin texts are above). */
export const adminText = {
  invalidCredentials: 'Invalid username or password.',
  userNotFound: 'User not found.',
  loginTitle: 'Admin sign-in',
  signIn: 'Sign in',
  usernameRequired: 'Username is required.',
  unlocked: (username: string) => `${username} is unlocked and can log in again.`,
  notLocked: (username: string) => `${username} was not locked.`,
  synced: (username: string, before: number, after: number) =>
    before === after
      ? `${username}'s balance already matches the ledger (${after} GOGO).`
      : `${username}'s balance was corrected from ${before} to ${after} GOGO.`,
  cleanedUp: (n: number) =>
    n === 0 ? 'No corrupted deposits found.' : `${n} corrupted deposit${n === 1 ? '' : 's'} marked as failed.`,
  reasonRequired: 'Enter a reason for the rejection.',
  confirmApproveDeposit: 'Approve this deposit and credit the player?',
  confirmRejectDeposit: 'Reject this deposit?',
  confirmApproveWithdrawal: 'Mark this withdrawal as paid out?',
  confirmRejectWithdrawal: 'Reject this withdrawal and refund the player?',
} as const;

/** Server texts of the profile and social features that the spec does not word itself. */
export const socialText = {
  ownAccountOnly: 'Access denied. You can only change your own account.',
  ownDataOnly: 'Access denied. Only the player can see this.',
  playerNotFound: 'Player not found.',
  profilePrivate: 'This profile is private.',
  profileFriendsOnly: 'Only friends of this player can see their profile.',
  currentPasswordRequired: 'Enter your current password to change your email address.',
  passwordIncorrect: 'The password is incorrect.',
  tooManyPasswordAttempts: 'Too many wrong passwords. Please wait a few minutes before trying again.',
  cannotFriendSelf: 'You cannot send a friend request to yourself.',
  alreadyFriends: 'You are already friends with this player.',
  requestAlreadySent: 'You have already sent this player a friend request.',
  requestsClosed: 'This player is not accepting friend requests.',
  requestCooldown: 'This player declined your request recently. You can ask again 24 hours after it was declined.',
  requestLimit: 'You have too many pending friend requests. Wait for some answers or cancel a few.',
  requestNotFound: 'Friend request not found.',
  requestNotPending: 'This friend request has already been answered.',
  notYourRequest: 'Only the player who received this request can accept or decline it.',
  notYourOutgoingRequest: 'Only the player who sent this request can cancel it.',
  notFriends: 'This player is not in your friends list.',
  avatarRequired: 'Choose an image file in the field "avatar".',
  avatarInvalidType: 'The avatar must be a PNG, JPEG or WebP image.',
  avatarTooLarge: 'The avatar must be at most 2 MB.',
  avatarDimensions: 'The avatar must be at most 1024 x 1024 pixels.',
  avatarNotFound: 'Avatar not found.',
  pendingTransactions:
    'You have deposits or withdrawals waiting for review. Wait until they are processed before deleting your account.',
  exportTooSoon: 'You have just downloaded your data. Please wait half a minute before downloading it again.',
  accountDeactivated: 'Your account is deactivated. Log in again to reactivate it.',
  accountReactivated: 'Welcome back! Your account is active again.',
  accountDeleted: 'Your account has been deleted.',
} as const;
/** Texts of the landing page, the token launch and the info pages. */
export const siteText = {
  welcomeBack: (name: string) => `Welcome back, ${name}`,
  continueGame: 'Continue Game',
  startPlaying: 'Start Playing',
  startPlayingNow: 'Start Playing Now',
  learnMore: 'Learn More',
  tokenLaunch: 'Token Launch',
  keepPlaying: 'Keep Playing',
  stillNeedHelp: 'Still Need Help',
  backToHome: 'Back to home',
  lastUpdated: 'Last updated August 2025',
  sampleLeaderboardEmpty:
    'Sample leaderboard: nobody has played yet. These five players are examples, not real accounts.',
  sampleLeaderboardUnavailable:
    'Sample leaderboard: live rankings could not be loaded right now. These five players are examples, not real accounts.',
  supportResponseTime: 'within 24-48 hours',
} as const;

/** Contact form subjects, in the order the form lists them. */
export const contactSubjects = [
  'General Inquiry',
  'Technical Support',
  'Account Issue',
  'Payment Question',
  'Partnership',
  'Other',
] as const;
export type ContactSubject = (typeof contactSubjects)[number];

/** Feature request priorities, lowest first. */
export const featurePriorities = ['Low', 'Medium', 'High', 'Critical'] as const;
export type FeaturePriority = (typeof featurePriorities)[number];

/** 'Still Need Help' form topics of the help center: value (spec) and label. */
export const helpTopics = [
  { value: 'technical', label: 'Technical problem' },
  { value: 'account', label: 'Account' },
  { value: 'payment', label: 'Payment' },
  { value: 'general', label: 'General question' },
] as const;
export type HelpTopic = (typeof helpTopics)[number]['value'];

// Page titles, descriptions and share tags are user-facing texts too: one table, shared by server and client.
export * from './site/metadata.js';
export * from './messages/login.js';
export * from './messages/mail.js';
export * from './messages/risk.js';
export * from './messages/wallet.js';
export * from './messages/board.js';
export * from './messages/events.js';
