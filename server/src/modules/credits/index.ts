/** Money: deposits, purchases, withdrawals and their history. Other code imports this module only through this file. */
export { toTransactionDto } from './dto.js';
export { decodeHistoryRow, type HistoryRow, MONEY_TX_REF, type MoneyTxRow } from './repo.js';
export {
  approveDeposit,
  type ApprovalValue,
  approveWithdrawal,
  failCorruptedRequest,
  findMoneyRequest,
  moneyHistory,
  recordPayout,
  recordPaidValue,
  rejectDeposit,
  rejectWithdrawal,
} from './reviews.js';
export { creditChainDeposit, type ChainCredit } from './chain-credit.js';
export { creditsRoutes } from './routes.js';
export { createCreditsService, type OnChainMoney } from './service.js';
