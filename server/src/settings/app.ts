import type { CryptoType } from '@gogo/shared/rules';
import type { RefillPolicy } from '@gogo/shared/rules';
import type { AuthRateLimit } from './auth.js';
import type { ChainConfig } from './chain.js';
import type { LoadShedding } from './load-shedding.js';
import type { MailConfig } from './mail.js';
import type { PriceConfig } from './prices.js';
import type { ProductionSettings } from './production.js';
import type { PushConfig } from './push.js';
import type { SiteConfig } from './site.js';
import type { InputLimits, WithdrawRules } from './withdraw.js';
import type { TreasuryConfig } from './treasury.js';

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  jwtSecret: string;
  /**
   * JWT_PREVIOUS_SECRETS: secrets tokens were signed with before a rotation; tokens signed with them
   * are still accepted until they expire, new ones are signed with jwtSecret.
   */
  jwtPreviousSecrets?: string[];
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
  /** DATABASE_POOLER: 'pgbouncer' when DATABASE_URL leads to PgBouncer in transaction mode. */
  databasePooler?: 'pgbouncer' | null;
  /** DATABASE_DIRECT_URL: the database past the pooler (LISTEN, migrations, leader locks). */
  databaseDirectUrl?: string | null;
  /** DATABASE_READ_URL: a streaming replica for the reads that tolerate lag (Database.replica); needs DATABASE_URL. */
  databaseReadUrl?: string | null;
  /** DATABASE_READ_POOL_MAX: connections in the replica's pool (default: DATABASE_POOL_MAX). */
  databaseReadPoolMax?: number;
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
  /** DICE_REFILL_MINUTES and DICE_REFILL_CAP: dice that come back over time; unset, the rules' defaults. */
  diceRefill?: RefillPolicy;
  /** Risk: withdrawal eligibility rules and the limits of strict inputs. */
  withdrawRules?: WithdrawRules;
  inputLimits?: InputLimits;
  /** Running in production (settings/production.ts): sign-up limits, free wins, drain, timeouts. */
  production?: ProductionSettings;
  /** On-chain deposits and payout checks (CHAIN_RPC_URL, DEPOSIT_XPUB, ...); null or unset: manual. */
  chain?: ChainConfig | null;
  /** REDEMPTION_PRICE_USD and WITHDRAW_DAILY_BUDGET_USD; unset: the launch price and no budget. */
  treasury?: TreasuryConfig;
  /** READ_RATE_LIMIT_PER_PLAYER: GET requests per minute per player; unset: 600. */
  readsPerMinute?: number;
  /** LOAD_SHED_*: answer 503 under event-loop or heap pressure; unset (tests): no shedding. */
  loadShedding?: LoadShedding;
  /** Web push (VAPID keys, subject, send sweep); unset (tests): keys from the database, loopback http allowed in test. */
  push?: PushConfig;
}
