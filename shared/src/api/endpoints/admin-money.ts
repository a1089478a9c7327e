import { endpoint } from '../endpoint.js';
import {
  AllTransactionsQuery,
  AllTransactionsResponse,
  ApproveDepositBody,
  ApproveWithdrawalBody,
  CleanupResponse,
  PendingDepositsResponse,
  PendingWithdrawalsResponse,
  QueueQuery,
  RejectBody,
  ReviewResponse,
} from '../admin-money.js';
import { WithdrawalRiskQuery, WithdrawalRiskResponse } from '../risk.js';

// The back office's money: deposit and withdrawal queues, reviews, all transactions, the withdrawal risk view.

export const pendingDeposits = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/pending-deposits',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Deposits and dice purchases waiting for review, oldest first',
  query: QueueQuery,
  response: PendingDepositsResponse,
});

export const pendingWithdrawals = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/pending-withdrawals',
  auth: 'admin',
  tags: ['admin'],
  summary: "Withdrawals waiting for review, oldest first, with each player's balance and recent history",
  query: QueueQuery,
  response: PendingWithdrawalsResponse,
});

export const allTransactions = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/all-transactions',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Every money request and balance movement, filtered, with a summary',
  query: AllTransactionsQuery,
  response: AllTransactionsResponse,
});

export const approveDeposit = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/approve-deposit',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Approve a pending deposit or purchase: credit dice rolls (> 0) and optional GOGO; 409 once ' + 'reviewed',
  body: ApproveDepositBody,
  response: ReviewResponse,
});

export const rejectDeposit = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/reject-deposit',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Reject a pending deposit or purchase with a reason; 409 once reviewed',
  body: RejectBody,
  response: ReviewResponse,
});

export const approveWithdrawal = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/approve-withdrawal',
  auth: 'admin',
  tags: ['admin'],
  summary:
    'Mark a pending withdrawal as paid out (completed) with the payout reference as note; 409 once ' + 'reviewed',
  body: ApproveWithdrawalBody,
  response: ReviewResponse,
});

export const rejectWithdrawal = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/reject-withdrawal',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Reject a pending withdrawal with a reason and refund the held GOGO; 409 once reviewed',
  body: RejectBody,
  response: ReviewResponse,
});

export const cleanupCorruptedDeposits = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/cleanup-corrupted-deposits',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Mark pending deposits whose player no longer exists as failed',
  response: CleanupResponse,
});

export const withdrawalRisk = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/withdrawal-risk',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Risk score of pending withdrawals, with its reasons and the linked accounts',
  description:
    'ids: pending withdrawal ids, comma separated (at most 100). Ids that are not pending withdrawals are ' +
    'left out. Each reason carries its weight; the score is their sum, at most 100 (low < 30 <= medium < 60 ' +
    '<= high).',
  query: WithdrawalRiskQuery,
  response: WithdrawalRiskResponse,
});
