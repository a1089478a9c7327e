import { endpoint } from '../endpoint.js';
import { AuthResponse, LoginBody, LogoutResponse, MeResponse, RegisterBody } from '../auth.js';
import {
  ChangePasswordBody,
  ChangePasswordResponse,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  LoginLinkBody,
  LoginLinkRedeemBody,
  LoginLinkResponse,
  PasswordResetBody,
  PasswordResetResponse,
  ResendVerificationResponse,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '../recovery.js';

// Player accounts: registration, sign-in, sign-out, e-mail verification and passwords.

export const register = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/auth/register',
  auth: 'none',
  tags: ['auth'],
  summary: 'Create a player account',
  description: 'Records the sign-up address and the optional X-Device-Id header (the withdrawal risk checks).',
  body: RegisterBody,
  response: AuthResponse,
  status: 201,
});

export const login = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/auth/login',
  auth: 'none',
  tags: ['auth'],
  summary: 'Log in with email and password',
  description:
    'Failed logins lock one address+account pair after 5 per 15 minutes (423 ACCOUNT_LOCKED for that ' +
    'address only), slow every attempt on an account after 10 failures from all addresses (a growing delay, ' +
    'at most 10 s), and 30 failures per address per 15 minutes answer 429 RATE_LIMIT_EXCEEDED. Unknown ' +
    'email and wrong password give the same 401 INVALID_CREDENTIALS. Optional X-Device-Id header.',
  body: LoginBody,
  response: AuthResponse,
});

export const logout = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  auth: 'player',
  tags: ['auth'],
  summary: "Revoke all of the player's tokens",
  response: LogoutResponse,
});

export const me = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/auth/me',
  auth: 'player',
  tags: ['auth'],
  summary: 'The signed-in player',
  response: MeResponse,
});

export const verifyEmail = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/auth/verify-email',
  auth: 'none',
  tags: ['auth'],
  summary: 'Mark the email address verified with the token of its mailed link (single use, 48 h)',
  body: VerifyEmailBody,
  response: VerifyEmailResponse,
});

export const resendVerification = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/auth/resend-verification',
  auth: 'player',
  tags: ['auth'],
  summary: 'Send a new verification link to the signed-in player (throttled per player)',
  response: ResendVerificationResponse,
});

export const forgotPassword = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/auth/forgot-password',
  auth: 'none',
  tags: ['auth'],
  summary: 'Mail a password reset link (same answer whether or not an account has the address)',
  body: ForgotPasswordBody,
  response: ForgotPasswordResponse,
});

export const resetPassword = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  auth: 'none',
  tags: ['auth'],
  summary: 'Set a new password with the token of a reset link (single use, 30 min); revokes every token',
  body: PasswordResetBody,
  response: PasswordResetResponse,
});

export const changePassword = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/auth/change-password',
  auth: 'player',
  tags: ['auth'],
  summary: 'Change the password; other sessions are revoked and the caller gets a fresh token',
  body: ChangePasswordBody,
  response: ChangePasswordResponse,
});

export const requestLoginLink = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/auth/login-link',
  auth: 'none',
  tags: ['auth'],
  summary: 'Email me a sign-in link',
  description:
    'Sends a sign-in link (single use, 15 minutes) to the address when an account has it. The answer is ' +
    'the same either way; at most 5 links per address per hour.',
  body: LoginLinkBody,
  response: LoginLinkResponse,
});

export const redeemLoginLink = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/auth/login-link/redeem',
  auth: 'none',
  tags: ['auth'],
  summary: 'Sign in with the token of a mailed sign-in link',
  description:
    'The link proves the mailbox: it signs in from any address or device, also while failed password ' +
    'guesses slow the account down. 400 LINK_INVALID, LINK_EXPIRED or LINK_USED otherwise.',
  body: LoginLinkRedeemBody,
  response: AuthResponse,
});
