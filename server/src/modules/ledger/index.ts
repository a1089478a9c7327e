/** The ledger: every change of a balance or of dice is a posting, in the caller's transaction. Other code imports this module only through this file. */
export {
  addTokensEarned,
  decodeState,
  dicePurchased,
  type GameState,
  InsufficientBalanceError,
  ledgerSumsOf,
  lockGameState,
  planLedgerTx,
  planRefill,
  playerLevel,
  postLedgerTx,
  postWithRefill,
  PROGRESS_SET,
  progressColumns,
  type ProgressColumns,
  readGameState,
  resyncBalances,
  saveProgress,
  STATE_COLUMNS,
  type StoredState,
} from './postings.js';
export { type BatchCredit, postLedgerBatch } from './batch.js';
