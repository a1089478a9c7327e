import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import { linkedWalletText, withdrawRuleText } from '@gogo/shared/messages';
import {
  DEFAULT_MAIL_FROM,
  DEFAULT_MAIL_SWEEP_MS,
  defaultInputLimits,
  defaultPriceConfig,
  type AppConfig,
} from './settings/index.js';
import type { Database } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import { errorsPlugin } from './plugins/errors.js';
import { authPlugin } from './plugins/auth.js';
import { securityPlugin } from './plugins/security.js';
import { openapiPlugin } from './plugins/openapi.js';
import { createMetricsRegistry, metricsPlugin } from './plugins/metrics.js';
import { addRuntimeGauges, type Registry } from './lib/metrics.js';
import { createFastify, named } from './plugins/instance.js';
import { registerFrontDoor } from './plugins/load-shedding.js';
import { spaPlugin } from './plugins/spa.js';
import { strictInputsPlugin } from './plugins/strict-inputs.js';
import { playerWriteLimitPlugin } from './plugins/player-write-limit.js';
import { playerReadLimitPlugin } from './plugins/player-read-limit.js';
import { counterRateLimitStore, dbCounters, type Counters } from './modules/throttle/index.js';
import {
  authRoutes,
  createAuthService,
  createLoginThrottle,
  createSessionState,
  type LoginThrottle,
  type SessionState,
} from './modules/auth/index.js';
import { createMailer } from './modules/mail/index.js';
import { createRecoveryService, recoveryRoutes } from './modules/recovery/index.js';
import { healthRoutes } from './modules/health/index.js';
import { createSeedSource, createFairnessService, fairnessRoutes } from './modules/fairness/index.js';
import { createGameService, gameRoutes, type AfterRollStep } from './modules/game/index.js';
import { boardRoutes, createBoardService } from './modules/board/index.js';
import { createDailyService, dailyRoutes, streakOf, streakRead } from './modules/daily/index.js';
import { createStatsService, statsRoutes } from './modules/stats/index.js';
import { createSessionsService, sessionRoutes } from './modules/sessions/index.js';
import { createPriceProvider, pricesRoutes, type PriceProvider } from './modules/prices/index.js';
import { createCreditsService, creditsRoutes } from './modules/credits/index.js';
import { chainRoutes, createChainService, type ChainService } from './modules/chain/index.js';
import { createWalletService, walletRoutes } from './modules/wallet/index.js';
import { createReferralsService, referralsRoutes } from './modules/referrals/index.js';
import {
  createAdminLogin,
  adminSecurityRoutes,
  createAdminGate,
  createAdminSecurityService,
} from './modules/admin-security/index.js';
import {
  adminRoutes,
  createAdminMoneyService,
  createAdminReports,
  createTreasury,
  createAdminService,
  writeAudit,
} from './modules/admin/index.js';
import { riskRoutes } from './modules/risk/index.js';
import { createAccess } from './modules/access/index.js';
import { createProfileService, profileRoutes } from './modules/profile/index.js';
import { accountRoutes, createAccountService } from './modules/account/index.js';
import { avatarMultipart, avatarsRoutes, createAvatarService, createAvatarStore } from './modules/avatars/index.js';
import {
  createFriendsService,
  createSocialService,
  friendGraph,
  friendRoutes,
  socialRoutes,
} from './modules/social/index.js';
import {
  createRealtimeService,
  realtimeRoutes,
  realtimeSocketRoutes,
  type RealtimeTuning,
} from './modules/realtime/index.js';
import {
  createPageRenderer,
  inlineScriptHashes,
  publicConfigOf,
  readPrerenderedPages,
  readRoutePreloads,
  siteRoutes,
} from './modules/site/index.js';
import { createEventsService, eventsAfterRoll, eventsRoutes, houseEvent, settleDue } from './modules/events/index.js';
import {
  challengesRoutes,
  createChallengesService,
  freezeRaceFieldsOf,
  raceAfterRoll,
  settleRaceWeeks,
} from './modules/challenges/index.js';
import { diceFullAfterRoll, registerPush } from './modules/push/index.js';
import { ROLL_COOLDOWN_MS } from '@gogo/shared/rules';
import { createSweeper } from './lib/sweeper.js';
import { DEFAULT_EVENTS_SWEEP_MS } from './settings/events.js';
import { defaultDiceRefill } from './settings/dice.js';
import { defaultProductionSettings } from './settings/production.js';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Where the built client lives; omitted in API tests. */
  clientDistDir?: string;
  /** Tests shorten the socket's timers and limits (heartbeat, auth timeout, caps). */
  realtime?: RealtimeTuning;
  /** Tests add after-roll steps of their own; they run after the app's steps, in this order. */
  afterRoll?: readonly AfterRollStep[];
  /** True once the process is shutting down: /api/ready answers 503 so the proxy stops sending. */
  draining?: () => boolean;
}

/** The leaderboard's top that the socket pushes (the modal and the landing show 10). */
const LIVE_TOP_SIZE = 10;

/** What every area's wiring is handed: the app, its settings, the database and the clock. */
interface Base {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  clock: Clock;
  /** The app's metrics (served at /metrics): services add their gauges as they are built. */
  metrics: Registry;
}

/** The built client's pages (prerendered ones carry their styles inline, allowed by hash in the CSP). */
function readPages(clientDistDir: string | undefined) {
  const prerendered = clientDistDir ? readPrerenderedPages(clientDistDir) : new Map<string, string>();
  const assets = clientDistDir ? readRoutePreloads(clientDistDir, new Set(prerendered.keys())) : null;
  const scriptHashes = clientDistDir ? inlineScriptHashes(clientDistDir) : [];
  return { prerendered, assets, scriptHashes };
}
type Pages = ReturnType<typeof readPages>;

/** Envelope, input limits, security headers, metrics, rate limits, OpenAPI and the token check. */
async function registerPlatform({ app, config, database, clock, metrics }: Base, pages: Pages, counters: Counters) {
  app.addHook('onClose', async () => database.close());
  await app.register(errorsPlugin);
  await registerFrontDoor(app, config.loadShedding);
  // Bodies without coercion, 414, multipart boundary; per-player write limits.
  await app.register(strictInputsPlugin);
  await app.register(playerWriteLimitPlugin, { perMinute: (config.inputLimits ?? defaultInputLimits).writesPerMinute });
  await app.register(playerReadLimitPlugin, { perMinute: config.readsPerMinute });
  if (config.withdrawRules && !config.withdrawRules.enabled) app.log.warn(withdrawRuleText.eligibilityOffWarning);
  await app.register(securityPlugin, {
    styleHashes: pages.assets?.inline.hashes ?? [],
    scriptHashes: pages.scriptHashes,
  });
  const trustProxy = config.trustProxy != null;
  await app.register(metricsPlugin, {
    database,
    token: config.metricsToken ?? null,
    registry: metrics,
    trustProxy,
    trustProxyList: config.trustProxy ?? null,
  });
  // Throttles and rate limits count in the shared database: they hold across instances.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => req.ip,
    store: counterRateLimitStore(counters, clock),
  });
  await app.register(openapiPlugin, {
    version: config.version,
    publicUrl: config.publicUrl,
    supportEmail: config.site.supportEmail,
  });
  const sessionState = createSessionState(database);
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    previousSecrets: config.jwtPreviousSecrets ?? [],
    clock,
    accounts: sessionState,
    adminGate: createAdminGate(database, config.adminRequire2fa ?? false),
  });
  return sessionState;
}

/**
 * Who a player is to others and the account's recovery: access (privacy, password re-check), the
 * mail outbox's sender (runs while the app is up) and the recovery flows.
 */
function buildAccounts({ app, config, database, clock, metrics }: Base, counters: Counters) {
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
type Accounts = ReturnType<typeof buildAccounts>;

/**
 * The game engine: fairness, rolls and state, daily rewards, stats, play sessions, realtime. The
 * after-roll steps run in this order inside every roll's transaction.
 */
function buildEngine(
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
type Engine = ReturnType<typeof buildEngine>;

/** Profile and social: settings, privacy, friends, avatar, deactivation, export and deletion. */
function buildPeople({ config, database, clock }: Base, counters: Counters, accounts: Accounts, { stats }: Engine) {
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
function buildMoney({ app, config, database, clock }: Base, { access }: Accounts) {
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
function buildBackOffice(
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
type BackOffice = ReturnType<typeof buildBackOffice>;

/** The socket's reads: what other requests (and other instances) commit, pushed to the sockets here. */
function socketReads(
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
function startSettlement({ app, config, database, clock }: Base) {
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

/** Builds the whole application. The process (server.ts) and the tests (app.inject) both use it. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = createFastify(opts.config, opts.logger);
  const base: Base = { app, config, database, clock: opts.clock ?? systemClock, metrics: createMetricsRegistry() };
  const { clock } = base;
  const pages = readPages(opts.clientDistDir);
  const counters = dbCounters(database);
  const sessionState = await registerPlatform(base, pages, counters);

  // Services, each built after what it needs.
  // Login throttling: per address+account locks, the account-wide soft throttle, and failed logins
  // per address across accounts (players and admins alike).
  const throttle = createLoginThrottle({ counters, clock, limits: config.authRateLimit });
  const accounts = buildAccounts(base, counters);
  const engine = buildEngine(base, accounts, sessionState, opts.afterRoll ?? []);
  const people = buildPeople(base, counters, accounts, engine);
  const authService = createAuthService({
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

  // Routes, in the order the OpenAPI document lists them.
  const perIp = { perIpMax: config.authRateLimit.perIpMax, windowMs: config.authRateLimit.windowMs };
  addRuntimeGauges(base.metrics, { readiness: { ping: () => database.ping(), draining: opts.draining } });
  await app.register(named(healthRoutes), {
    database,
    version: config.version,
    chainDetails: () => money.chain.readyDetails(),
    draining: opts.draining,
  });
  await app.register(named(authRoutes), { service: authService, ...perIp });
  await app.register(named(recoveryRoutes), { service: accounts.recovery, ...perIp });
  await app.register(named(gameRoutes), { service: engine.game });
  await app.register(named(boardRoutes), { service: engine.board });
  await app.register(named(fairnessRoutes), { service: engine.fairness });
  await app.register(named(dailyRoutes), { service: engine.daily });
  await app.register(named(statsRoutes), { service: engine.stats });
  await app.register(named(sessionRoutes), { service: engine.sessions });
  await app.register(named(realtimeRoutes), { service: engine.realtime, stats: engine.stats });
  await app.register(named(eventsRoutes), { service: engine.events });
  await app.register(named(challengesRoutes), { service: engine.challenges });
  startSettlement(base);
  const push = { config: config.push, supportEmail: config.site.supportEmail, test: config.env === 'test' };
  await registerPush(app, { database, clock, ...push, usernameOf: engine.challenges.usernameOf });
  await app.register(named(pricesRoutes), { prices: money.prices });
  await app.register(named(creditsRoutes), { service: money.credits });
  await app.register(named(walletRoutes), {
    service: money.wallets,
    chainDeposits: (userId) => money.chain.deposits(userId),
  });
  await app.register(named(chainRoutes), { service: money.chain });
  await app.register(named(referralsRoutes), { service: money.referrals });
  await app.register(named(adminSecurityRoutes), {
    login: backOffice.login,
    service: backOffice.security,
    ...perIp,
  });
  await app.register(named(adminRoutes), backOffice);
  await app.register(named(riskRoutes), { database, clock });
  // The /api/user routes share one multipart parser (the avatar upload's).
  await app.register(
    named(async (user: FastifyInstance) => {
      await user.register(multipart, avatarMultipart);
      await user.register(named(profileRoutes), { service: people.profile });
      await user.register(named(socialRoutes), { service: people.social });
      await user.register(named(avatarsRoutes), { service: people.avatars, access: accounts.access });
      await user.register(named(accountRoutes), { service: people.account });
    }, 'userRoutes'),
  );
  await app.register(named(friendRoutes), { service: people.friends });
  await app.register(named(realtimeSocketRoutes), {
    database,
    sessionState,
    clock,
    reads: socketReads(base, engine, money, backOffice),
    metrics: base.metrics,
    ...opts.realtime,
  });

  // Public site: launch config, robots, sitemap; the client host renders each route's head tags.
  await app.register(named(siteRoutes), { site: config.site, publicUrl: config.publicUrl });
  if (opts.clientDistDir) {
    await app.register(spaPlugin, {
      distDir: opts.clientDistDir,
      renderHtml: createPageRenderer(
        config.publicUrl,
        publicConfigOf(config.site, config.publicUrl),
        pages.assets?.preloads,
        pages.prerendered,
        pages.assets?.inline,
      ),
    });
  }
  return app;
}
