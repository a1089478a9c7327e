/** Texts of the treasury (back office), the payout budget and quotes, and GOGO's value after the launch. */
const usd = (n: number) => `$${n.toFixed(2)}`;

export const treasuryText = {
  tab: 'Treasury',
  title: 'Treasury',
  outstanding: 'GOGO outstanding',
  outstandingNote: (balances: string, pending: string) => `${balances} in balances + ${pending} in pending withdrawals`,
  valueAtRedemption: 'Owed at the redemption price',
  valueAtRedemptionNote: (price: string) => `${price} per GOGO (REDEMPTION_PRICE_USD)`,
  valueAtLaunch: 'Value at the launch price',
  valueAtLaunchNote: (price: string) => `${price} per GOGO (LAUNCH_PRICE_USD)`,
  netPosition: 'Net position',
  netPositionNote: (cash: string, owed: string) => `${cash} cash in hand − ${owed} owed`,
  budget: "Today's payout budget",
  budgetNone: 'No budget (WITHDRAW_DAILY_BUDGET_USD = 0)',
  budgetNote: (paid: string, budget: string) => `${paid} paid of ${budget} today (UTC)`,
  ledgerMismatch: (balances: string, ledger: string) =>
    `Balances (${balances}) differ from the ledger (${ledger}): run "Sync balance" on the players concerned.`,
  cashChart: 'Money in and out (USD per day)',
  depositsSeries: 'Deposits received',
  withdrawalsSeries: 'Withdrawals paid',
  gogoChart: 'GOGO minted and spent per day',
  mintedSeries: 'Minted',
  spentSeries: 'Spent',
  mintedByKind: 'Minted by kind',
  spentByKind: 'Spent by kind',
  kindColumn: 'Kind',
  gogoColumn: 'GOGO',
  loadFailed: 'Could not load the treasury.',
  // The withdrawal queue.
  quoteUsd: (value: number, price: number) => `${usd(value)} at ${usd(price)} per GOGO`,
  quoteCrypto: (amount: string, coin: string, price: number) => `Pay exactly ${amount} ${coin} (1 ${coin} = $${price})`,
  quoteNoPrice: (coin: string) => `No price for ${coin} today: pay ${coin} at your own quote.`,
  overBudgetBadge: "Over today's budget",
  overBudgetNote: 'It waits in the queue until tomorrow (UTC) or until the budget is raised.',
  // Server answers.
  overBudget: (value: number, remaining: number, budget: number) =>
    `Paying ${usd(value)} would go beyond today's payout budget of ${usd(budget)} (${usd(remaining)} left). ` +
    'The withdrawal stays in the queue for tomorrow (UTC).',
  notQuoted: (stated: string, quoted: string, coin: string) =>
    `The payout of ${stated} ${coin} differs from the quote of ${quoted} ${coin} at today's price. Pay the quoted amount.`,
} as const;

/** The per-player read limit's answer. */
export const treasuryReadText = {
  readRateLimit: 'Too many requests from this account. Wait a minute, then try again.',
} as const;

/** The sign-in link by email: the login dialog's offer, the API's answer and the /login-link page. */
export const loginLinkText = {
  offer: 'Email me a sign-in link',
  title: 'Sign in by email',
  intro:
    'Enter the email address of your account and we will send you a link that signs you in on this device. ' +
    'It works once, for 15 minutes.',
  submit: 'Send sign-in link',
  sending: 'Sending...',
  requested: 'If an account uses this email address, we sent it a sign-in link. It works once, for 15 minutes.',
  back: 'Back to sign in',
  pageTitle: 'Signing you in',
  checking: 'Checking your link...',
  missing: 'This page needs the link from your sign-in email.',
  failed: 'This sign-in link cannot be used. Ask for a new one from the sign-in dialog.',
  signedIn: 'You are signed in.',
  play: 'Go to the game',
} as const;

/** Dice that arrived for money: the history row and the game's moment. */
export const arrivalText = {
  depositRow: (paid: string, dice: number) => `Deposit of ${paid}: +${dice} dice`,
  depositTitle: (paid: string, dice: number) => `Your ${paid} arrived: +${dice} dice`,
  purchaseTitle: (dice: number) => `Your dice purchase was approved: +${dice} dice`,
  diceTitle: (dice: number) => `+${dice} dice arrived`,
  note: 'They are in your dice count now. Roll on!',
  action: 'Roll on',
} as const;

/**
 * One story of what GOGO are worth, told the same on every page (landing, token launch dialog,
 * Stats, My Account, withdrawals): after the launch date, GOGO are worth what a withdrawal pays,
 * REDEMPTION_PRICE_USD per GOGO, and no page promises more. Prices arrive formatted ('$0.10').
 */
export const gogoValueText = {
  launchedLine: (date: string, price: string, pays: boolean) =>
    pays
      ? `GOGO launched on ${date}. Withdrawals pay ${price} per GOGO in crypto: that is what your GOGO are worth.`
      : `GOGO launched on ${date}. Withdrawals pay nothing at the moment: GOGO are game credits without a cash value.`,
  announcedLine: (date: string, launchPrice: string, price: string) =>
    `Announced for ${date} at ${launchPrice} per GOGO. Until then, withdrawals pay ${price} per GOGO.`,
  valueLabel: 'Value at withdrawal',
  perGogo: (price: string) => `at ${price} per GOGO, what a withdrawal pays`,
  noValue: 'GOGO have no cash value at the moment',
  redemptionLabel: 'Withdrawal price',
  redemptionHint: 'per GOGO, paid in crypto',
  launchedOn: (date: string) => `Launched on ${date}.`,
  withdrawWorth: (gogo: string, value: string, price: string) => `${gogo} GOGO pay ${value} (${price} per GOGO).`,
} as const;
