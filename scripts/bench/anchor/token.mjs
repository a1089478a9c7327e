// HS256 tokens for the anchor's players, signed by the bench (the anchor only verifies them).
import { createHmac } from 'node:crypto';

/** @param {object} value */
const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** @param {{ sub: number, tv: number }} claims @param {string} secret */
export function signToken(claims, secret) {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
