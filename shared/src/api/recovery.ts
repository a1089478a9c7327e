import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

/**
 * Mail: verify an email address, reset a forgotten password, change the password.
 * Tokens are the opaque strings of the mailed links (base64url, 43 characters).
 */
export const RecoveryErrorCode = {
  LINK_INVALID: 'LINK_INVALID',
  LINK_EXPIRED: 'LINK_EXPIRED',
  LINK_USED: 'LINK_USED',
  EMAIL_ALREADY_VERIFIED: 'EMAIL_ALREADY_VERIFIED',
  SAME_PASSWORD: 'SAME_PASSWORD',
} as const;

const Token = Type.String({ maxLength: 200, description: 'the token of the mailed link' });

export const VerifyEmailBody = Type.Object({ token: Token });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;
export const VerifyEmailResponse = Ok(Type.Object({ verified: Type.Literal(true), email: Type.String() }));

export const ResendVerificationResponse = Ok(Type.Object({ sent: Type.Literal(true) }));

export const ForgotPasswordBody = Type.Object({ email: Type.String({ maxLength: 320 }) });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;
export const ForgotPasswordResponse = Ok(Type.Object({ requested: Type.Literal(true) }));

export const PasswordResetBody = Type.Object({ token: Token, password: Type.String({ maxLength: 1024 }) });
export type PasswordResetBody = Static<typeof PasswordResetBody>;
export const PasswordResetResponse = Ok(Type.Object({ reset: Type.Literal(true) }));

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ maxLength: 1024 }),
  newPassword: Type.String({ maxLength: 1024 }),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
/** The caller stays signed in with this fresh token; every other token of the player is revoked. */
export const ChangePasswordResponse = Ok(Type.Object({ token: Type.String() }));

/** A sign-in link by email: the same answer whether or not an account has the address. */
export const LoginLinkBody = Type.Object({ email: Type.String({ maxLength: 320 }) });
export type LoginLinkBody = Static<typeof LoginLinkBody>;
export const LoginLinkResponse = Ok(Type.Object({ requested: Type.Literal(true) }));
/** The mailed sign-in link's token: single use, 15 minutes. */
export const LoginLinkRedeemBody = Type.Object({ token: Token });
export type LoginLinkRedeemBody = Static<typeof LoginLinkRedeemBody>;
