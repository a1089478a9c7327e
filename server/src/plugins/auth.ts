import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import { ErrorCode } from '@gogo/shared/api';
import { errorTextByCode, serverText } from '@gogo/shared/messages';
import { AppError } from '../lib/errors.js';
import type { Clock } from '../lib/clock.js';
import type { PlayerSession, SessionState } from '../modules/auth/index.js';

export type Role = 'player' | 'admin';

export interface TokenClaims {
  sub: string;
  role: Role;
  /** The account's token version when the token was issued; a mismatch means it was revoked. */
  tv: number;
  /** Test-login tokens: the admin who asked for this player token (for the record, never for rights). */
  act?: number;
  /** Admin tokens: 1 when the sign-in passed the second factor (an enrolled admin's token needs it). */
  mfa?: 1;
  iat?: number;
  exp?: number;
}

export const PLAYER_TOKEN_TTL_S = 7 * 24 * 3600;
export const ADMIN_TOKEN_TTL_S = 8 * 3600;
/** Verified tokens remembered per process (about 1 MB at most). */
const VERIFIED_TOKENS_KEPT = 5000;

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
    /**
     * preHandler: requirePlayer without its database half (token version, presence), which the route's
     * handler does in its own transaction (SessionState.checkIn). Sets request.playerId and
     * request.playerSession.
     */
    requirePlayerInHandler: (request: FastifyRequest) => Promise<void>;
    /** preHandler: the request must carry a valid, unrevoked admin token. Sets request.adminId. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    signToken: (role: Role, accountId: number, tokenVersion: number, opts?: SignOptions) => string;
    /**
     * The checks of requirePlayer/requireAdmin on a bare token (the socket's auth message): signature,
     * expiry, role and the account's current token version. Throws the same 401 AppErrors.
     */
    authenticateToken: (token: string) => Promise<Authenticated>;
    /** False once the account's token version has moved on (logout, password reset, deletion). */
    tokenStillValid: (claims: TokenClaims) => Promise<boolean>;
  }
  interface FastifyRequest {
    playerId: number;
    /** Set by requirePlayerInHandler: what the handler's transaction must still check. */
    playerSession: PlayerSession | null;
    adminId: number;
  }
}

export interface Authenticated {
  role: Role;
  accountId: number;
  claims: TokenClaims;
}

export interface SignOptions {
  /** A shorter life than the role's default (test-login tokens). */
  ttlSeconds?: number;
  /** The admin on whose behalf a player token is issued (test-login). */
  actingAdminId?: number;
  /** An admin token from a sign-in (or an enrolment) that passed the second factor. */
  secondFactor?: boolean;
}

interface AuthOptions {
  secret: string;
  /** Secrets of before a rotation (JWT_PREVIOUS_SECRETS): their tokens are accepted, never signed. */
  previousSecrets?: readonly string[];
  clock: Clock;
  accounts: SessionState;
  /** Runs after an admin token's checks (ADMIN_REQUIRE_2FA: modules/admin-security/service.ts). */
  adminGate?: (adminId: number, routeUrl: string, claims: TokenClaims) => Promise<void>;
}

const unauthorized = (code: string, message: string) => new AppError(401, code, message);

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  const { clock, accounts } = opts;
  // Verification options are fixed here so that @fastify/jwt builds ONE verifier: options passed per
  // request make it build a new one every time (profiling showed it). Expiry is checked below against
  // the app's clock instead (fast-jwt would read Date.now(), which tests cannot move).
  await app.register(fastifyJwt, {
    secret: opts.secret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'], ignoreExpiration: true },
  });
  // One verifier per previous secret, built once like the current one's (a namespace each).
  const previous: Array<{ verify: <T>(token: string) => T }> = [];
  for (const [i, secret] of (opts.previousSecrets ?? []).entries()) {
    const namespace = `previousSecret${i}`;
    await app.register(fastifyJwt, {
      secret,
      namespace,
      verify: { algorithms: ['HS256'], ignoreExpiration: true },
    });
    previous.push((app.jwt as unknown as Record<string, { verify: <T>(token: string) => T }>)[namespace]!);
  }
  /** The claims of a token signed with the current secret, else with a previous one; throws when neither. */
  const verifySignature = (token: string): TokenClaims => {
    try {
      return app.jwt.verify<TokenClaims>(token); // the HS256-pinned verifier built at registration
    } catch (err) {
      for (const verifier of previous) {
        try {
          return verifier.verify<TokenClaims>(token);
        } catch {
          // not this one either
        }
      }
      throw err;
    }
  };
  app.decorateRequest('playerId', 0);
  app.decorateRequest('playerSession', null);
  app.decorateRequest('adminId', 0);

  app.decorate('signToken', (role: Role, accountId: number, tokenVersion: number, opts: SignOptions = {}) => {
    const roleTtl = role === 'admin' ? ADMIN_TOKEN_TTL_S : PLAYER_TOKEN_TTL_S;
    const ttl = Math.min(opts.ttlSeconds ?? roleTtl, roleTtl);
    const iat = Math.floor(clock() / 1000);
    const claims: TokenClaims = { sub: String(accountId), role, tv: tokenVersion, iat, exp: iat + ttl };
    if (opts.actingAdminId !== undefined) claims.act = opts.actingAdminId;
    if (opts.secondFactor) claims.mfa = 1;
    return app.jwt.sign(claims);
  });

  // Tokens whose signature checked out, by their exact text: a player sends the same token with every
  // request, and decoding plus the HMAC cost more than the rest of the check. The claims below (role,
  // expiry) and the token version against the account are still checked on every request. The
  // oldest entry goes first once the map is full.
  const verified = new Map<string, TokenClaims>();
  const remember = (token: string, claims: TokenClaims) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  };

  async function verify(request: FastifyRequest): Promise<TokenClaims> {
    const header = request.headers.authorization;
    if (!header) throw unauthorized(ErrorCode.UNAUTHORIZED, serverText.unauthorized);
    // "Bearer <token>", as @fastify/jwt reads it; anything else is not an attempt at a token.
    const parts = header.split(' ');
    if (parts.length !== 2 || !/^Bearer$/i.test(parts[0]!) || parts[1] === '') {
      throw unauthorized(ErrorCode.UNAUTHORIZED, serverText.unauthorized);
    }
    return verifyRaw(parts[1]!);
  }

  function verifyRaw(token: string): TokenClaims {
    let claims = verified.get(token);
    if (claims === undefined) {
      try {
        claims = verifySignature(token);
      } catch {
        throw unauthorized(ErrorCode.INVALID_TOKEN, serverText.invalidToken);
      }
      remember(token, claims);
    }
    // Every token we sign carries exp; one without it is not ours to honour.
    if (typeof claims.exp !== 'number') throw unauthorized(ErrorCode.INVALID_TOKEN, serverText.invalidToken);
    if (clock() > claims.exp * 1000) throw unauthorized(ErrorCode.TOKEN_EXPIRED, errorTextByCode.TOKEN_EXPIRED);
    return claims;
  }

  /** The token version check: a token signed before the account's last revocation is refused. */
  async function tokenStillValid(claims: TokenClaims): Promise<boolean> {
    const id = Number(claims.sub);
    const account =
      claims.role === 'admin' ? await accounts.findAdminAuthState(id) : await accounts.findUserAuthState(id);
    return account !== undefined && account.tokenVersion === claims.tv;
  }
  const requireCurrent = async (claims: TokenClaims) => {
    if (!(await tokenStillValid(claims))) throw unauthorized(ErrorCode.INVALID_TOKEN, serverText.invalidToken);
  };
  app.decorate('tokenStillValid', tokenStillValid);

  app.decorate('authenticateToken', async (token: string): Promise<Authenticated> => {
    const claims = verifyRaw(token);
    if (claims.role !== 'player' && claims.role !== 'admin') {
      throw unauthorized(ErrorCode.INVALID_TOKEN, serverText.invalidToken);
    }
    await requireCurrent(claims);
    // The socket is one more admin route: an admin who must first enrol a second factor gets no pushes.
    if (claims.role === 'admin') await opts.adminGate?.(Number(claims.sub), '/api/ws', claims);
    return { role: claims.role, accountId: Number(claims.sub), claims };
  });

  /** The checks of a player token that need no database. */
  async function playerClaims(request: FastifyRequest): Promise<TokenClaims> {
    const claims = await verify(request);
    if (claims.role !== 'player') throw new AppError(403, ErrorCode.FORBIDDEN, serverText.playerOnly);
    return claims;
  }
  /** An admin's support session (test-login) may look but never act: nothing of value moves under a token the player did not create. */
  const requireOwnSession = (request: FastifyRequest, claims: TokenClaims) => {
    if (claims.act !== undefined && request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError(403, ErrorCode.FORBIDDEN, serverText.supportSessionReadOnly);
    }
  };

  app.decorate('requirePlayer', async (request: FastifyRequest) => {
    const claims = await playerClaims(request);
    const id = Number(claims.sub);
    await requireCurrent(claims);
    requireOwnSession(request, claims);
    request.playerId = id;
    if (claims.act === undefined) await accounts.touchLastSeen(id, clock());
  });

  app.decorate('requirePlayerInHandler', async (request: FastifyRequest) => {
    const claims = await playerClaims(request);
    requireOwnSession(request, claims);
    request.playerId = Number(claims.sub);
    request.playerSession = { tokenVersion: claims.tv, touchSeen: claims.act === undefined };
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const claims = await verify(request);
    if (claims.role !== 'admin') throw new AppError(403, ErrorCode.FORBIDDEN, serverText.adminOnly);
    await requireCurrent(claims);
    request.adminId = Number(claims.sub);
    await opts.adminGate?.(request.adminId, request.routeOptions.url ?? '', claims);
  });
});
