import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';
import { AdminPublic } from './admin.js';
import { literalUnion } from './literals.js';

/**
 * The admin second factor: TOTP with single-use recovery codes, a two-step sign-in, and
 * the back office's Security page. /api/admin/login answers either a signed-in admin or a short-lived
 * challenge for the second step.
 */
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step's challenge lasts before the username and password are asked again. */
export const ADMIN_CHALLENGE_TTL_MINUTES = 5;

export const AdminSecurityErrorCode = {
  /** 403: ADMIN_REQUIRE_2FA and this admin has no second factor yet: only Security is open. */
  SECOND_FACTOR_SETUP_REQUIRED: 'SECOND_FACTOR_SETUP_REQUIRED',
  /** 401: the code is neither the authenticator's current code nor an unused recovery code. */
  INVALID_SECOND_FACTOR: 'INVALID_SECOND_FACTOR',
  /** 401: the challenge is expired, forged or from before a reset. */
  CHALLENGE_EXPIRED: 'CHALLENGE_EXPIRED',
  TOTP_ALREADY_ENROLLED: 'TOTP_ALREADY_ENROLLED',
  TOTP_NOT_STARTED: 'TOTP_NOT_STARTED',
} as const;

const DateTime = Type.String({ format: 'date-time' });

export const AdminLoginStep = Type.Object({
  step: literalUnion(['signed-in', 'code-required'] as const),
  /** signed-in: the admin token (8 hours). */
  token: Type.Optional(Type.String()),
  admin: Type.Optional(AdminPublic),
  /** signed-in: when the token ends; code-required: when the challenge ends. */
  expiresAt: DateTime,
  /** code-required: send it with the code to /api/admin/login/second-factor. */
  challengeToken: Type.Optional(Type.String()),
  /** signed-in under ADMIN_REQUIRE_2FA without a second factor: only Security opens until enrolment. */
  setupRequired: Type.Boolean(),
});
export type AdminLoginStep = Static<typeof AdminLoginStep>;
export const AdminLoginStepResponse = Ok(AdminLoginStep);

export const AdminSecondFactorBody = Type.Object({
  challengeToken: Type.String({ maxLength: 512 }),
  code: Type.String({ maxLength: 40, description: "the authenticator's 6 digits or a recovery code" }),
});
export type AdminSecondFactorBody = Static<typeof AdminSecondFactorBody>;

export const AdminSecurityStatus = Type.Object({
  enrolled: Type.Boolean(),
  enrolledAt: Type.Union([DateTime, Type.Null()]),
  recoveryCodesLeft: Type.Integer(),
  /** ADMIN_REQUIRE_2FA: every admin must have a second factor. */
  required: Type.Boolean(),
});
export type AdminSecurityStatus = Static<typeof AdminSecurityStatus>;
export const AdminSecurityStatusResponse = Ok(AdminSecurityStatus);

export const TotpSetup = Type.Object({
  /** otpauth://totp/... for the QR code. */
  otpauthUri: Type.String(),
  /** The same secret in base32, to type in when the camera cannot scan. */
  secret: Type.String(),
});
export type TotpSetup = Static<typeof TotpSetup>;
export const TotpSetupResponse = Ok(TotpSetup);

export const TotpConfirmBody = Type.Object({ code: Type.String({ maxLength: 12 }) });
export type TotpConfirmBody = Static<typeof TotpConfirmBody>;

export const TotpConfirmResult = Type.Object({
  /** Shown once: only their hashes are kept. */
  recoveryCodes: Type.Array(Type.String()),
  status: AdminSecurityStatus,
  /** The admin's new session token: sessions begun before the second factor end with the enrolment. */
  token: Type.String(),
});
export type TotpConfirmResult = Static<typeof TotpConfirmResult>;
export const TotpConfirmResponse = Ok(TotpConfirmResult);
