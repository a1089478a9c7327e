/** When a player may withdraw: the eligibility rules, checked inside the withdrawal. Other code imports this module only through this file. */
export { assertWithdrawalAllowed } from './check.js';
export { withdrawableOf } from './free-wins.js';
