/**
 * What each server module registers on the app, declared once: its routes, hooks and jobs, in the
 * order the OpenAPI document lists them. buildApp registers the list as it stands, so a new module
 * adds its entry here (its service in services.ts) and app.ts does not change. The architecture
 * check fails when a module under server/src/modules is missing from this file.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { SessionState } from '../modules/auth/index.js';
import { authRoutes } from '../modules/auth/index.js';
import { recoveryRoutes } from '../modules/recovery/index.js';
import { healthRoutes } from '../modules/health/index.js';
import { fairnessRoutes } from '../modules/fairness/index.js';
import { gameRoutes } from '../modules/game/index.js';
import { boardRoutes } from '../modules/board/index.js';
import { dailyRoutes } from '../modules/daily/index.js';
import { statsRoutes } from '../modules/stats/index.js';
import { sessionRoutes } from '../modules/sessions/index.js';
import { pricesRoutes } from '../modules/prices/index.js';
import { creditsRoutes } from '../modules/credits/index.js';
import { chainRoutes } from '../modules/chain/index.js';
import { walletRoutes } from '../modules/wallet/index.js';
import { referralsRoutes } from '../modules/referrals/index.js';
import { adminSecurityRoutes } from '../modules/admin-security/index.js';
import { adminRoutes } from '../modules/admin/index.js';
import { riskRoutes } from '../modules/risk/index.js';
import { profileRoutes } from '../modules/profile/index.js';
import { accountRoutes } from '../modules/account/index.js';
import { avatarMultipart, avatarsRoutes } from '../modules/avatars/index.js';
import { friendRoutes, socialRoutes } from '../modules/social/index.js';
import { realtimeRoutes, realtimeSocketRoutes } from '../modules/realtime/index.js';
import { createPageRenderer, publicConfigOf, siteRoutes } from '../modules/site/index.js';
import { eventsRoutes } from '../modules/events/index.js';
import { challengesRoutes } from '../modules/challenges/index.js';
import { registerPush } from '../modules/push/index.js';
import { named } from '../plugins/instance.js';
import { spaPlugin } from '../plugins/spa.js';
import { addRuntimeGauges } from '../lib/metrics.js';
import type { BuildAppOptions } from './options.js';
import type { Base, Pages } from './platform.js';
import { socketReads, startSettlement, type Services } from './services.js';

/** What a module's registration is handed: the platform, the built services and the app's options. */
export interface Wiring {
  base: Base;
  services: Services;
  sessionState: SessionState;
  pages: Pages;
  opts: BuildAppOptions;
}

export interface ModuleDeclaration {
  /** The modules (folders of server/src/modules) whose routes, hooks or jobs this entry registers. */
  readonly modules: readonly string[];
  /** Awaited in turn: a Fastify registration, or a promise. */
  readonly register: (app: FastifyInstance, w: Wiring) => PromiseLike<unknown> | void;
}

/** Modules that register nothing on the app: others call their services. */
export const SERVICE_MODULES = ['access', 'ledger', 'mail', 'throttle', 'withdrawal-rules'] as const;

const perIp = ({ base }: Wiring) => ({
  perIpMax: base.config.authRateLimit.perIpMax,
  windowMs: base.config.authRateLimit.windowMs,
});

export const MODULES: readonly ModuleDeclaration[] = [
  {
    modules: ['health'],
    register: async (app, { base, services, opts }) => {
      addRuntimeGauges(base.metrics, { readiness: { ping: () => base.database.ping(), draining: opts.draining } });
      await app.register(named(healthRoutes), {
        database: base.database,
        version: base.config.version,
        chainDetails: () => services.money.chain.readyDetails(),
        draining: opts.draining,
      });
    },
  },
  {
    modules: ['auth'],
    register: (app, w) => app.register(named(authRoutes), { service: w.services.auth, ...perIp(w) }),
  },
  {
    modules: ['recovery'],
    register: (app, w) => app.register(named(recoveryRoutes), { service: w.services.accounts.recovery, ...perIp(w) }),
  },
  { modules: ['game'], register: (app, w) => app.register(named(gameRoutes), { service: w.services.engine.game }) },
  { modules: ['board'], register: (app, w) => app.register(named(boardRoutes), { service: w.services.engine.board }) },
  {
    modules: ['fairness'],
    register: (app, w) => app.register(named(fairnessRoutes), { service: w.services.engine.fairness }),
  },
  { modules: ['daily'], register: (app, w) => app.register(named(dailyRoutes), { service: w.services.engine.daily }) },
  { modules: ['stats'], register: (app, w) => app.register(named(statsRoutes), { service: w.services.engine.stats }) },
  {
    modules: ['sessions'],
    register: (app, w) => app.register(named(sessionRoutes), { service: w.services.engine.sessions }),
  },
  {
    modules: ['realtime'],
    register: (app, { services: { engine } }) =>
      app.register(named(realtimeRoutes), { service: engine.realtime, stats: engine.stats }),
  },
  {
    modules: ['events', 'challenges'],
    register: async (app, { base, services: { engine } }) => {
      await app.register(named(eventsRoutes), { service: engine.events });
      await app.register(named(challengesRoutes), { service: engine.challenges });
      // The settlement sweeper: ended event rounds and friends race weeks.
      startSettlement(base);
    },
  },
  {
    modules: ['push'],
    register: (app, { base: { config, database, clock }, services }) =>
      registerPush(app, {
        database,
        clock,
        config: config.push,
        supportEmail: config.site.supportEmail,
        test: config.env === 'test',
        usernameOf: services.engine.challenges.usernameOf,
      }),
  },
  { modules: ['prices'], register: (app, w) => app.register(named(pricesRoutes), { prices: w.services.money.prices }) },
  {
    modules: ['credits'],
    register: (app, w) => app.register(named(creditsRoutes), { service: w.services.money.credits }),
  },
  {
    modules: ['wallet'],
    register: (app, { services: { money } }) =>
      app.register(named(walletRoutes), {
        service: money.wallets,
        chainDeposits: (userId) => money.chain.deposits(userId),
      }),
  },
  { modules: ['chain'], register: (app, w) => app.register(named(chainRoutes), { service: w.services.money.chain }) },
  {
    modules: ['referrals'],
    register: (app, w) => app.register(named(referralsRoutes), { service: w.services.money.referrals }),
  },
  {
    modules: ['admin-security'],
    register: (app, w) =>
      app.register(named(adminSecurityRoutes), {
        login: w.services.backOffice.login,
        service: w.services.backOffice.security,
        ...perIp(w),
      }),
  },
  { modules: ['admin'], register: (app, w) => app.register(named(adminRoutes), w.services.backOffice) },
  {
    modules: ['risk'],
    register: (app, { base }) => app.register(named(riskRoutes), { database: base.database, clock: base.clock }),
  },
  {
    // The /api/user routes share one multipart parser (the avatar upload's).
    modules: ['profile', 'social', 'avatars', 'account'],
    register: async (app, { services: { people, accounts } }) => {
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
    },
  },
  {
    modules: ['realtime'],
    register: (app, { base, services, sessionState, opts }) =>
      app.register(named(realtimeSocketRoutes), {
        database: base.database,
        sessionState,
        clock: base.clock,
        reads: socketReads(base, services.engine, services.money, services.backOffice),
        metrics: base.metrics,
        ...opts.realtime,
      }),
  },
  {
    // Public site: launch config, robots, sitemap; the client host renders each route's head tags.
    modules: ['site'],
    register: async (app, { base: { config }, pages, opts }) => {
      await app.register(named(siteRoutes), { site: config.site, publicUrl: config.publicUrl });
      if (!opts.clientDistDir) return;
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
    },
  },
];
