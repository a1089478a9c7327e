import { HDKey } from '@scure/bip32';
import type { ChainCoin } from '@gogo/shared/rules';
import { ConfigError, intFrom } from './base.js';

export { CHAIN_COINS, type ChainCoin } from '@gogo/shared/rules';
export type ChainToken = Exclude<ChainCoin, 'ETH'>;

export interface TokenSetting {
  /** The token contract, lower case. */
  address: `0x${string}`;
  decimals: number;
}

/** On-chain deposits and payout checks (CHAIN_*, DEPOSIT_XPUB); null keeps every coin manual. */
export interface ChainConfig {
  /** CHAIN_RPC_URL: an EVM JSON-RPC endpoint (http or https). */
  rpcUrl: string;
  /** DEPOSIT_XPUB: the account-level extended public key (m/44'/60'/0'); watch-only. */
  xpub: string;
  /** CHAIN_CONFIRMATIONS: blocks on top of a transfer's block, its own included, before it counts. */
  confirmations: number;
  /** CHAIN_POLL_MS: how often the watcher asks the node for new blocks. */
  pollMs: number;
  /** CHAIN_TOKENS: the ERC-20 contracts credited as USDT and USDC. */
  tokens: Partial<Record<ChainToken, TokenSetting>>;
}

export const DEFAULT_CHAIN_CONFIRMATIONS = 12;
export const DEFAULT_CHAIN_POLL_MS = 4_000;

function parseTokens(raw: string | undefined): Partial<Record<ChainToken, TokenSetting>> {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('CHAIN_TOKENS must be JSON like {"USDT":{"address":"0x...","decimals":6}}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('CHAIN_TOKENS must be a JSON object keyed by USDT and USDC');
  }
  const tokens: Partial<Record<ChainToken, TokenSetting>> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (key !== 'USDT' && key !== 'USDC') throw new ConfigError(`CHAIN_TOKENS: ${key} is not USDT or USDC`);
    const v = value as { address?: unknown; decimals?: unknown };
    if (typeof v?.address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(v.address)) {
      throw new ConfigError(`CHAIN_TOKENS.${key}.address must be a 0x address of 40 hex digits`);
    }
    if (!Number.isInteger(v.decimals) || (v.decimals as number) < 0 || (v.decimals as number) > 36) {
      throw new ConfigError(`CHAIN_TOKENS.${key}.decimals must be a whole number from 0 to 36`);
    }
    tokens[key] = { address: v.address.toLowerCase() as `0x${string}`, decimals: v.decimals as number };
  }
  return tokens;
}

/** Reads the chain settings; all of CHAIN_RPC_URL and DEPOSIT_XPUB unset means manual deposits only. */
export function parseChainConfig(env: NodeJS.ProcessEnv): ChainConfig | null {
  const rpcUrl = env.CHAIN_RPC_URL?.trim() ?? '';
  const xpub = env.DEPOSIT_XPUB?.trim() ?? '';
  if (rpcUrl === '' && xpub === '') return null;
  if (rpcUrl === '' || xpub === '') {
    throw new ConfigError('CHAIN_RPC_URL and DEPOSIT_XPUB go together: set both, or neither for manual deposits');
  }
  let url: URL;
  try {
    url = new URL(rpcUrl);
  } catch {
    throw new ConfigError('CHAIN_RPC_URL must be an http(s) URL of an EVM JSON-RPC endpoint');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('CHAIN_RPC_URL must start with http:// or https://');
  }
  if (!xpub.startsWith('xpub')) {
    throw new ConfigError(
      'DEPOSIT_XPUB must be an extended PUBLIC key (xpub...): the server never holds a private key',
    );
  }
  try {
    HDKey.fromExtendedKey(xpub);
  } catch {
    throw new ConfigError('DEPOSIT_XPUB is not a valid extended public key');
  }
  const confirmations = intFrom(env.CHAIN_CONFIRMATIONS, DEFAULT_CHAIN_CONFIRMATIONS, 'CHAIN_CONFIRMATIONS');
  if (confirmations < 1) throw new ConfigError('CHAIN_CONFIRMATIONS must be at least 1');
  const pollMs = intFrom(env.CHAIN_POLL_MS, DEFAULT_CHAIN_POLL_MS, 'CHAIN_POLL_MS');
  if (pollMs < 50) throw new ConfigError('CHAIN_POLL_MS must be at least 50');
  return { rpcUrl, xpub, confirmations, pollMs, tokens: parseTokens(env.CHAIN_TOKENS) };
}
