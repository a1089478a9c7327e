import type { CryptoType } from '@gogo/shared/rules';
import type { AuthRateLimit } from './auth.js';
import type { ChainConfig } from './chain.js';
import type { MailConfig } from './mail.js';
import type { PriceConfig } from './prices.js';
import type { ProductionSettings } from './production.js';
import type { PushConfig } from './push.js';
import type { SiteConfig } from './site.js';
import type { InputLimits, WithdrawRules } from './withdraw.js';

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  jwtSecret: string;
  publicUrl: string;
  logLevel: string;
  version: string;
  authRateLimit: AuthRateLimit;
  /** Test-only: a fixed master seed so that browser tests see deterministic dice. */
  testSeed: string | null;
  /** Bench-only: lift the 1 s roll cooldown so that a load test can drive one player hard. */
  benchNoCooldown: boolean;
  /** Test-only (GOGO_TEST_ROLL_COOLDOWN_MS): a shorter roll cooldown, so browser tests wait less; null = the rule's. */
  testRollCooldownMs?: number | null;
  /** Test-only (GOGO_TEST_CLOCK_FILE): the server's time runs ahead by the file's aheadMs (lib/test-clock.ts). */
  testClockFile?: string | null;
  adminBootstrap: { username: string; password: string } | null;
  /** The token launch announcement and support address shown on the public pages. */
  site: SiteConfig;
  /** Where /api/prices reads from; defaults to defaultPriceConfig(). */
  prices?: PriceConfig;
  /** Receiving address per currency shown on the deposit tab; unset currencies show none. */
  depositAddresses?: Partial<Record<CryptoType, string>>;
  /** DATABASE_URL: a postgres:// URL selects PostgreSQL; unset, SQLite in `databaseFile`. */
  databaseUrl?: string | null;
  /** DATABASE_POOL_MAX: connections in the PostgreSQL pool. */
  databasePoolMax?: number;
  /**
   * TRUST_PROXY: the proxies (addresses or CIDRs) whose X-Forwarded-For is believed for req.ip. Unset
   * or empty: the header is ignored and req.ip is the socket's address.
   */
  trustProxy?: string[] | null;
  /** ADMIN_REQUIRE_2FA: admins without a second factor must enrol before using the back office. */
  adminRequire2fa?: boolean;
  /** METRICS_TOKEN: lets a non-loopback scraper read /metrics with `Authorization: Bearer <token>`. */
  metricsToken?: string | null;
  // Mail: outgoing mail (modules/mail).
  /** SMTP_URL, MAIL_FROM, MAIL_SWEEP_MS; unset (tests), mail goes to DATA_DIR/outbox as .eml files. */
  mail?: MailConfig;
  /** EVENTS_SWEEP_MS: how often each instance settles ended events and friends-race weeks. */
  eventsSweepMs?: number;
  /** HOUSE_EVENT: the server schedules its own daily tournament once (on by default; unset in tests: off). */
  houseEvent?: boolean;
  /** Risk: withdrawal eligibility rules and the limits of strict inputs. */
  withdrawRules?: WithdrawRules;
  inputLimits?: InputLimits;
  /** Running in production (settings/production.ts): sign-up limits, free wins, drain, timeouts. */
  production?: ProductionSettings;
  /** On-chain deposits and payout checks (CHAIN_RPC_URL, DEPOSIT_XPUB, ...); null or unset: manual. */
  chain?: ChainConfig | null;
  /** Web push (VAPID keys, subject, send sweep); unset (tests): keys from the database, loopback http allowed in test. */
  push?: PushConfig;
}
