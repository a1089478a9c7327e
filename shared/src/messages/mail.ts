/**
 * Texts of mail: the messages sent (verify an address, reset a password), the answers
 * of the recovery routes, and the screens that use them (/verify-email, /reset-password, the login
 * dialog's "Forgot your password?" flow, the settings' email and password cards, the Withdraw tab's
 * resend button). Import from '@gogo/shared/messages' (re-exported there).
 */

export const mailText = {
  verify: {
    subject: 'Verify your GOGO Board email address',
    greeting: (username: string) => `Hi ${username},`,
    intro: 'Please confirm that this is your email address by opening the link below.',
    action: 'Verify my email',
    expiry: 'The link works once and expires in 48 hours.',
    ignore: 'If you did not create a GOGO Board account, you can ignore this message.',
  },
  reset: {
    subject: 'Reset your GOGO Board password',
    greeting: (username: string) => `Hi ${username},`,
    intro: 'Someone (hopefully you) asked to reset the password of your GOGO Board account.',
    action: 'Choose a new password',
    expiry: 'The link works once and expires in 30 minutes. Only the most recent link works.',
    ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
  },
  login: {
    subject: 'Your GOGO Board sign-in link',
    greeting: (username: string) => `Hi ${username},`,
    intro: 'Someone (hopefully you) asked for a link to sign in to your GOGO Board account.',
    action: 'Sign in to GOGO Board',
    expiry: 'The link works once and expires in 15 minutes. Only the most recent link works.',
    ignore: 'If you did not ask for this, ignore this message: nobody can sign in without the link.',
  },
  signature: 'The GOGO Board team',
} as const;

/** Error codes of the recovery routes (with the spec's envelope: status, code, message). */
export const recoveryErrorText = {
  LINK_INVALID: 'This link is not valid. Ask for a new one.',
  LINK_EXPIRED: 'This link has expired. Ask for a new one.',
  LINK_USED: 'This link has already been used. Ask for a new one if you need it.',
  EMAIL_ALREADY_VERIFIED: 'Your email address is already verified.',
  SAME_PASSWORD: 'Your new password must be different from your current one.',
} as const;

export const recoveryText = {
  // API answers (the envelope's message).
  verified: 'Your email address is verified.',
  verificationSent: 'We sent a new verification link to your email address.',
  resetRequested: 'If an account uses this email address, we sent it a link to reset the password.',
  passwordReset: 'Your password was reset. Sign in with your new password.',
  passwordChanged: 'Your password was changed. Your other devices have been signed out.',

  // The login dialog's flow.
  forgotTitle: 'Reset your password',
  forgotIntro: 'Enter the email address of your account and we will send you a link to choose a new password.',
  forgotSubmit: 'Send reset link',
  forgotSending: 'Sending...',
  forgotBack: 'Back to sign in',

  // /verify-email
  verifyTitle: 'Verify your email',
  verifyChecking: 'Checking your link...',
  verifyDone: 'Your email address is verified. You can now withdraw your GOGO.',
  verifyMissing: 'This page needs the link from your verification email.',
  verifyPlay: 'Go to the game',

  // /reset-password
  resetTitle: 'Choose a new password',
  resetNewPassword: 'New password',
  resetConfirmPassword: 'Confirm new password',
  resetSubmit: 'Save new password',
  resetSaving: 'Saving...',
  resetSignIn: 'Sign in',
  resetMissing: 'This page needs the link from your password reset email.',
  passwordsDiffer: 'The passwords do not match.',

  // Settings: email status and change password.
  emailVerified: 'Verified',
  emailUnverified: 'Not verified',
  emailUnverifiedHint: 'Verify your email address to be able to withdraw. Check your inbox for our link.',
  emailChanged: 'Email address saved. Use it the next time you log in. We sent a verification link to it.',
  resend: 'Resend verification email',
  resending: 'Sending...',
  changePasswordTitle: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  changePasswordSubmit: 'Change password',
  changePasswordSaving: 'Saving...',
  currentPasswordRequired: 'Enter your current password.',
} as const;
