import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import ganache from 'ganache';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseAbi,
  type Hash,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import type { ChainConfig } from '../src/settings/chain.js';
import { testTempRoot } from './test-databases.js';

/** Ganache's deterministic accounts (--wallet.deterministic): the payers of the tests. */
const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
/** Another well-known test phrase: the operator's deposit wallet, of which the server sees only the xpub. */
const DEPOSIT_MNEMONIC = 'test test test test test test test test test test test junk';

export const DEPOSIT_XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync(DEPOSIT_MNEMONIC)).derive(
  "m/44'/60'/0'",
).publicExtendedKey;
/** The payer accounts 0..9 of ganache. */
export const payer = (index: number) => mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: index });
export const CHAIN_ID = 1337;

export const TOKEN_ABI = parseAbi([
  'constructor(string name_, string symbol_, uint8 decimals_, uint256 supply)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

let compiled: { abi: unknown; bytecode: `0x${string}` } | null = null;

/**
 * Compiles fixtures/TestToken.sol with solc from npm, once per machine: loading solc's compiler and
 * compiling cost about 3 s of CPU, paid by each chain test file on each engine. The output is kept in
 * the tests' temporary root under a hash of everything it depends on (solc's version and the whole
 * compiler input, source included), like the migrated database templates: any change compiles afresh.
 */
export function compileTestToken() {
  if (compiled) return compiled;
  const require = createRequire(import.meta.url);
  const source = readFileSync(new URL('./fixtures/TestToken.sol', import.meta.url), 'utf8');
  const input = JSON.stringify({
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: source } },
    // Ganache 7.9 runs up to Shanghai.
    settings: { evmVersion: 'shanghai', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  });
  const { version } = require('solc/package.json') as { version: string };
  const key = createHash('sha256').update(version).update('\0').update(input).digest('hex').slice(0, 16);
  const file = join(testTempRoot, `gogo-solc-${key}.json`);
  if (existsSync(file)) return (compiled = JSON.parse(readFileSync(file, 'utf8')) as NonNullable<typeof compiled>);
  const solc = require('solc') as { compile(input: string): string };
  const output = JSON.parse(solc.compile(input)) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: unknown; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const token = output.contracts['TestToken.sol']!.TestToken!;
  compiled = { abi: token.abi, bytecode: `0x${token.evm.bytecode.object}` };
  // Written under a name of its own and renamed: no other worker reads a half-written file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(compiled));
  renameSync(partial, file);
  return compiled;
}

export interface TestChain {
  url: string;
  port: number;
  client: PublicClient;
  wallet: (index: number) => WalletClient;
  mine(blocks?: number): Promise<void>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  sendEth(from: number, to: string, wei: bigint): Promise<Hash>;
  deployToken(symbol: string, decimals: number): Promise<`0x${string}`>;
  sendToken(token: `0x${string}`, from: number, to: string, value: bigint): Promise<Hash>;
  head(): Promise<number>;
  stop(): Promise<void>;
}

/** A local EVM chain (ganache, in this process) on the given port; stop() in afterAll. */
export async function startTestChain(port: number): Promise<TestChain> {
  const server = ganache.server({
    wallet: { deterministic: true },
    chain: { chainId: CHAIN_ID, hardfork: 'shanghai' },
    logging: { quiet: true },
  });
  await server.listen(port, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  const transport = http(url, { retryCount: 0 });
  const client = createPublicClient({ transport });
  const chain = {
    id: CHAIN_ID,
    name: 'ganache',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  } as const;
  const wallet = (index: number) => createWalletClient({ account: payer(index), chain, transport });
  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method: method as never, params: params as never }) as Promise<unknown>;
  const waitMined = async (hash: Hash) => {
    await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return hash;
  };
  return {
    url,
    port,
    client,
    wallet,
    async mine(blocks = 1) {
      for (let i = 0; i < blocks; i++) await rpc('evm_mine');
    },
    snapshot: async () => (await rpc('evm_snapshot')) as string,
    async revert(id) {
      await rpc('evm_revert', [id]);
    },
    async sendEth(from, to, wei) {
      const w = wallet(from);
      return waitMined(await w.sendTransaction({ account: w.account!, chain, to: to as `0x${string}`, value: wei }));
    },
    async deployToken(symbol, decimals) {
      const { bytecode } = compileTestToken();
      const w = wallet(0);
      const hash = await w.deployContract({
        abi: TOKEN_ABI,
        bytecode,
        account: w.account!,
        chain,
        args: [symbol, symbol, decimals, 10n ** 30n],
      });
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      return receipt.contractAddress!.toLowerCase() as `0x${string}`;
    },
    async sendToken(token, from, to, value) {
      const w = wallet(from);
      return waitMined(
        await w.writeContract({
          address: token,
          abi: TOKEN_ABI,
          functionName: 'transfer',
          args: [to as `0x${string}`, value],
          account: w.account!,
          chain,
        }),
      );
    },
    head: async () => Number(await client.getBlockNumber({ cacheTime: 0 })),
    async stop() {
      await server.close();
    },
  };
}

/** The chain settings of a test app on this chain. */
export function chainConfig(
  url: string,
  tokens: ChainConfig['tokens'],
  overrides: Partial<ChainConfig> = {},
): ChainConfig {
  return { rpcUrl: url, xpub: DEPOSIT_XPUB, confirmations: 3, pollMs: 50, tokens, ...overrides };
}

/**
 * A JSON-RPC proxy in front of the chain that a test switches: 'pass' forwards, 'down' cuts the
 * connection, 'garbage' answers 200 with a body that is not JSON-RPC.
 */
export async function startRpcProxy(target: string) {
  let mode: 'pass' | 'down' | 'garbage' = 'pass';
  const server: Server = createServer((req, res) => {
    if (mode === 'down') return void req.socket.destroy();
    if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops');
    const upstream = httpRequest(`${target}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set(next: typeof mode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `check` answers something truthy (the watcher runs on its own timer). */
export async function until<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export { privateKeyToAccount };
