import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

/** Error codes of withdrawal risk: withdrawal eligibility and strict inputs. Texts: messages/risk.ts. */
export const RiskErrorCode = {
  /** 403: the email address is not verified (checked before every other withdrawal rule). */
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  WITHDRAW_ACCOUNT_TOO_NEW: 'WITHDRAW_ACCOUNT_TOO_NEW',
  WITHDRAW_COOLDOWN: 'WITHDRAW_COOLDOWN',
  WITHDRAW_DAILY_CAP: 'WITHDRAW_DAILY_CAP',
  WITHDRAW_TOO_MANY_PENDING: 'WITHDRAW_TOO_MANY_PENDING',
  TOO_MANY_PENDING_DEPOSITS: 'TOO_MANY_PENDING_DEPOSITS',
  INVALID_REFERENCE: 'INVALID_REFERENCE',
  URI_TOO_LONG: 'URI_TOO_LONG',
  INVALID_MULTIPART: 'INVALID_MULTIPART',
} as const;

// ── Risk score of pending withdrawals (admin) ───────────────────────────────
export const RISK_REASON_KINDS = [
  'shared_address',
  'shared_device',
  'referral_chain',
  'no_deposit',
  'free_earnings',
  'velocity_count',
  'velocity_new_account',
  'referral_same_origin',
] as const;
export type RiskReasonKind = (typeof RISK_REASON_KINDS)[number];

export const RiskReason = Type.Object({
  kind: Type.String({ description: RISK_REASON_KINDS.join(', ') }),
  weight: Type.Integer({ minimum: 0, description: 'points this reason adds to the score' }),
  text: Type.String(),
});
export type RiskReason = Static<typeof RiskReason>;

export const LinkedAccount = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  via: Type.Array(Type.String(), { description: "'address', 'device' and/or 'referral'" }),
});
export type LinkedAccount = Static<typeof LinkedAccount>;

export const WithdrawalRisk = Type.Object({
  transactionId: Type.Integer(),
  userId: Type.Integer(),
  score: Type.Integer({ minimum: 0, maximum: 100, description: 'sum of the reasons\u2019 weights, at most 100' }),
  level: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
  reasons: Type.Array(RiskReason),
  linkedAccounts: Type.Array(LinkedAccount, {
    description: 'other withdrawing accounts sharing an address, a device or a referral',
  }),
});
export type WithdrawalRisk = Static<typeof WithdrawalRisk>;

export const WithdrawalRiskQuery = Type.Object({
  ids: Type.String({
    pattern: '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,99}$',
    description: 'pending withdrawal ids separated by commas (at most 100)',
  }),
});
export type WithdrawalRiskQuery = Static<typeof WithdrawalRiskQuery>;
export const WithdrawalRiskResult = Type.Object({ risks: Type.Array(WithdrawalRisk) });
export type WithdrawalRiskResult = Static<typeof WithdrawalRiskResult>;
export const WithdrawalRiskResponse = Ok(WithdrawalRiskResult);
