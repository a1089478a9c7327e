/**
 * Texts of on-chain money: automatic deposits, linked wallets (Sign-In with Ethereum) and payouts
 * checked on chain. Re-exported by shared/src/messages/index.ts ('@gogo/shared/messages').
 */

import { periodText, waitText } from './risk.js';

export const chainText = {
  automaticDepositHint: (confirmations: number) =>
    `Send only to your own address below. It is credited automatically after ${confirmations} confirmations.`,
  seen: (confirmations: number, required: number) => `Seen, ${confirmations} of ${required} confirmations`,
  credited: (dice: number) => `Credited: ${dice} dice rolls`,
  manualDepositAutomatic: (coin: string) =>
    `${coin} deposits are credited automatically: send to your own address on the deposit tab, no request needed.`,
  payoutHashRequired: (coin: string) =>
    `Give the payout's transaction hash and the ${coin} amount sent: ${coin} payouts are checked on chain.`,
  payoutTokenUnknown: (coin: string) => `${coin} has no token contract configured (CHAIN_TOKENS).`,
  payoutAmountPrecision: (coin: string, decimals: number) => `${coin} has only ${decimals} decimals: check the amount.`,
  payoutNotFound: 'The chain has no such transaction (yet): check the hash, or wait until it is mined.',
  payoutReverted: 'This transaction failed on chain: it paid nothing.',
  payoutUnconfirmed: (have: number, need: number) =>
    `This transaction has ${have} of ${need} confirmations: mark it paid once it has all of them.`,
  payoutWrongAddress: (paid: string, asked: string) => `This transaction pays ${paid}, not the requested ${asked}.`,
  payoutWrongAmount: (paid: string, asked: string) =>
    `This transaction pays ${paid} base units, not the requested ${asked}.`,
  payoutNoTransfer: (coin: string) => `This transaction has no ${coin} transfer.`,
  payoutHashUsed: 'This transaction hash is already recorded for another payout.',
  rpcUnavailable: 'The chain node cannot be reached: try again in a moment.',
} as const;

export const linkedWalletText = {
  nonceUnknown: 'This sign-in request is unknown: ask for a new one and sign again.',
  nonceUsed: 'This signature was already used: ask for a new sign-in request and sign again.',
  nonceExpired: 'This sign-in request has expired (they last 10 minutes): sign a new one.',
  messageInvalid: 'This is not a valid Sign-In with Ethereum message.',
  wrongDomain: (domain: string) => `This message was signed for another site: it must name ${domain}.`,
  wrongChain: (chainId: number) => `This message names another chain: sign it on chain ${chainId}.`,
  notYetValid: 'This message is not valid yet: check your device clock and sign again.',
  messageExpired: 'This message has expired: sign a new one.',
  badSignature: 'The signature does not match the address in the message.',
  addressTaken: 'This wallet is already linked to another account.',
  noWallet: 'No wallet is linked to this account.',
  noProvider:
    'No Ethereum wallet was found in this browser. Install a wallet extension (or open this page in your wallet app), then try again.',
  otherAddressNeedsPassword:
    'Your withdrawals go to your linked wallet. To send this one elsewhere, enter your password again.',
  /** The rule's refusal while a change of payout address cools down. */
  payoutAddressCooldown: (coolHours: number, waitMs: number) =>
    `For your security, withdrawals pause for ${periodText(coolHours)} after a payout goes to a new address or your linked wallet changes. You can withdraw ${waitText(waitMs)}.`,
  /** Shown beside the address field while it differs from the linked wallet. */
  otherAddressNote:
    'This is not your linked wallet: enter your password to send it here. Your next withdrawals then wait for the security pause.',
  statement: 'Link this wallet to my GOGO Board account.',
} as const;

/** The back office's chain panel on the deposits page. */
export const chainAdminText = {
  off: 'Automatic deposits are off (CHAIN_RPC_URL and DEPOSIT_XPUB are unset): every deposit waits for approval above.',
  explainer: (confirmations: number) =>
    `ETH, USDT and USDC sent to players' own addresses are credited by the chain watcher after ${confirmations} confirmations, with no approval. The queue above stays for BTC, SOL and requests typed in by hand.`,
  healthy: 'Scanning',
  failing: 'Failing',
  waiting: 'Waiting for the node',
  noDeposits: 'No transfer to a player address has been seen yet.',
} as const;
