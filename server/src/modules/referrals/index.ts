/** Referral codes and the referral reward (paid on the referred player's qualifying deposit). Other code imports this module only through this file. */
export { payReferralOnDeposit } from './deposit-reward.js';
export { referralsRoutes } from './routes.js';
export { createReferralsService } from './service.js';
