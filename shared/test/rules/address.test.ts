import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CRYPTO_TYPES, ledgerKind, payoutAddressProblem, type CryptoType } from '../../src/rules/index.js';
import { validatePayoutAddress } from '../../src/validation.js';
import { validationText, walletText } from '../../src/messages/index.js';

const EVM_OK = '0x52908400098527886E0F7030069857D2E4169EE7';
const SOL_OK = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const BTC_BECH32 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const BTC_TAPROOT = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';
const BTC_P2PKH = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const BTC_P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';

// [coin, address, expected problem]
const CASES: [CryptoType, string, 'required' | 'format' | null][] = [
  ['BTC', BTC_BECH32, null],
  ['BTC', BTC_TAPROOT, null],
  ['BTC', BTC_BECH32.toUpperCase(), null],
  ['BTC', BTC_P2PKH, null],
  ['BTC', BTC_P2SH, null],
  ['BTC', `  ${BTC_P2SH}  `, null],
  ['BTC', '', 'required'],
  ['BTC', '   ', 'required'],
  ['BTC', 'bc1', 'format'],
  ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb', 'format'], // 'b' is not bech32
  ['BTC', 'Bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'format'], // mixed case
  ['BTC', '2BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'format'],
  ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0', 'format'], // 0 is not base58
  ['BTC', EVM_OK, 'format'],
  ['BTC', SOL_OK, 'format'],
  ['ETH', EVM_OK, null],
  ['ETH', EVM_OK.toLowerCase(), null],
  ['ETH', EVM_OK.slice(0, -1), 'format'],
  ['ETH', `${EVM_OK}0`, 'format'],
  ['ETH', `0X${EVM_OK.slice(2)}`, 'format'],
  ['ETH', '0x52908400098527886E0F7030069857D2E4169EEG', 'format'],
  ['ETH', SOL_OK, 'format'],
  ['USDT', EVM_OK, null],
  ['USDT', BTC_P2PKH, 'format'],
  ['USDC', EVM_OK, null],
  ['USDC', 'addr', 'format'],
  ['SOL', SOL_OK, null],
  ['SOL', '11111111111111111111111111111111', null], // the 32-character system program
  ['SOL', EVM_OK, 'format'], // the walkthrough's case: an 0x address accepted as SOL
  ['SOL', 'So1anaAddr', 'format'],
  ['SOL', `${SOL_OK}abcd`, 'format'], // 47 characters
  ['SOL', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLt0', 'format'],
  ['SOL', '', 'required'],
];

describe('payoutAddressProblem', () => {
  it.each(CASES)('%s %j -> %s', (coin, address, expected) => {
    expect(payoutAddressProblem(coin, address)).toBe(expected);
  });

  it('treats null and undefined as missing', () => {
    for (const coin of CRYPTO_TYPES) {
      expect(payoutAddressProblem(coin, null)).toBe('required');
      expect(payoutAddressProblem(coin, undefined)).toBe('required');
    }
  });

  const hex = fc.stringMatching(/^[0-9a-fA-F]{40}$/);
  const base58 = (min: number, max: number) => fc.stringMatching(new RegExp(`^[1-9A-HJ-NP-Za-km-z]{${min},${max}}$`));

  it('accepts every 0x + 40 hex address for ETH, USDT and USDC, and refuses it for BTC and SOL', () => {
    fc.assert(
      fc.property(hex, (h) => {
        const address = `0x${h}`;
        expect(payoutAddressProblem('ETH', address)).toBeNull();
        expect(payoutAddressProblem('USDT', address)).toBeNull();
        expect(payoutAddressProblem('USDC', address)).toBeNull();
        expect(payoutAddressProblem('SOL', address)).toBe('format');
        expect(payoutAddressProblem('BTC', address)).toBe('format');
      }),
    );
  });

  it('accepts base58 of 32 to 44 characters for SOL and refuses other lengths', () => {
    fc.assert(fc.property(base58(32, 44), (a) => payoutAddressProblem('SOL', a) === null));
    fc.assert(fc.property(base58(1, 31), (a) => payoutAddressProblem('SOL', a) === 'format'));
    fc.assert(fc.property(base58(45, 60), (a) => payoutAddressProblem('SOL', a) === 'format'));
  });

  it('accepts legacy BTC only when it starts with 1 or 3', () => {
    fc.assert(
      fc.property(fc.constantFrom('1', '3'), base58(25, 34), (lead, body) => {
        expect(payoutAddressProblem('BTC', lead + body)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(base58(26, 35), (a) => {
        expect(payoutAddressProblem('BTC', a)).toBe(a.startsWith('1') || a.startsWith('3') ? null : 'format');
      }),
    );
  });

  it('never accepts an address containing whitespace inside, whatever the coin', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CRYPTO_TYPES),
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        (c, a, b) => {
          fc.pre(a.trim() !== '' && b.trim() !== '');
          expect(payoutAddressProblem(c, `${a.trim()} ${b.trim()}`)).toBe('format');
        },
      ),
    );
  });
});

describe('validatePayoutAddress', () => {
  it('gives the missing text, then the coin-specific format text', () => {
    expect(validatePayoutAddress('SOL', ' ')).toBe(validationText.cryptoAddressRequired);
    expect(validatePayoutAddress('SOL', EVM_OK)).toBe(walletText.payoutAddressFormat.SOL);
    expect(validatePayoutAddress('BTC', SOL_OK)).toBe(walletText.payoutAddressFormat.BTC);
    expect(validatePayoutAddress('USDT', EVM_OK)).toBeNull();
  });
});

describe('ledgerKind', () => {
  it.each([
    ['purchase', 'roll', 'roll'],
    ['reward', 'tile:3', 'reward'],
    ['penalty', 'tile:5', 'penalty'],
    ['jackpot', 'tile:10', 'jackpot'],
    ['reward', 'achievement:first_roll', 'achievement'],
    ['reward', 'daily_dice', 'daily'],
    ['reward', 'daily_login', 'daily'],
    ['reward', 'starting_dice', 'starting'],
    ['reward', 'referral', 'referral'],
    ['reward', 'admin_grant', 'grant'],
    ['deposit', 'deposit_approved', 'deposit'],
    ['purchase', 'deposit_approved', 'purchase'],
    ['purchase', 'spend', 'spend'],
    ['withdrawal', 'withdrawal_hold', 'withdrawalHold'],
    ['refund', 'withdrawal_refund', 'refund'],
    ['upgrade', 'upgrade:1:5:2', 'upgrade'],
    ['reward', 'board_complete:1', 'boardComplete'],
    ['reward', 'level_up:7', 'levelUp'],
    ['reward', 'lap', 'lap'],
    ['mystery', 'unknown', 'other'],
  ])('%s / %s -> %s', (type, reason, kind) => {
    expect(ledgerKind(type, reason)).toBe(kind);
  });
});
