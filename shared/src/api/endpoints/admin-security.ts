import { endpoint } from '../endpoint.js';
import { AdminLoginBody } from '../admin.js';
import {
  AdminLoginStepResponse,
  AdminSecondFactorBody,
  AdminSecurityStatusResponse,
  TotpConfirmBody,
  TotpConfirmResponse,
  TotpSetupResponse,
} from '../admin-security.js';

// Admin sign-in (password, then the second factor) and the TOTP enrolment.

export const adminLogin = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/login',
  auth: 'none',
  tags: ['admin'],
  summary: 'Admin sign-in, step one: username and password',
  description:
    "Without a second factor: step 'signed-in' with an 8-hour admin token (setupRequired under " +
    "ADMIN_REQUIRE_2FA). With one: step 'code-required' and a 5-minute challengeToken for " +
    '/api/admin/login/second-factor. Throttled like player logins: 5 failures per address and admin lock ' +
    'that address (423), failures from all addresses slow the account down, 30 failures per address per 15 ' +
    'minutes answer 429.',
  body: AdminLoginBody,
  response: AdminLoginStepResponse,
});

export const adminSecondFactor = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/login/second-factor',
  auth: 'none',
  tags: ['admin'],
  summary: 'Admin sign-in, step two: the authenticator code or a recovery code',
  description:
    'A TOTP code works once; a recovery code once ever (audited). 401 INVALID_SECOND_FACTOR for a wrong ' +
    'code, 401 CHALLENGE_EXPIRED for an old or forged challenge. Throttled like player logins: 5 failures ' +
    'per address and admin lock that address (423), failures from all addresses slow the account down, 30 ' +
    'failures per address per 15 minutes answer 429.',
  body: AdminSecondFactorBody,
  response: AdminLoginStepResponse,
});

export const adminSecurityStatus = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/security',
  auth: 'admin',
  tags: ['admin'],
  summary: "The signed-in admin's second factor: enrolled or not, recovery codes left",
  response: AdminSecurityStatusResponse,
});

export const totpSetup = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/security/totp/setup',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Start TOTP enrolment: a new pending secret as an otpauth URI (for the QR code) and as text',
  description: '409 TOTP_ALREADY_ENROLLED once a second factor is on (the CLI resets it).',
  response: TotpSetupResponse,
});

export const totpConfirm = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/security/totp/confirm',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Finish TOTP enrolment with a first code; answers ten single-use recovery codes, once',
  description:
    '400 INVALID_SECOND_FACTOR for a wrong code (5 per 15 minutes, then 429), 409 TOTP_NOT_STARTED without ' +
    'a pending setup. Audited.',
  body: TotpConfirmBody,
  response: TotpConfirmResponse,
});
