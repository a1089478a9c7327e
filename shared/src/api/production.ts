/** Error codes of running in production (texts: messages/production.ts). */
export const ProductionErrorCode = {
  /** 403: the amount asks for GOGO won with free dice before the player's approved deposits reach $10 in total. */
  WITHDRAW_FREE_WINS_LOCKED: 'WITHDRAW_FREE_WINS_LOCKED',
  /** 413: the request body is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
} as const;
