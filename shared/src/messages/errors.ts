/** Refusals of bad input and failed requests: the spec's texts first, then the server's own. */

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
