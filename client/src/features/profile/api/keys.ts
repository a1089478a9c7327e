/** Query keys of the profile feature: one place, so that mutations invalidate exactly what they change. */
export const profileKeys = {
  balance: ['credits', 'balance'] as const,
  transactions: ['credits', 'transactions'] as const,
  depositInfo: ['credits', 'deposit-info'] as const,
  prices: ['prices', 'latest'] as const,
  quote: (usd: number) => ['prices', 'quote', usd] as const,
  referralCode: ['referrals', 'my-code'] as const,
  referralStatus: ['referrals', 'status'] as const,
  referralStats: ['referrals', 'stats'] as const,
  referralFriends: ['referrals', 'friends'] as const,
};
