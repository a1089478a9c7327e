/** When a player may withdraw: the eligibility rules, checked inside the withdrawal. Other code imports this module only through this file. */
export { assertWithdrawalAllowed, startPayoutAddressCooldown } from './check.js';
export { depositsUnlockFreeWins, withdrawableOf } from './free-wins.js';
export { confirmOtherPayoutAddress, linkedPayoutAddress, type LinkedPayouts } from './payout-address.js';
