import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

/** Error codes of linked wallets (Sign-In with Ethereum). Texts: messages/wallet.ts (linkedWalletText). */
export const WalletErrorCode = {
  SIWE_INVALID_MESSAGE: 'SIWE_INVALID_MESSAGE',
  SIWE_WRONG_DOMAIN: 'SIWE_WRONG_DOMAIN',
  SIWE_WRONG_CHAIN: 'SIWE_WRONG_CHAIN',
  SIWE_NONCE_UNKNOWN: 'SIWE_NONCE_UNKNOWN',
  SIWE_NONCE_USED: 'SIWE_NONCE_USED',
  SIWE_NONCE_EXPIRED: 'SIWE_NONCE_EXPIRED',
  SIWE_NOT_YET_VALID: 'SIWE_NOT_YET_VALID',
  SIWE_EXPIRED: 'SIWE_EXPIRED',
  SIWE_BAD_SIGNATURE: 'SIWE_BAD_SIGNATURE',
  WALLET_TAKEN: 'WALLET_TAKEN',
  NO_WALLET: 'NO_WALLET',
  /** 403: a withdrawal away from the linked wallet needs the password again. */
  PASSWORD_REQUIRED: 'PASSWORD_REQUIRED',
} as const;

export const WalletNonce = Type.Object({
  nonce: Type.String(),
  expiresAt: Type.String(),
  /** The chain the message must name; null when the chain settings are unset. */
  chainId: Type.Union([Type.Integer(), Type.Null()]),
  statement: Type.String(),
});
export type WalletNonce = Static<typeof WalletNonce>;
export const WalletNonceResponse = Ok(WalletNonce);

export const WalletLinkBody = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 4000 }),
  signature: Type.String({ pattern: '^0x[0-9a-fA-F]+$', maxLength: 1000 }),
});
export type WalletLinkBody = Static<typeof WalletLinkBody>;

export const LinkedWallet = Type.Object({
  address: Type.String(),
  linkedAt: Type.Optional(Type.String()),
});
export type LinkedWallet = Static<typeof LinkedWallet>;
export const LinkedWalletResponse = Ok(LinkedWallet);

export const WalletState = Type.Object({ wallet: Type.Union([LinkedWallet, Type.Null()]) });
export type WalletState = Static<typeof WalletState>;
export const WalletStateResponse = Ok(WalletState);
export const WalletUnlinkResponse = Ok(Type.Object({ unlinked: Type.Boolean() }));
