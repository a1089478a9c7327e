import { endpoint } from '../endpoint.js';
import {
  CreditsBalanceResponse,
  DepositInfoResponse,
  DepositRequestBody,
  DepositRequestResponse,
  DicePurchaseBody,
  DicePurchaseResponse,
  GrantBody,
  GrantResponse,
  SpendBody,
  SpendResponse,
  TransactionsQuery,
  TransactionsResponse,
  WithdrawalRequestBody,
  WithdrawalRequestResponse,
  WithdrawRequestBody,
} from '../credits.js';

// GOGO: balance, spending, deposit and withdrawal requests, dice purchases, history; the admin grant.

export const creditsBalance = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/credits/balance',
  auth: 'player',
  tags: ['credits'],
  summary: "The player's GOGO balance, dice rolls and GOGO held by pending withdrawals",
  response: CreditsBalanceResponse,
});

export const spend = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/credits/spend',
  auth: 'player',
  tags: ['credits'],
  summary: 'Spend GOGO, once per idempotency key (a retry replays the first answer)',
  body: SpendBody,
  response: SpendResponse,
});

export const grant = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/credits/grant',
  auth: 'admin',
  tags: ['credits'],
  summary: 'Admin: credit GOGO to a player',
  body: GrantBody,
  response: GrantResponse,
});

export const depositInfo = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/credits/deposit-info',
  auth: 'player',
  tags: ['credits'],
  summary: 'Where to send each currency, and the minimum deposit',
  response: DepositInfoResponse,
});

export const depositRequest = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/credits/deposit-request',
  auth: 'player',
  tags: ['credits'],
  summary: 'Request a deposit (pending until an admin approves it)',
  description:
    'Accepts {amount, cryptoType, cryptoAddress, transactionHash?, reference, note} or {amount, ' +
    'solTxSignature, note}.',
  body: DepositRequestBody,
  response: DepositRequestResponse,
  status: 201,
});

export const dicePurchaseRequest = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/dice-rolls/purchase-request',
  auth: 'player',
  tags: ['dice'],
  summary: 'Request a dice roll purchase (pending until an admin approves it)',
  body: DicePurchaseBody,
  response: DicePurchaseResponse,
  status: 201,
});

export const withdrawalRequest = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/credits/withdrawal-request',
  auth: 'player',
  tags: ['credits'],
  summary: 'Request a withdrawal; the amount is held at once',
  body: WithdrawalRequestBody,
  response: WithdrawalRequestResponse,
  status: 201,
});

export const withdrawRequest = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/credits/withdraw-request',
  auth: 'player',
  tags: ['credits'],
  summary: 'Request a withdrawal to a Solana address (service-call form)',
  body: WithdrawRequestBody,
  response: WithdrawalRequestResponse,
  status: 201,
});

export const transactions = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/credits/transactions',
  auth: 'player',
  tags: ['credits'],
  summary: "The player's history: money requests and game ledger entries, newest first",
  query: TransactionsQuery,
  response: TransactionsResponse,
});
