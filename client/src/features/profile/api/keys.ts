import * as credits from '@gogo/shared/api/endpoints/credits';
import * as prices from '@gogo/shared/api/endpoints/prices';
import * as referrals from '@gogo/shared/api/endpoints/referrals';
import * as wallet from '@gogo/shared/api/endpoints/wallet';
import { queryKeys } from '../../../lib/api/keys';

/** Keys of the profile's reads, from the one factory (client/src/lib/api/keys.ts). */
export const profileKeys = {
  balance: queryKeys.of(credits.creditsBalance),
  /** The history's pages (one infinite query; its offsets are page parameters, not part of the key). */
  transactions: queryKeys.of(credits.transactions),
  depositInfo: queryKeys.of(credits.depositInfo),
  chainDeposits: queryKeys.of(wallet.chainDeposits),
  wallet: queryKeys.of(wallet.walletGet),
  prices: queryKeys.of(prices.latestPrices),
  quote: (usd: number) => queryKeys.of(prices.priceQuote, { query: { usd } }),
  referralCode: queryKeys.of(referrals.myReferralCode),
  referralStatus: queryKeys.of(referrals.referralStatus),
  referralStats: queryKeys.of(referrals.referralStats),
  referralFriends: queryKeys.of(referrals.referredFriends),
};
