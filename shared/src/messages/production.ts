/**
 * Texts of running in production: the second factor's session binding, sign-up limits, the
 * withdrawable part of a balance, request bodies over the limit and the server's 503 answers.
 * Re-exported by shared/src/messages/index.ts.
 */
export const productionText = {
  sessionBeforeSecondFactor: 'This session began before two-step sign-in was set up. Sign in again.',
  tooManySignups: 'Too many new accounts from this address. Please try again later.',
  payloadTooLarge: 'The request body is too large.',
  freeWinsLocked: (withdrawable: number | string) =>
    `GOGO won with free dice can be withdrawn once your approved deposits reach $10 in total. You can withdraw ${withdrawable} GOGO now.`,
  withdrawableNote: (withdrawable: string) =>
    `Withdrawable now: ${withdrawable} GOGO. GOGO won with free dice unlocks once your approved deposits reach $10 in total.`,
};
