/** Referral codes and the referral reward (an after-roll step). Other code imports this module only through this file. */
export { referralAfterRoll } from './after-roll.js';
export { referralsRoutes } from './routes.js';
export { createReferralsService } from './service.js';
