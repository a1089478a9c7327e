// Sign-up and sign-in, referrals, and the profile and social features.

export const authText = {
  loginSuccess: 'Login successful! Redirecting...',
  registerSuccess: 'Registration successful! Redirecting...',
  adminSigningIn: 'Signing in...',
} as const;

export const referralText = {
  codeNotFound: 'Referral code not found.',
  ownCode: 'You cannot use your own referral code.',
  alreadyApplied: 'You have already applied a referral code.',
  loop: 'This code would create a referral loop.',
  applied: 'Referral code applied.',
  rewardRule: (gogo: number) =>
    `Share it with friends. When a friend who applied your code has deposited $10 in total, you get ${gogo} GOGO, once per friend. Accounts that share your address or device earn no reward.`,
  helpRule: (gogo: number) => `${gogo} GOGO when a friend you invited has deposited $10 in total`,
  waitingForDeposit: 'Waiting for a $10 deposit',
} as const;

/** The referral input's placeholder once a code is applied. */
export const referralAppliedPlaceholder = (username: string) => `Referral applied from @${username}`;

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
