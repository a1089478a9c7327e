import { inputRuleText, moneyText, txReferenceShapeText, validationText, walletText } from './messages/index.js';
import {
  MIN_WITHDRAWAL_GOGO,
  isCryptoType,
  isReferralCodeInputValid,
  isPlausibleTxReference,
  isValidCryptoAmount,
  payoutAddressProblem,
  type CryptoType,
} from './rules/index.js';

/**
 * Field rules used by the auth modal (on blur and submit) and by the server
 * (register). Each returns the first failing message, or null when the value is acceptable.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const ADMIN_PASSWORD_MIN = 10;
export const ADMIN_RESET_PASSWORD_MIN = 6;

// Spec: "shape {email} with no spaces": something@something.tld, no whitespace anywhere.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_CHARSET = /^[A-Za-z0-9_]+$/;

export function validateEmail(email: string): string | null {
  if (email.trim() === '') return validationText.emailRequired;
  if (!EMAIL_SHAPE.test(email) || email.length > 254) return validationText.emailInvalid;
  return null;
}

export function validatePassword(password: string): string | null {
  if (password === '') return validationText.passwordRequired;
  if (password.length < PASSWORD_MIN) return validationText.passwordTooShort;
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return validationText.passwordLettersAndDigits;
  return null;
}

export function validateUsername(username: string): string | null {
  const value = username.trim();
  if (value === '') return validationText.usernameRequired;
  if (value.length < USERNAME_MIN) return validationText.usernameTooShort;
  if (value.length > USERNAME_MAX) return validationText.usernameTooLong;
  if (!USERNAME_CHARSET.test(value)) return validationText.usernameCharset;
  return null;
}

/** Emails are compared and stored case-insensitively. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Reads an amount as a person typed it or a client sent it: a finite number, or a decimal string
 * ('12', '0.5'). Anything else (empty, 'abc', '1e400', null) is NaN.
 */
export function parseAmount(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return Number.NaN;
  const n = Number(text);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** Deposit amount: a finite number above 0, in the currency's step. */
export function validateDepositAmount(amount: number, crypto: CryptoType): string | null {
  if (!Number.isFinite(amount) || amount <= 0) return validationText.amountInvalid;
  if (!isValidCryptoAmount(amount, crypto)) return validationText.amountInvalid;
  return null;
}

export function validateCryptoType(value: unknown): string | null {
  return isCryptoType(value) ? null : moneyText.cryptoTypeInvalid;
}

/**
 * Withdrawal amount (docs/adr, 'Deposits, purchases and withdrawals wait for an
 * admin'): above 0, whole GOGO, at least 100, not above the balance. The balance check is skipped when the
 * balance is unknown (null).
 */
export function validateWithdrawalAmount(amount: number, balance: number | null): string | null {
  if (!Number.isFinite(amount) || amount <= 0) return validationText.amountInvalid;
  if (!Number.isInteger(amount)) return moneyText.withdrawWholeGogo;
  if (amount < MIN_WITHDRAWAL_GOGO) return moneyText.withdrawMinimum;
  if (balance !== null && amount > balance) return validationText.withdrawExceedsBalance;
  return null;
}

export function validateCryptoAddress(address: string | null | undefined): string | null {
  return (address ?? '').trim() === '' ? validationText.cryptoAddressRequired : null;
}

/** A withdrawal's payout address: present, and shaped like an address of `crypto`. */
export function validatePayoutAddress(crypto: CryptoType, address: string | null | undefined): string | null {
  const problem = payoutAddressProblem(crypto, address);
  if (problem === 'required') return validationText.cryptoAddressRequired;
  return problem === 'format' ? walletText.payoutAddressFormat[crypto] : null;
}

/** Referral code input: trimmed length at least 4. */
export function validateReferralCode(code: string): string | null {
  return isReferralCodeInputValid(code) ? null : validationText.referralCodeInvalid;
}

/** A deposit's reference is the transfer's transaction id in its coin's shape (purchases: optional). */
export function validateTxReference(coin: CryptoType, value: string, required: boolean): string | null {
  const text = value.trim();
  if (text === '') return required ? inputRuleText.referenceRequired : null;
  return isPlausibleTxReference(coin, text) ? null : inputRuleText.referenceShape(coin, txReferenceShapeText(coin));
}
