import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import { ErrorCode } from '@gogo/shared/api';
import { errorTextByCode, serverText } from '@gogo/shared/messages';
import { AppError } from '../lib/errors.js';
import type { Clock } from '../lib/clock.js';
import type { SessionState } from '../modules/auth/session-state.js';

export type Role = 'player' | 'admin';

export interface TokenClaims {
  sub: string;
  role: Role;
  /** The account's token version when the token was issued; a mismatch means it was revoked. */
  tv: number;
  /** Test-login tokens: the admin who asked for this player token (for the record, never for rights). */
  act?: number;
  iat?: number;
  exp?: number;
}

export const PLAYER_TOKEN_TTL_S = 7 * 24 * 3600;
export const ADMIN_TOKEN_TTL_S = 8 * 3600;

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: the request must carry a valid, unrevoked player token. Sets request.playerId. */
    requirePlayer: (request: FastifyRequest) => Promise<void>;
    /** preHandler: the request must carry a valid, unrevoked admin token. Sets request.adminId. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    signToken: (role: Role, accountId: number, tokenVersion: number, opts?: SignOptions) => string;
  }
  interface FastifyRequest {
    playerId: number;
    adminId: number;
  }
}

export interface SignOptions {
  /** A shorter life than the role's default (test-login tokens). */
  ttlSeconds?: number;
  /** The admin on whose behalf a player token is issued (test-login). */
  actingAdminId?: number;
}

interface AuthOptions {
  secret: string;
  clock: Clock;
  accounts: SessionState;
}

const unauthorized = (code: string, message: string) => new AppError(401, code, message);

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  const { clock, accounts } = opts;
  await app.register(fastifyJwt, {
    secret: opts.secret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  });
  app.decorateRequest('playerId', 0);
  app.decorateRequest('adminId', 0);

  app.decorate('signToken', (role: Role, accountId: number, tokenVersion: number, opts: SignOptions = {}) => {
    const roleTtl = role === 'admin' ? ADMIN_TOKEN_TTL_S : PLAYER_TOKEN_TTL_S;
    const ttl = Math.min(opts.ttlSeconds ?? roleTtl, roleTtl);
    const iat = Math.floor(clock() / 1000);
    const claims: TokenClaims = { sub: String(accountId), role, tv: tokenVersion, iat, exp: iat + ttl };
    if (opts.actingAdminId !== undefined) claims.act = opts.actingAdminId;
    return app.jwt.sign(claims);
  });

  async function verify(request: FastifyRequest): Promise<TokenClaims> {
    if (!request.headers.authorization) throw unauthorized(ErrorCode.UNAUTHORIZED, serverText.unauthorized);
    try {
      return await request.jwtVerify<TokenClaims>({ clockTimestamp: clock() });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') {
        throw unauthorized(ErrorCode.TOKEN_EXPIRED, errorTextByCode.TOKEN_EXPIRED);
      }
      if (code === 'FST_JWT_NO_AUTHORIZATION_IN_HEADER' || code === 'FST_JWT_BAD_REQUEST') {
        throw unauthorized(ErrorCode.UNAUTHORIZED, serverText.unauthorized);
      }
      throw unauthorized(ErrorCode.INVALID_TOKEN, serverText.invalidToken);
    }
  }

  app.decorate('requirePlayer', async (request: FastifyRequest) => {
    const claims = await verify(request);
    if (claims.role !== 'player') throw new AppError(403, ErrorCode.FORBIDDEN, serverText.playerOnly);
    const id = Number(claims.sub);
    const account = await accounts.findUserAuthState(id);
    if (!account || account.tokenVersion !== claims.tv) {
      throw unauthorized(ErrorCode.INVALID_TOKEN, serverText.invalidToken);
    }
    // An admin's support session (test-login) may look but never act: nothing of value moves
    // under a token the player did not create.
    if (claims.act !== undefined && request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError(403, ErrorCode.FORBIDDEN, serverText.supportSessionReadOnly);
    }
    request.playerId = id;
    if (claims.act === undefined) await accounts.touchLastSeen(id, clock());
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const claims = await verify(request);
    if (claims.role !== 'admin') throw new AppError(403, ErrorCode.FORBIDDEN, serverText.adminOnly);
    const id = Number(claims.sub);
    const admin = await accounts.findAdminAuthState(id);
    if (!admin || admin.tokenVersion !== claims.tv) {
      throw unauthorized(ErrorCode.INVALID_TOKEN, serverText.invalidToken);
    }
    request.adminId = id;
  });
});
