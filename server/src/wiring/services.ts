/** The services, each built after what it needs and handed its dependencies (no callbacks bound later). */
import { linkedWalletText } from '@gogo/shared/messages';
import { DEFAULT_MAIL_FROM, DEFAULT_MAIL_SWEEP_MS, defaultPriceConfig } from '../settings/index.js';
import { addRuntimeGauges } from '../lib/metrics.js';
import { type Counters } from '../modules/throttle/index.js';
import {
  createAuthService,
  createLoginThrottle,
  type LoginThrottle,
  type SessionState,
} from '../modules/auth/index.js';
import { createMailer } from '../modules/mail/index.js';
import { createRecoveryService } from '../modules/recovery/index.js';
import { createSeedSource, createFairnessService } from '../modules/fairness/index.js';
import { createGameService, type AfterRollStep } from '../modules/game/index.js';
import { createBoardService } from '../modules/board/index.js';
import { createDailyService, streakOf, streakRead } from '../modules/daily/index.js';
import { createStatsService } from '../modules/stats/index.js';
import { createSessionsService } from '../modules/sessions/index.js';
import { createPriceProvider, type PriceProvider } from '../modules/prices/index.js';
import { createCreditsService } from '../modules/credits/index.js';
import { createChainService, type ChainService } from '../modules/chain/index.js';
import { createWalletService } from '../modules/wallet/index.js';
import { createReferralsService } from '../modules/referrals/index.js';
import { createAdminLogin, createAdminSecurityService } from '../modules/admin-security/index.js';
import {
  createAdminMoneyService,
  createAdminReports,
  createTreasury,
  createAdminService,
  writeAudit,
} from '../modules/admin/index.js';
import { createAccess } from '../modules/access/index.js';
import { createProfileService } from '../modules/profile/index.js';
import { createAccountService } from '../modules/account/index.js';
import { createAvatarService, createAvatarStore } from '../modules/avatars/index.js';
import { createFriendsService, createSocialService, friendGraph } from '../modules/social/index.js';
import { createRealtimeService } from '../modules/realtime/index.js';
import { createEventsService, eventsAfterRoll, houseEvent, settleDue } from '../modules/events/index.js';
import {
  createChallengesService,
  freezeRaceFieldsOf,
  raceAfterRoll,
  settleRaceWeeks,
} from '../modules/challenges/index.js';
import { diceFullAfterRoll } from '../modules/push/index.js';
import { ROLL_COOLDOWN_MS } from '@gogo/shared/rules';
import { createSweeper } from '../lib/sweeper.js';
import { DEFAULT_EVENTS_SWEEP_MS } from '../settings/events.js';
import { defaultDiceRefill } from '../settings/dice.js';
import { defaultProductionSettings } from '../settings/production.js';

import type { Base } from './platform.js';
import type { BuildAppOptions } from './options.js';

/** The leaderboard's top that the socket pushes (the modal and the landing show 10). */
const LIVE_TOP_SIZE = 10;

/**
 * Who a player is to others and the account's recovery: access (privacy, password re-check), the
 * mail outbox's sender (runs while the app is up) and the recovery flows.
 */
export function buildAccounts({ app, config, database, clock, metrics }: Base, counters: Counters) {
  const access = createAccess({ database, friends: friendGraph, counters, clock });
  const mailer = createMailer({
    database,
    clock,
    smtpUrl: config.mail?.smtpUrl ?? null,
    from: config.mail?.from ?? DEFAULT_MAIL_FROM,
    dataDir: config.dataDir,
    sweepMs: config.mail?.sweepMs ?? DEFAULT_MAIL_SWEEP_MS,
    log: app.log,
    production: config.env === 'production',
  });
  app.addHook('onReady', async () => {
    if (config.env === 'production' && !config.mail?.smtpUrl) {
      app.log.warn(
        { outbox: `${config.dataDir}/outbox` },
        'SMTP_URL is not set: verification and reset mails are only written to the outbox folder, not sent',
      );
    }
    mailer.start();
  });
  app.addHook('preClose', async () => mailer.stop());
  addRuntimeGauges(metrics, { mailBacklog: mailer.backlog, clock });
  const recovery = createRecoveryService({
    database,
    clock,
    mailer,
    publicUrl: config.publicUrl,
    counters,
    signPlayerToken: (userId, tokenVersion) => app.signToken('player', userId, tokenVersion),
    confirmPassword: access.confirmPassword,
    onBackgroundError: (err) => app.log.error({ err }, 'password reset request failed after its answer'),
  });
  return { access, recovery };
}
export type Accounts = ReturnType<typeof buildAccounts>;

/**
 * The game engine: fairness, rolls and state, daily rewards, stats, play sessions, realtime. The
 * after-roll steps run in this order inside every roll's transaction.
 */
export function buildEngine(
  { config, database, clock }: Base,
  { access }: Accounts,
  sessionState: SessionState,
  extraAfterRoll: readonly AfterRollStep[],
) {
  const fairness = createFairnessService({ database, seeds: createSeedSource(config.testSeed), clock });
  // Live events, daily challenges and the friends race: scored in the roll's own transaction.
  const events = createEventsService({ database, clock });
  const challenges = createChallengesService({ database, clock, friendsOf: friendGraph.friendsOf });
  const scoreRace = raceAfterRoll({ friendIdsRead: friendGraph.friendIdsRead });
  const board = createBoardService({ database, clock });
  const diceRefill = config.diceRefill ?? defaultDiceRefill();
  const game = createGameService({
    database,
    fairness,
    loginStreak: (q, userId) => streakOf(q, userId, 'login'),
    boardLevels: board.levelsIn,
    rollReads: { loginStreak: (userId) => streakRead(userId, 'login'), boardLevels: board.levelsRead },
    clock,
    // GOGO_BENCH_NO_COOLDOWN lifts it for load tests; GOGO_TEST_ROLL_COOLDOWN_MS shortens it for browser tests.
    cooldownMs: config.benchNoCooldown ? 0 : (config.testRollCooldownMs ?? ROLL_COOLDOWN_MS),
    afterRoll: [eventsAfterRoll, scoreRace, diceFullAfterRoll, ...extraAfterRoll],
    sessions: sessionState,
    diceRefill,
  });
  const daily = createDailyService({ database, addTokensEarnedIn: game.addTokensEarnedIn, clock, diceRefill });
  const stats = createStatsService({ database, game, clock, canRead: access.canRead });
  const sessions = createSessionsService({ database, clock });
  const realtime = createRealtimeService({ database, stats, game, fairness, sessions, clock });
  return { fairness, board, game, daily, stats, sessions, realtime, events, challenges };
}
export type Engine = ReturnType<typeof buildEngine>;

/** Profile and social: settings, privacy, friends, avatar, deactivation, export and deletion. */
export function buildPeople(
  { config, database, clock }: Base,
  counters: Counters,
  accounts: Accounts,
  { stats }: Engine,
) {
  const { access, recovery } = accounts;
  const avatars = createAvatarStore(config.dataDir);
  const shared = { database, access, friends: friendGraph, clock };
  const emailStatus = {
    verified: (userId: number) => recovery.emailVerified(userId),
    changedIn: recovery.emailChangedIn,
  };
  return {
    profile: createProfileService({ ...shared, stats, emailStatus }),
    social: createSocialService({ ...shared, stats }),
    avatars: createAvatarService({ database, access, avatars, clock }),
    account: createAccountService({ ...shared, avatars, counters }),
    friends: createFriendsService({ database, access, clock, beforeFriendshipEnds: freezeRaceFieldsOf }),
  };
}

/** Money: prices, credits (deposits, purchases, withdrawals, history), referrals. */
export function buildMoney({ app, config, database, clock }: Base, { access }: Accounts) {
  const prices = createPriceProvider(config.prices ?? defaultPriceConfig(clock()), clock, database, (err) =>
    app.log.warn({ err }, 'price feed failed; serving the last known prices'),
  );
  // On-chain money: own deposit addresses, the chain watcher (one per cluster), linked wallets.
  const chain = createChainService({ database, clock, config: config.chain, prices, log: app.log });
  const wallets = createWalletService({
    database,
    clock,
    chainId: () => chain.chainId(),
    publicUrl: config.publicUrl,
  });
  app.addHook('onReady', async () => chain.start());
  app.addHook('preClose', async () => chain.stop());
  const credits = createCreditsService({
    database,
    clock,
    prices,
    depositAddresses: config.depositAddresses ?? {},
    auditGrant: (tx, entry, now) => writeAudit(tx, { ...entry, action: 'grant_credits' }, now),
    withdrawRules: config.withdrawRules,
    inputLimits: config.inputLimits,
    freeWinsNeedDeposit: (config.production ?? defaultProductionSettings).freeWinsNeedDeposit,
    onChain: chain.enabled
      ? {
          automaticDeposits: (userId) => chain.automaticDeposits(userId),
          isAutomatic: (coin) => chain.isAutomatic(coin),
        }
      : undefined,
    // A payout away from the linked wallet asks for the password again (throttled like every re-check).
    linkedPayouts: {
      linkedAddress: (userId) => wallets.linkedAddress(userId),
      confirmPassword: async (userId, password) =>
        access.confirmPassword(
          (await access.own(userId, userId)).user,
          password,
          linkedWalletText.otherAddressNeedsPassword,
        ),
    },
  });
  return { prices, credits, chain, wallets, referrals: createReferralsService({ database, clock }) };
}

/** The back office: admin sign-in, queues and reviews (through the money service), users, audit. */
export function buildBackOffice(
  { app, config, database, clock }: Base,
  counters: Counters,
  throttle: LoginThrottle,
  chain: ChainService,
  prices: PriceProvider,
) {
  const require2fa = config.adminRequire2fa ?? false;
  const signToken: typeof app.signToken = (...args) => app.signToken(...args);
  const treasury = createTreasury({ database, clock, prices, config });
  return {
    treasury,
    service: createAdminService({ database, clock, unlockLogins: (email) => throttle.unlock(email), signToken }),
    money: createAdminMoneyService({
      ...{ database, clock, treasury },
      payouts: chain.enabled
        ? { isAutomatic: (coin) => chain.isAutomatic(coin), check: (claim) => chain.checkPayout(claim) }
        : undefined,
      prices,
      gogoPriceUsd: config.site.launchPriceUsd,
    }),
    reports: createAdminReports({ database, clock }),
    login: createAdminLogin({
      database,
      clock,
      throttle,
      counters,
      secret: config.jwtSecret,
      require2fa,
      signToken,
      windowMs: config.authRateLimit.windowMs,
    }),
    security: createAdminSecurityService({
      database,
      clock,
      counters,
      require2fa,
      signAdminToken: (adminId, tokenVersion) => app.signToken('admin', adminId, tokenVersion, { secondFactor: true }),
    }),
  };
}
export type BackOffice = ReturnType<typeof buildBackOffice>;

/** The socket's reads: what other requests (and other instances) commit, pushed to the sockets here. */
export function socketReads(
  { database }: Base,
  engine: Engine,
  money: ReturnType<typeof buildMoney>,
  { reports }: BackOffice,
) {
  const { game, stats, realtime } = engine;
  return {
    state: (userId: number) => game.state(userId),
    transaction: (userId: number, id: number) => money.credits.transaction(userId, id),
    chainDeposits: (userId: number) => money.chain.deposits(userId),
    friendIds: async (userId: number) => (await friendGraph.friendsOf(database.read, userId)).map((f) => f.id),
    recentAchievements: () => realtime.recentAchievements(),
    leaderboardTop: async () => {
      const board = await stats.leaderboard(null, { limit: LIVE_TOP_SIZE });
      const entries = board.entries.map(({ rank, userId, username, score, level }) => ({
        rank,
        userId,
        username,
        score,
        level,
      }));
      return { entries, totalRanked: board.totalRanked, updatedAt: board.updatedAt };
    },
    summary: () => reports.summary(),
    eventStandings: (eventId: number) => engine.events.standings(eventId),
    eventPrize: (userId: number, eventId: number) => engine.events.prizeOf(userId, eventId),
    username: (userId: number) => engine.challenges.usernameOf(userId),
  };
}

/** Every instance sweeps for ended rounds and race weeks; each is settled once, whichever gets it. */
export function startSettlement({ app, config, database, clock }: Base) {
  const house = houseEvent({ database, clock, enabled: config.houseEvent === true });
  const settlement = createSweeper({
    everyMs: config.eventsSweepMs ?? DEFAULT_EVENTS_SWEEP_MS,
    run: async () => {
      await house.scheduleOnce();
      await settleDue({ database, clock });
      await settleRaceWeeks({ database, clock, friendsOf: friendGraph.friendsOf });
    },
    onError: (err) => app.log.error({ err }, 'event settlement failed; the next sweep retries'),
  });
  app.addHook('onReady', async () => settlement.start());
  app.addHook('preClose', async () => settlement.stop());
}

/** Every service of the app, built in order over the platform's session state and counters. */
export function buildServices(base: Base, sessionState: SessionState, counters: Counters, opts: BuildAppOptions) {
  const { app, config, database, clock } = base;
  // Login throttling: per address+account locks, the account-wide soft throttle, and failed logins
  // per address across accounts (players and admins alike).
  const throttle = createLoginThrottle({ counters, clock, limits: config.authRateLimit });
  const accounts = buildAccounts(base, counters);
  const engine = buildEngine(base, accounts, sessionState, opts.afterRoll ?? []);
  const people = buildPeople(base, counters, accounts, engine);
  const auth = createAuthService({
    database,
    clock,
    throttle,
    signPlayerToken: (user) => app.signToken('player', user.id, user.tokenVersion),
    onLogin: people.account.reactivateIn,
    onRegister: (tx, user, now) => accounts.recovery.sendVerificationIn(tx, user, now),
    useLoginLinkIn: accounts.recovery.useLoginLinkIn,
    counters,
    signupsPerIpPerHour: (config.production ?? defaultProductionSettings).signupsPerIpPerHour,
  });
  const money = buildMoney(base, accounts);
  const backOffice = buildBackOffice(base, counters, throttle, money.chain, money.prices);
  return { throttle, accounts, engine, people, auth, money, backOffice };
}
export type Services = ReturnType<typeof buildServices>;
