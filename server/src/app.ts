import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_MAIL_FROM,
  DEFAULT_MAIL_SWEEP_MS,
  defaultInputLimits,
  defaultPriceConfig,
  type AppConfig,
} from './config.js';
import type { Database } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import { errorsPlugin } from './plugins/errors.js';
import { authPlugin } from './plugins/auth.js';
import { securityPlugin } from './plugins/security.js';
import { openapiPlugin } from './plugins/openapi.js';
import { metricsPlugin } from './plugins/metrics.js';
import { OneLineLogController } from './plugins/request-log.js';
import { spaPlugin } from './plugins/spa.js';
import { frameworkErrors, strictInputsPlugin } from './plugins/strict-inputs.js';
import { playerWriteLimitPlugin } from './plugins/player-write-limit.js';
import { riskRoutes } from './modules/risk/routes.js';
import { withdrawRuleText } from '@gogo/shared/messages';
import { createSessionState } from './modules/auth/session-state.js';
import { dbCounters } from './modules/throttle/counters.js';
import { counterRateLimitStore } from './modules/throttle/rate-limit-store.js';
import { createAuthService } from './modules/auth/service.js';
import { createLoginThrottle } from './modules/auth/login-throttle.js';
import { defaultProductionSettings } from './settings/production.js';
import { createAdminLogin } from './modules/admin-security/login.js';
import { adminSecurityRoutes } from './modules/admin-security/routes.js';
import { createAdminGate, createAdminSecurityService } from './modules/admin-security/service.js';
import { authRoutes } from './modules/auth/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { publicConfigOf, siteRoutes } from './modules/site/routes.js';
import { createPageRenderer } from './modules/site/html.js';
import { inlineScriptHashes, readPrerenderedPages, readRoutePreloads } from './modules/site/preload.js';
import { createSeedSource } from './modules/fairness/seeds.js';
import { createFairnessService } from './modules/fairness/service.js';
import { fairnessRoutes } from './modules/fairness/routes.js';
import { afterRollHooks, createGameService } from './modules/game/service.js';
import { gameRoutes } from './modules/game/routes.js';
import { createDailyService, streakOf } from './modules/daily/service.js';
import { dailyRoutes } from './modules/daily/routes.js';
import { createStatsService } from './modules/stats/service.js';
import { statsRoutes } from './modules/stats/routes.js';
import { createSessionsService } from './modules/sessions/service.js';
import { sessionRoutes } from './modules/sessions/routes.js';
import { createRealtimeService } from './modules/realtime/service.js';
import { realtimeRoutes } from './modules/realtime/routes.js';
import { realtimeSocketRoutes, type RealtimeTuning } from './modules/realtime/socket/routes.js';
import { createPriceProvider } from './modules/prices/provider.js';
import { pricesRoutes } from './modules/prices/routes.js';
import { createCreditsService } from './modules/credits/service.js';
import { creditsRoutes } from './modules/credits/routes.js';
import { createReferralsService } from './modules/referrals/service.js';
import { referralsRoutes } from './modules/referrals/routes.js';
import { referralAfterRollHook } from './modules/referrals/hook.js';
import { createAdminService } from './modules/admin/service.js';
import { adminRoutes } from './modules/admin/routes.js';
import { createAdminMoneyService } from './modules/admin/money.js';
import { createAdminReports } from './modules/admin/reports.js';
import { writeAudit } from './modules/admin/audit.js';
import { createUsersService, type UsersService } from './modules/users/service.js';
import { createAvatarStore } from './modules/users/avatar-store.js';
import { userRoutes } from './modules/users/routes.js';
import { friendGraph } from './modules/friends/graph.js';
import { createFriendsService } from './modules/friends/service.js';
import { friendRoutes } from './modules/friends/routes.js';
import { createMailer } from './modules/mail/service.js';
import { createRecoveryService } from './modules/recovery/service.js';
import { recoveryRoutes } from './modules/recovery/routes.js';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Where the built client lives; omitted in API tests. */
  clientDistDir?: string;
  /** Tests shorten the socket's timers and limits (heartbeat, auth timeout, caps). */
  realtime?: RealtimeTuning;
}

/** The leaderboard's top that the socket pushes (the modal and the landing show 10). */
const LIVE_TOP_SIZE = 10;

/** Builds the whole application. The process (server.ts) and the tests (app.inject) both use it. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    logger: opts.logger ?? false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // One log line per request instead of Fastify's two (plugins/request-log.ts).
    logController: new OneLineLogController(),
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY: only these proxies' X-Forwarded-For sets req.ip (rate limits, audit, logs).
    trustProxy: config.trustProxy ?? false,
    // Issue 13: a path Fastify cannot route (bad escape, over-long parameter) answers in the envelope.
    frameworkErrors,
  });
  app.addHook('onClose', async () => database.close());

  await app.register(errorsPlugin);
  // Issue 13, risk part: bodies without coercion, 414, multipart boundary; per-player write limits.
  await app.register(strictInputsPlugin);
  await app.register(playerWriteLimitPlugin, { perMinute: (config.inputLimits ?? defaultInputLimits).writesPerMinute });
  if (config.withdrawRules && !config.withdrawRules.enabled) app.log.warn(withdrawRuleText.eligibilityOffWarning);
  // The built client's pages (prerendered ones carry their styles inline, allowed by hash in the CSP).
  const prerendered = opts.clientDistDir ? readPrerenderedPages(opts.clientDistDir) : new Map<string, string>();
  const pageAssets = opts.clientDistDir ? readRoutePreloads(opts.clientDistDir, new Set(prerendered.keys())) : null;
  await app.register(securityPlugin, {
    styleHashes: pageAssets?.inline.hashes ?? [],
    scriptHashes: opts.clientDistDir ? inlineScriptHashes(opts.clientDistDir) : [],
  });
  await app.register(metricsPlugin, { database, token: config.metricsToken ?? null });
  // Throttles and rate limits count in the shared database: they hold across instances.
  const counters = dbCounters(database);
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
  const require2fa = config.adminRequire2fa ?? false;
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    clock,
    accounts: sessionState,
    adminGate: createAdminGate(database, require2fa),
  });
  // Login throttling (issue 13): per address+account locks, the account-wide soft throttle, and
  // failed logins per address across accounts (players and admins alike).
  const production = config.production ?? defaultProductionSettings;
  const throttle = createLoginThrottle({ counters, clock, limits: config.authRateLimit });

  // The profile module is built after the engine (it reads its stats); login and the engine's
  // stats reach it through these late-bound hooks.
  let users: UsersService | null = null;
  // Issue 13, mail part: the mail outbox's sender (runs while the app is up) and the recovery flows.
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
  const recovery = createRecoveryService({
    database,
    clock,
    mailer,
    publicUrl: config.publicUrl,
    counters,
    signPlayerToken: (userId, tokenVersion) => app.signToken('player', userId, tokenVersion),
    confirmPassword: async (user, password, missingText) => users?.confirmPassword(user, password, missingText),
    onBackgroundError: (err) => app.log.error({ err }, 'password reset request failed after its answer'),
  });
  const authService = createAuthService({
    database,
    clock,
    throttle,
    signPlayerToken: (user) => app.signToken('player', user.id, user.tokenVersion),
    onLogin: async (tx, userId, now) => users?.reactivateIn(tx, userId, now) ?? false,
    onRegister: (tx, user, now) => recovery.sendVerificationIn(tx, user, now),
    counters,
    signupsPerIpPerHour: production.signupsPerIpPerHour,
  });

  await app.register(healthRoutes, { database, version: config.version });
  await app.register(authRoutes, {
    service: authService,
    perIpMax: config.authRateLimit.perIpMax,
    windowMs: config.authRateLimit.windowMs,
  });
  await app.register(recoveryRoutes, {
    service: recovery,
    perIpMax: config.authRateLimit.perIpMax,
    windowMs: config.authRateLimit.windowMs,
  });

  // The game engine: fairness, rolls and state, daily rewards, stats, play sessions, realtime.
  const fairness = createFairnessService({ database, seeds: createSeedSource(config.testSeed), clock });
  const game = createGameService({
    database,
    fairness,
    loginStreak: (q, userId) => streakOf(q, userId, 'login'),
    clock,
    noCooldown: config.benchNoCooldown,
  });
  const daily = createDailyService({ database, addTokensEarnedIn: game.addTokensEarnedIn, clock });
  const stats = createStatsService({
    database,
    game,
    clock,
    canRead: async (viewerId, userId) => (users ? users.canRead(viewerId, userId) : true),
  });
  const sessions = createSessionsService({ database, clock });
  const realtime = createRealtimeService({ database, stats, game, fairness, sessions, clock });

  await app.register(gameRoutes, { service: game });
  await app.register(fairnessRoutes, { service: fairness });
  await app.register(dailyRoutes, { service: daily });
  await app.register(statsRoutes, { service: stats });
  await app.register(sessionRoutes, { service: sessions });
  await app.register(realtimeRoutes, { service: realtime, stats });

  // Money: prices, credits (deposits, purchases, withdrawals, history), referrals.
  if (!afterRollHooks.includes(referralAfterRollHook)) afterRollHooks.push(referralAfterRollHook);
  const prices = createPriceProvider(config.prices ?? defaultPriceConfig(clock()), clock, database, (err) =>
    app.log.warn({ err }, 'price feed failed; serving the last known prices'),
  );
  await app.register(pricesRoutes, { prices });
  const credits = createCreditsService({
    database,
    clock,
    prices,
    depositAddresses: config.depositAddresses ?? {},
    auditGrant: (tx, entry, now) => writeAudit(tx, { ...entry, action: 'grant_credits' }, now),
    withdrawRules: config.withdrawRules,
    inputLimits: config.inputLimits,
    freeWinsNeedDeposit: production.freeWinsNeedDeposit,
  });
  await app.register(creditsRoutes, { service: credits });
  await app.register(referralsRoutes, { service: createReferralsService({ database, clock }) });

  // The back office: admin sign-in, queues and reviews (through the money service), users, audit.
  const adminService = createAdminService({
    database,
    clock,
    unlockLogins: (email) => throttle.unlock(email),
    signToken: (...args) => app.signToken(...args),
  });
  const reports = createAdminReports({ database, clock });
  await app.register(adminSecurityRoutes, {
    login: createAdminLogin({
      database,
      clock,
      throttle,
      counters,
      secret: config.jwtSecret,
      require2fa,
      signToken: (...args) => app.signToken(...args),
      windowMs: config.authRateLimit.windowMs,
    }),
    service: createAdminSecurityService({
      database,
      clock,
      counters,
      require2fa,
      signAdminToken: (adminId, tokenVersion) => app.signToken('admin', adminId, tokenVersion, { secondFactor: true }),
    }),
    perIpMax: config.authRateLimit.perIpMax,
    windowMs: config.authRateLimit.windowMs,
  });
  await app.register(adminRoutes, {
    service: adminService,
    money: createAdminMoneyService({ database, clock }),
    reports,
  });
  await app.register(riskRoutes, { database, clock });
  // Profile and social: settings, privacy, friends, avatar, deactivation, export and deletion.
  users = createUsersService({
    database,
    friends: friendGraph,
    stats,
    avatars: createAvatarStore(config.dataDir),
    counters,
    clock,
    emailStatus: { verified: (userId) => recovery.emailVerified(userId), changedIn: recovery.emailChangedIn },
  });
  const friends = createFriendsService({ database, users, clock });
  await app.register(userRoutes, { service: users });
  await app.register(friendRoutes, { service: friends });

  // The realtime socket: what other requests (and other instances) commit, pushed to the sockets here.
  await app.register(realtimeSocketRoutes, {
    database,
    sessionState,
    clock,
    reads: {
      state: (userId) => game.state(userId),
      transaction: (userId, id) => credits.transaction(userId, id),
      friendIds: async (userId) => (await friendGraph.friendsOf(database.read, userId)).map((f) => f.id),
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
    },
    ...opts.realtime,
  });

  // Public site: launch config, robots, sitemap; the client host renders each route's head tags.
  await app.register(siteRoutes, { site: config.site, publicUrl: config.publicUrl });

  if (opts.clientDistDir) {
    await app.register(spaPlugin, {
      distDir: opts.clientDistDir,
      renderHtml: createPageRenderer(
        config.publicUrl,
        publicConfigOf(config.site, config.publicUrl),
        pageAssets?.preloads,
        prerendered,
        pageAssets?.inline,
      ),
    });
  }
  return app;
}
