/** Back-office texts the spec does not word itself (the spec's own admin texts are in errors.ts). */
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
