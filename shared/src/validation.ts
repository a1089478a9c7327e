import { validationText } from './messages.js';

/**
 * Field rules of spec section 5, used by the auth modal (on blur and submit) and by the server
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
