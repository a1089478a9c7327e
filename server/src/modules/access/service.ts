import { ErrorCode, type Presence, type UserCard } from '@gogo/shared/api';
import { socialText } from '@gogo/shared/messages';
import type { Database } from '../../db/database.js';
import type { Queryable, Read, Tx } from '../../db/sql.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { verifyPassword } from '../../lib/passwords.js';
import { accounts, type UserRow } from '../auth/index.js';
import type { Counters } from '../throttle/index.js';
import { ONLINE_WINDOW_MS } from '../../core/presence.js';
import { avatarUrl } from './avatar-url.js';
import {
  canSeePresence,
  canViewProfile,
  isActiveAccount,
  type PrivacyState,
  type Relation,
} from '../../core/privacy.js';
import { privacyFrom, profiles, type ProfileRow } from './profiles.js';

/** Wrong passwords on sensitive actions (email change, deletion): per player, shared by every instance. */
export const PASSWORD_FAILURES_MAX = 5;
export const PASSWORD_FAILURES_WINDOW_MS = 15 * 60_000;

/**
 * What access and the modules above it ask about friendships (app.ts passes modules/social/graph.ts):
 * none of them reads the social module's tables itself.
 */
export interface FriendGraph {
  areFriends(q: Queryable, a: number, b: number): Promise<boolean>;
  pendingMap(q: Queryable, viewer: number): Promise<Map<number, { id: number; direction: 'incoming' | 'outgoing' }>>;
  countFriends(q: Queryable, userId: number): Promise<number>;
  friendsOf(q: Queryable, userId: number): Promise<Array<{ id: number; username: string; since: number }>>;
  /** The ids of friendsOf, as a read for a caller's Tx.readEach. */
  friendIdsRead(userId: number): Read<number[]>;
  historyOf(
    q: Queryable,
    userId: number,
  ): Promise<
    Array<{ incoming: number; username: string; status: string; createdAt: number; respondedAt: number | null }>
  >;
  deleteAllOf(tx: Tx, userId: number): Promise<void>;
}

export interface Target {
  user: UserRow;
  profile: ProfileRow | undefined;
  privacy: PrivacyState | undefined;
  rel: Relation;
}

export interface AccessDeps {
  database: Database;
  friends: FriendGraph;
  counters: Counters;
  clock: Clock;
}

/** Who may reach, read or change a player, and the password check of sensitive actions. */
export function createAccess(deps: AccessDeps) {
  const { database, friends, counters, clock } = deps;
  const read = database.read;

  const relation = async (viewerId: number, userId: number): Promise<Relation> => ({
    isSelf: viewerId === userId,
    isFriend: await friends.areFriends(read, viewerId, userId),
  });

  /** The player as the viewer may reach them at all: 404 when unknown, deleted, or deactivated (for others). */
  async function reach(viewerId: number, userId: number): Promise<Target> {
    const [user, profile, rel] = await Promise.all([
      accounts.userById(read, userId),
      profiles.profile(read, userId),
      relation(viewerId, userId),
    ]);
    const privacy = user && profile ? privacyFrom(profile) : undefined;
    if (!user || privacy?.deletedAt || (!rel.isSelf && !isActiveAccount(privacy))) {
      throw notFound(socialText.playerNotFound);
    }
    return { user, profile: user ? profile : undefined, privacy, rel };
  }

  /** Reading another player: their profile visibility decides (403 with the reason). */
  async function readable(viewerId: number, userId: number): Promise<Target> {
    const target = await reach(viewerId, userId);
    if (!canViewProfile(target.privacy, target.rel)) {
      throw new AppError(
        403,
        ErrorCode.PROFILE_PRIVATE,
        target.privacy?.profileVisibility === 'friends' ? socialText.profileFriendsOnly : socialText.profilePrivate,
      );
    }
    return target;
  }

  /** Changing a player: only themselves. */
  async function own(viewerId: number, userId: number): Promise<Target> {
    if (viewerId !== userId) throw forbidden(socialText.ownAccountOnly);
    return reach(viewerId, userId);
  }

  /** Data only the player sees (analytics, requests, export). */
  async function ownData(viewerId: number, userId: number): Promise<Target> {
    if (viewerId !== userId) {
      await reach(viewerId, userId); // unknown players are still 404
      throw forbidden(socialText.ownDataOnly);
    }
    return reach(viewerId, userId);
  }

  function presenceOf(privacy: PrivacyState | undefined, rel: Relation, lastSeen: number | null): Presence {
    if (!canSeePresence(privacy, rel)) return { isOnline: null, lastSeen: null };
    return {
      isOnline: lastSeen !== null && lastSeen >= clock() - ONLINE_WINDOW_MS,
      lastSeen: toIso(lastSeen),
    };
  }

  const failureKey = (userId: number) => `password-check:${userId}`;

  /** Sensitive actions ask for the password again; 5 wrong ones in 15 minutes answer 429 until the window ends. */
  async function confirmPassword(user: UserRow, password: string | undefined, missingText: string) {
    if (!password) throw badRequest(ErrorCode.INVALID_PASSWORD, missingText, { field: 'currentPassword' });
    if ((await counters.peek(failureKey(user.id), clock())) >= PASSWORD_FAILURES_MAX) {
      throw new AppError(429, ErrorCode.RATE_LIMIT_EXCEEDED, socialText.tooManyPasswordAttempts);
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await counters.hit(failureKey(user.id), PASSWORD_FAILURES_WINDOW_MS, clock());
      throw new AppError(403, ErrorCode.INVALID_PASSWORD, socialText.passwordIncorrect);
    }
    await counters.reset(failureKey(user.id));
  }

  const card = (id: number, username: string, avatarFile: string | null | undefined): UserCard => ({
    id,
    username,
    avatarUrl: avatarUrl(avatarFile),
  });

  return {
    relation,
    reach,
    readable,
    own,
    ownData,
    presenceOf,
    confirmPassword,
    forgetPasswordFailures: (userId: number) => counters.reset(failureKey(userId)),
    card,
    /** For the engine's queries: may the viewer read this player's stats? */
    async canRead(viewerId: number, userId: number): Promise<boolean> {
      try {
        await readable(viewerId, userId);
        return true;
      } catch (err) {
        if (err instanceof AppError) return false;
        throw err;
      }
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
