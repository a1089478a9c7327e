import { endpoint } from '../endpoint.js';
import { ChainDepositsResponse } from '../chain.js';
import {
  LinkedWalletResponse,
  WalletLinkBody,
  WalletNonceResponse,
  WalletStateResponse,
  WalletUnlinkResponse,
} from '../wallet.js';

// Linked wallets (Sign-In with Ethereum) and the player's on-chain deposits.

export const walletNonce = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/wallet/nonce',
  auth: 'player',
  tags: ['wallet'],
  summary: 'A single-use nonce for a Sign-In with Ethereum message, valid for 10 minutes',
  response: WalletNonceResponse,
});

export const walletLink = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/wallet/link',
  auth: 'player',
  tags: ['wallet'],
  summary: 'Link the wallet that signed the message (EIP-4361): domain, nonce, times and signature are checked',
  body: WalletLinkBody,
  response: LinkedWalletResponse,
});

export const walletGet = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/wallet',
  auth: 'player',
  tags: ['wallet'],
  summary: "The player's linked wallet, or null",
  response: WalletStateResponse,
});

export const walletUnlink = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/api/wallet',
  auth: 'player',
  tags: ['wallet'],
  summary: "Unlink the player's wallet",
  response: WalletUnlinkResponse,
});

export const chainDeposits = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/credits/chain-deposits',
  auth: 'player',
  tags: ['credits'],
  summary: "Transfers to the player's own deposit addresses: seen (with confirmations) or credited",
  response: ChainDepositsResponse,
});
