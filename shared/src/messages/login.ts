/**
 * Texts of login throttling and the admin second factor: the server's error texts and the
 * back office's two-step sign-in and Security tab. Re-exported by shared/src/messages/index.ts.
 */
export const adminSecurityText = {
  // Server answers (code in shared/src/api/admin-security.ts).
  setupRequired: 'Set up two-step sign-in on the Security tab before using the back office.',
  invalidCode: 'That code is not valid. Enter the 6-digit code from your authenticator app or an unused recovery code.',
  challengeExpired: 'This sign-in step has expired. Enter your username and password again.',
  alreadyEnrolled: 'Two-step sign-in is already set up for this admin.',
  notStarted: 'Start the setup first: open Security and scan a new QR code.',
  tooManyCodes: 'Too many wrong codes. Wait a few minutes, then start the setup again.',

  // Sign-in, second step.
  codeTitle: 'Two-step sign-in',
  codeLabel: 'Authentication code',
  codeHint: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  codeRequired: 'Enter the code from your authenticator app.',
  verify: 'Verify',
  verifying: 'Checking…',
  startOver: 'Sign in with another account',

  // Security tab.
  tab: 'Security',
  title: 'Two-step sign-in',
  statusOn: (since: string) => `On since ${since}.`,
  statusOff: 'Off: this account signs in with its password alone.',
  required: 'Two-step sign-in is required for every admin. Set it up to open the rest of the back office.',
  recoveryLeft: (n: number) => `${n} unused recovery ${n === 1 ? 'code' : 'codes'} left.`,
  start: 'Set up two-step sign-in',
  starting: 'Preparing…',
  scan: 'Scan this QR code with an authenticator app, then enter the 6-digit code it shows.',
  qrAlt: 'QR code for your authenticator app',
  secretLabel: 'Cannot scan? Enter this key in the app:',
  confirm: 'Turn on',
  confirming: 'Checking…',
  recoveryTitle: 'Your recovery codes',
  recoveryIntro:
    'Each code signs you in once if you lose your authenticator. Keep them somewhere safe: they are not shown again.',
  recoveryDone: 'I have saved my codes',
  resetHint: 'Lost your authenticator and your codes? The server operator can reset it: npm run admin:reset-2fa.',
  loadFailed: 'Could not load the security settings.',
} as const;
