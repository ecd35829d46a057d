/**
 * Configuration from the environment, validated once at start. A bad value stops the process with one
 * line that names the variable, so a typo never turns into a silent default.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfigSchema } from '@tradehall/contracts';
import {
  CAPTCHA_TTL_SECONDS,
  DEFAULT_TURNOVER_MULTIPLIER,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_FAILURES_BEFORE_LOCK,
  LOGIN_LOCK_SECONDS,
  MAX_DEPOSIT_CENTS,
  MAX_WITHDRAWAL_CENTS,
  MIN_DEPOSIT_CENTS,
  MIN_WITHDRAWAL_CENTS,
  PAYMENT_PASSWORD_FAILURES_BEFORE_LOCK,
  PAYMENT_PASSWORD_LOCK_SECONDS,
  QUICKNET,
  SESSION_TTL_SECONDS,
  WITHDRAWALS_PER_DAY,
} from '@tradehall/domain';
import { z } from 'zod';
import {
  parseServerLines,
  publishedRemoteConfig,
  type ServerLinesConfig,
  serverLinesConfig,
} from './server-lines-config.ts';

export const ROLES = ['all', 'api', 'realtime', 'scheduler'] as const;
export type Role = (typeof ROLES)[number];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The repository root, so defaults work whatever the working directory: the nearest folder above this
 * module that holds apps/server. This module runs from apps/server/src/platform (sources, tests) and from
 * apps/server/dist (the built server, one bundle), so a fixed number of `..` would be right for one only.
 */
function repoRootAbove(directory: string): string {
  for (let dir = directory; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'apps/server/package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(directory, '../../../..');
  }
}
export const REPO_ROOT = repoRootAbove(path.dirname(fileURLToPath(import.meta.url)));

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  redisUrl: string | null;
  /** How long a Redis command may wait for an answer before it fails and the caller falls back. */
  redisCommandTimeoutMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string | null;
  role: Role;
  logLevel: LogLevel;
  testMode: boolean;
  /**
   * Test mode only (TEST_CLOCK_OFFSET_SECONDS, decision 0040): seconds added to the system clock, so a
   * browser journey can restart the server a business day later. Always 0 outside test mode: the
   * variable set without TRADEHALL_TEST_MODE is refused at start, not ignored.
   */
  clockOffsetSeconds: number;
  /**
   * The zero-install demo (`npm start`): seeds the published demo logins into an empty database and turns
   * the sandbox card gateway on. Off, an empty database gets an operator with a random password, shown
   * once, and no card gateway unless PAYMENT_PROVIDER asks for one.
   */
  demoMode: boolean;
  trustProxy: boolean;
  webDistDir: string;
  consoleDistDir: string;
  bodyLimitBytes: number;
  /**
   * How long a client has to send a whole request, and how long a socket may stay silent during one
   * (Fastify requestTimeout and connectionTimeout).
   */
  requestTimeoutMs: number;
  /** Limits on waiting for PostgreSQL, so an outage answers SERVICE_UNAVAILABLE quickly. */
  database: DatabaseConfig;
  passwordHashConcurrency: number;
  rateLimit: {
    /** Every route, per IP. */
    globalPerMinute: number;
    /** Login, register and password reset, per IP. */
    authPerMinute: number;
    /** Captcha images, per IP. */
    captchaPerMinute: number;
    /** Login and reset-code attempts per account name, whichever IP they come from. */
    accountPerMinute: number;
  };
  auth: {
    captchaTtlSeconds: number;
    sessionTtlSeconds: number;
    /**
     * How long a checked session is trusted without asking the database again (every authenticated
     * request would otherwise cost a query). A revocation on this node takes effect at once; on another
     * node within this time. 0 disables the cache.
     */
    sessionCacheMs: number;
    loginFailuresBeforeLock: number;
    loginFailureWindowSeconds: number;
    loginLockSeconds: number;
  };
  funding: FundingConfig;
  trading: TradingConfig;
  referrals: ReferralsConfig;
  realtime: RealtimeConfig;
  console: ConsoleConfig;
  operations: OperationsConfig;
  /** What /remote-config.json publishes, and the origins CORS and the page policy allow. */
  lines: ServerLinesConfig;
  liabilities: LiabilitiesConfig;
}

/**
 * The proof of liabilities (docs/trust/liabilities.md): how often a snapshot is taken and the Ed25519 key
 * that signs it. The key is LIABILITIES_SIGNING_KEY; without it a test process draws one at random, the
 * demo keeps one in DATA_DIR (main.ts fills it in, `data-dir`), and production takes no snapshot at all
 * (`none`): never a key written in the source.
 */
export interface LiabilitiesConfig {
  /** Minutes between scheduled snapshots; 0 = only when an operator asks. */
  scheduleMinutes: number;
  signingKey: Uint8Array | null;
  keySource: 'env' | 'random' | 'data-dir' | 'none';
}

/**
 * Rounds: timings applied to every room when set (short rounds for demos and browser tests), the length
 * of a new fairness chain, the scheduler's tick, and a test-only pause inside settlement (the crash test
 * kills the process there; honoured only with TRADEHALL_TEST_MODE).
 */
export interface TradingConfig {
  roundSecondsOverride: number | null;
  sealedSecondsOverride: number | null;
  drawingSecondsOverride: number | null;
  chainLength: number;
  schedulerTickMs: number;
  settlementPauseMs: number;
  fairness: FairnessBeaconConfig;
}

/**
 * Referral rewards (decision 0030): where a business day starts (minutes after midnight UTC), how often
 * a scheduler node looks for an unpaid day, how many referrers one payment transaction pays, how long
 * the payment rests after each chunk (decision 0040), and a test-only pause inside each (honoured only
 * with TRADEHALL_TEST_MODE).
 */
export interface ReferralsConfig {
  dayBoundaryMinutes: number;
  payCheckMs: number;
  payChunk: number;
  /** After each chunk the payment rests this percentage of the time the chunk took (0 = no rest). */
  payRestPercent: number;
  payPauseMs: number;
}

/**
 * The public randomness beacon of fairness v2 (docs/fairness): `drand` = drand quicknet fetched from
 * `urls` (mirrors, tried in order), `local` = a test beacon started beside the app (urls and key filled
 * in when it starts), `none` = scheme v1. Every value is verified against `publicKey` before use.
 */
export interface FairnessBeaconConfig {
  beacon: 'drand' | 'local' | 'none';
  urls: string[];
  chainHash: string;
  publicKey: string;
  genesis: number;
  periodSeconds: number;
  /** How long a round may wait in `drawing` for a verified value before it is voided and refunded. */
  timeoutSeconds: number;
}

/** Waiting on PostgreSQL (ignored on the embedded database). */
export interface DatabaseConfig {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectTimeoutMs: number;
  /** One statement (PostgreSQL's statement_timeout); 0 = none. */
  statementTimeoutMs: number;
}

/** The realtime gateway: /ws keepalive and per-connection limits. */
export interface RealtimeConfig {
  pingIntervalMs: number;
  /** A connection that has not answered a ping within this long is closed. */
  pongTimeoutMs: number;
  maxMessageBytes: number;
  messagesPerSecond: number;
  /**
   * Whether socket.io accepts its HTTP long-polling transport. With it, several realtime nodes behind a
   * load balancer need sticky sessions; without it every client must connect with the websocket
   * transport (docs/operations/scaling.md).
   */
  socketIoPolling: boolean;
  /**
   * Prefix of the Redis channels realtime uses (`<prefix>:events`, `<prefix>:socket.io#...`) and of the
   * rate-limit counts (`<prefix>:rate-limit:...`), so two deployments (or two test runs) can share one
   * Redis without hearing each other or sharing limits.
   */
  redisPrefix: string;
}

/** The operator console. */
/**
 * Day-two operations (decision 0035): the metrics listener (off unless METRICS_PORT is set, on
 * loopback unless METRICS_HOST says otherwise), the periodic ledger check (0 = off), and how long a
 * node keeps serving after SIGTERM while its readiness answers 503, so the load balancer stops sending
 * to it before it stops listening.
 */
export interface OperationsConfig {
  metricsPort: number | null;
  metricsHost: string;
  ledgerCheckIntervalMs: number;
  drainDelayMs: number;
}

export interface ConsoleConfig {
  /** A console session ends after this long without a request. */
  idleTimeoutSeconds: number;
}

/** Money limits (DESIGN §8) and the card gateway's webhook secret. Amounts in cents. */
export interface FundingConfig {
  minDepositCents: number;
  maxDepositCents: number;
  minWithdrawalCents: number;
  maxWithdrawalCents: number;
  withdrawalsPerDay: number;
  /** Stakes owed per deposited cent before it can be withdrawn; 0 disables the requirement. */
  turnoverMultiplier: number;
  paymentPasswordFailuresBeforeLock: number;
  paymentPasswordLockSeconds: number;
  /**
   * Which card gateway takes card payments: none (card payment is off, whatever the operator's switch
   * says) or the built-in sandbox, a demo part whose hosted page "pays" with a test card.
   */
  paymentProvider: PaymentProviderName;
  /**
   * The HMAC secret of the gateway's webhook: PAYMENT_WEBHOOK_SECRET, or in DEMO_MODE a random one
   * drawn at each start (the sandbox gateway is this same process, so it always knows it). Never a
   * value written in the source. Empty when no provider is configured.
   */
  webhookSecret: string;
  /** Whether webhookSecret was drawn at random at this start (the demo without PAYMENT_WEBHOOK_SECRET). */
  webhookSecretIsRandom: boolean;
  webhookToleranceSeconds: number;
}

export const PAYMENT_PROVIDERS = ['none', 'sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const int = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: `must be an integer ${min}-${max}` })
    .int({ message: `must be an integer ${min}-${max}` })
    .min(min, { message: `must be an integer ${min}-${max}` })
    .max(max, { message: `must be an integer ${min}-${max}` })
    .default(fallback);

/** Amounts in cents: at most 2^53 - 1, where integer arithmetic in a JS number stays exact. */
const MAX_CENTS = Number.MAX_SAFE_INTEGER;

const optionalInt = (min: number, max: number) =>
  z.coerce
    .number({ message: `must be an integer ${min}-${max}` })
    .int({ message: `must be an integer ${min}-${max}` })
    .min(min, { message: `must be an integer ${min}-${max}` })
    .max(max, { message: `must be an integer ${min}-${max}` })
    .optional();

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

const url = (protocols: readonly string[]) =>
  z
    .string()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    )
    .optional();

const envSchema = z.object({
  PORT: int(1, 65535, 3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: url(['redis:', 'rediss:']),
  REDIS_COMMAND_TIMEOUT_MS: int(10, 60_000, 500),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().default('Tradehall <no-reply@tradehall.local>'),
  PUBLIC_URL: url(['http:', 'https:']),
  ROLE: z.enum(ROLES, { message: `must be one of ${ROLES.join(', ')}` }).default('all'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRADEHALL_TEST_MODE: bool(false),
  DEMO_MODE: bool(false),
  PAYMENT_PROVIDER: z
    .enum(PAYMENT_PROVIDERS, { message: `must be one of ${PAYMENT_PROVIDERS.join(', ')}` })
    .optional(),
  TRUST_PROXY: bool(false),
  WEB_DIST_DIR: z.string().optional(),
  CONSOLE_DIST_DIR: z.string().optional(),
  BODY_LIMIT_BYTES: int(1024, 10 * 1024 * 1024, 64 * 1024),
  REQUEST_TIMEOUT_MS: int(1_000, 600_000, 60_000),
  DATABASE_CONNECT_TIMEOUT_MS: int(100, 120_000, 5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: int(0, 3_600_000, 15_000),
  PASSWORD_HASH_CONCURRENCY: int(1, 64, 4),
  RATE_LIMIT_PER_MINUTE: int(1, 1_000_000, 600),
  AUTH_RATE_LIMIT_PER_MINUTE: int(1, 1_000_000, 30),
  CAPTCHA_RATE_LIMIT_PER_MINUTE: int(1, 1_000_000, 60),
  ACCOUNT_RATE_LIMIT_PER_MINUTE: int(1, 1_000_000, 20),
  CAPTCHA_TTL_SECONDS: int(10, 3600, CAPTCHA_TTL_SECONDS),
  SESSION_TTL_SECONDS: int(60, 365 * 24 * 3600, SESSION_TTL_SECONDS),
  SESSION_CACHE_MS: int(0, 60_000, 1_000),
  LOGIN_FAILURES_BEFORE_LOCK: int(1, 1000, LOGIN_FAILURES_BEFORE_LOCK),
  LOGIN_FAILURE_WINDOW_SECONDS: int(1, 24 * 3600, LOGIN_FAILURE_WINDOW_SECONDS),
  LOGIN_LOCK_SECONDS: int(1, 24 * 3600, LOGIN_LOCK_SECONDS),
  MIN_DEPOSIT_CENTS: int(1, MAX_CENTS, MIN_DEPOSIT_CENTS),
  MAX_DEPOSIT_CENTS: int(1, MAX_CENTS, MAX_DEPOSIT_CENTS),
  MIN_WITHDRAWAL_CENTS: int(1, MAX_CENTS, MIN_WITHDRAWAL_CENTS),
  MAX_WITHDRAWAL_CENTS: int(1, MAX_CENTS, MAX_WITHDRAWAL_CENTS),
  WITHDRAWALS_PER_DAY: int(1, 100_000, WITHDRAWALS_PER_DAY),
  TURNOVER_MULTIPLIER: z.coerce
    .number({ message: 'must be a number 0-100 (0 disables the turnover requirement)' })
    .min(0, { message: 'must be a number 0-100 (0 disables the turnover requirement)' })
    .max(100, { message: 'must be a number 0-100 (0 disables the turnover requirement)' })
    .default(DEFAULT_TURNOVER_MULTIPLIER),
  PAYMENT_PASSWORD_FAILURES_BEFORE_LOCK: int(1, 1000, PAYMENT_PASSWORD_FAILURES_BEFORE_LOCK),
  PAYMENT_PASSWORD_LOCK_SECONDS: int(1, 24 * 3600, PAYMENT_PASSWORD_LOCK_SECONDS),
  PAYMENT_WEBHOOK_SECRET: z
    .string()
    .min(16, { message: 'must be at least 16 characters' })
    .max(512, { message: 'must be at most 512 characters' })
    .optional(),
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: int(1, 24 * 3600, 300),
  ROUND_SECONDS_OVERRIDE: optionalInt(2, 24 * 3600),
  SEALED_SECONDS_OVERRIDE: optionalInt(1, 24 * 3600 - 1),
  DRAWING_SECONDS_OVERRIDE: optionalInt(0, 3600),
  FAIRNESS_CHAIN_LENGTH: int(2, 1_000_000, 10_000),
  FAIRNESS_BEACON: z.enum(['drand', 'local', 'none'], { message: 'must be drand, local or none' }).optional(),
  FAIRNESS_BEACON_URLS: z
    .string()
    .regex(/^https?:\/\/[^\s,]+(,https?:\/\/[^\s,]+)*$/, { message: 'must be comma-separated http(s) URLs' })
    .default('https://api.drand.sh,https://api2.drand.sh,https://api3.drand.sh,https://drand.cloudflare.com'),
  FAIRNESS_BEACON_CHAIN_HASH: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { message: 'must be 64 lowercase hex characters' })
    .default(QUICKNET.chainHash),
  FAIRNESS_BEACON_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-f]{192}$/, { message: 'must be 192 lowercase hex characters (a BLS12-381 G2 point)' })
    .default(QUICKNET.publicKey),
  FAIRNESS_BEACON_GENESIS: int(0, 4_000_000_000, QUICKNET.genesis),
  FAIRNESS_BEACON_PERIOD_SECONDS: int(1, 3600, QUICKNET.period),
  FAIRNESS_BEACON_TIMEOUT_SECONDS: int(1, 3600, 60),
  SCHEDULER_TICK_MS: int(20, 10_000, 250),
  WS_PING_INTERVAL_MS: int(100, 600_000, 25_000),
  WS_PONG_TIMEOUT_MS: int(100, 600_000, 60_000),
  WS_MAX_MESSAGE_BYTES: int(64, 1024 * 1024, 4096),
  WS_MESSAGES_PER_SECOND: int(1, 10_000, 20),
  SOCKET_IO_POLLING: bool(true),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, { message: 'must be 1-64 letters, digits, ":", "_" or "-"' })
    .default('tradehall'),
  CONSOLE_IDLE_TIMEOUT_SECONDS: int(30, 24 * 3600, 1800),
  SERVER_LINES: z
    .string()
    .max(4000)
    .refine((value) => parseServerLines(value).ok, {
      message: 'must be "Name=https://host,Name=https://host" (1-20 lines, each an http(s) origin)',
    })
    .optional(),
  APP_ORIGINS: z
    .string()
    .regex(/^https?:\/\/[^\s,/]+(,https?:\/\/[^\s,/]+)*$/, {
      message: 'must be comma-separated origins like https://app.example.com (no path)',
    })
    .optional(),
  REMOTE_CONFIG_URL: url(['http:', 'https:']),
  REMOTE_CONFIG_DOWNLOAD_URL: url(['http:', 'https:']),
  REMOTE_CONFIG_WEBSITE_URL: url(['http:', 'https:']),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]*\{z\}[^\s]*$/, {
      message: 'must be an http(s) URL template with {z}, {x} and {y}',
    })
    .refine((value) => value.includes('{x}') && value.includes('{y}'), {
      message: 'must be an http(s) URL template with {z}, {x} and {y}',
    })
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z
    .string()
    .max(300, { message: 'must be at most 300 characters' })
    .default('© OpenStreetMap contributors'),
  MAP_MAX_ZOOM: int(1, 22, 19),
  TEST_SETTLEMENT_PAUSE_MS: int(0, 600_000, 0),
  LIABILITIES_SIGNING_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { message: 'must be 64 hex characters (an Ed25519 secret key)' })
    .optional(),
  LIABILITIES_SNAPSHOT_MINUTES: int(0, 7 * 24 * 60, 60),
  REFERRAL_DAY_BOUNDARY_MINUTES: int(0, 1_439, 0),
  REFERRAL_PAY_CHECK_MS: int(100, 3_600_000, 60_000),
  REFERRAL_PAY_CHUNK: int(1, 100_000, 2_000),
  REFERRAL_PAY_REST_PERCENT: int(0, 1_000, 0),
  TEST_REFERRAL_PAY_PAUSE_MS: int(0, 600_000, 0),
  // Ten years either way: far enough for any journey, bounded so a typo cannot overflow a Date.
  TEST_CLOCK_OFFSET_SECONDS: int(-315_360_000, 315_360_000, 0),
  METRICS_PORT: optionalInt(1, 65_535),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LEDGER_CHECK_INTERVAL_MS: int(0, 24 * 3600 * 1000, 300_000),
  DRAIN_DELAY_MS: optionalInt(0, 120_000),
});

/** Pairs of limits where the first may not exceed the second: [minimum, maximum]. */
const ORDERED_LIMITS = [
  ['MIN_DEPOSIT_CENTS', 'MAX_DEPOSIT_CENTS'],
  ['MIN_WITHDRAWAL_CENTS', 'MAX_WITHDRAWAL_CENTS'],
] as const;

/** Variables whose value may hold a password: named in an error, never echoed. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'PAYMENT_WEBHOOK_SECRET',
  'LIABILITIES_SIGNING_KEY',
]);

/**
 * Validates the environment. Empty strings count as unset (an `export X=` in a shell is not a value).
 * Throws ConfigError whose message is the single line to print.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const known = Object.keys(envSchema.shape);
  const input: Env = {};
  for (const name of known) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') input[name] = value.trim();
  }
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (seen.has(name)) continue;
      seen.add(name);
      const got = SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(input[name] ?? '')})`;
      problems.push(`${name} ${issue.message}${got}`);
    }
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const inverted = ORDERED_LIMITS.filter(([min, max]) => e[min] > e[max]).map(
    ([min, max]) => `${min} must not exceed ${max} (got ${e[min]} > ${e[max]})`,
  );
  if (
    e.ROUND_SECONDS_OVERRIDE !== undefined &&
    e.SEALED_SECONDS_OVERRIDE !== undefined &&
    e.SEALED_SECONDS_OVERRIDE >= e.ROUND_SECONDS_OVERRIDE
  ) {
    inverted.push(
      `SEALED_SECONDS_OVERRIDE must be less than ROUND_SECONDS_OVERRIDE (got ${e.SEALED_SECONDS_OVERRIDE} >= ${e.ROUND_SECONDS_OVERRIDE})`,
    );
  }
  if (inverted.length > 0) throw new ConfigError(`Invalid configuration: ${inverted.join('; ')}`);
  // A moved clock pays referral days early and ages sessions and limits: refused, not ignored, in a
  // process that is not a test one, so a stray variable on a production host stops the start.
  if (input.TEST_CLOCK_OFFSET_SECONDS !== undefined && !e.TRADEHALL_TEST_MODE) {
    throw new ConfigError(
      'Invalid configuration: TEST_CLOCK_OFFSET_SECONDS is test-only and needs TRADEHALL_TEST_MODE=true (never set either in production)',
    );
  }
  // The demo turns the sandbox on unless told otherwise; anywhere else a gateway is asked for by name.
  const paymentProvider = e.PAYMENT_PROVIDER ?? (e.DEMO_MODE ? 'sandbox' : 'none');
  if (paymentProvider !== 'none' && e.PAYMENT_WEBHOOK_SECRET === undefined && !e.DEMO_MODE) {
    throw new ConfigError(
      `Invalid configuration: PAYMENT_PROVIDER=${paymentProvider} needs PAYMENT_WEBHOOK_SECRET (16+ random characters shared with the gateway)`,
    );
  }
  const lines = serverLinesConfig({
    serverLines: e.SERVER_LINES,
    appOrigins: e.APP_ORIGINS,
    publicUrl: e.PUBLIC_URL ?? null,
    port: e.PORT,
    remoteConfigUrl: e.REMOTE_CONFIG_URL,
    downloadUrl: e.REMOTE_CONFIG_DOWNLOAD_URL,
    websiteUrl: e.REMOTE_CONFIG_WEBSITE_URL,
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION, maxZoom: e.MAP_MAX_ZOOM },
  });
  const published = remoteConfigSchema.safeParse(publishedRemoteConfig(lines));
  if (!published.success) {
    const issue = published.error.issues[0];
    throw new ConfigError(
      `Invalid configuration: the remote config would not be valid (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}); check SERVER_LINES, REMOTE_CONFIG_DOWNLOAD_URL, REMOTE_CONFIG_WEBSITE_URL and MAP_*`,
    );
  }
  const webhookSecret =
    paymentProvider === 'none' ? '' : (e.PAYMENT_WEBHOOK_SECRET ?? randomBytes(32).toString('base64url'));
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    redisUrl: e.REDIS_URL ?? null,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    role: e.ROLE,
    logLevel: e.LOG_LEVEL,
    testMode: e.TRADEHALL_TEST_MODE,
    clockOffsetSeconds: e.TRADEHALL_TEST_MODE ? e.TEST_CLOCK_OFFSET_SECONDS : 0,
    demoMode: e.DEMO_MODE,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : path.join(REPO_ROOT, 'apps/web/dist'),
    consoleDistDir: e.CONSOLE_DIST_DIR
      ? path.resolve(cwd, e.CONSOLE_DIST_DIR)
      : path.join(REPO_ROOT, 'apps/console/dist'),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    database: {
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    rateLimit: {
      globalPerMinute: e.RATE_LIMIT_PER_MINUTE,
      authPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
      captchaPerMinute: e.CAPTCHA_RATE_LIMIT_PER_MINUTE,
      accountPerMinute: e.ACCOUNT_RATE_LIMIT_PER_MINUTE,
    },
    auth: {
      captchaTtlSeconds: e.CAPTCHA_TTL_SECONDS,
      sessionTtlSeconds: e.SESSION_TTL_SECONDS,
      sessionCacheMs: e.SESSION_CACHE_MS,
      loginFailuresBeforeLock: e.LOGIN_FAILURES_BEFORE_LOCK,
      loginFailureWindowSeconds: e.LOGIN_FAILURE_WINDOW_SECONDS,
      loginLockSeconds: e.LOGIN_LOCK_SECONDS,
    },
    funding: {
      minDepositCents: e.MIN_DEPOSIT_CENTS,
      maxDepositCents: e.MAX_DEPOSIT_CENTS,
      minWithdrawalCents: e.MIN_WITHDRAWAL_CENTS,
      maxWithdrawalCents: e.MAX_WITHDRAWAL_CENTS,
      withdrawalsPerDay: e.WITHDRAWALS_PER_DAY,
      turnoverMultiplier: e.TURNOVER_MULTIPLIER,
      paymentPasswordFailuresBeforeLock: e.PAYMENT_PASSWORD_FAILURES_BEFORE_LOCK,
      paymentPasswordLockSeconds: e.PAYMENT_PASSWORD_LOCK_SECONDS,
      paymentProvider,
      webhookSecret,
      webhookSecretIsRandom: paymentProvider !== 'none' && e.PAYMENT_WEBHOOK_SECRET === undefined,
      webhookToleranceSeconds: e.PAYMENT_WEBHOOK_TOLERANCE_SECONDS,
    },
    trading: {
      roundSecondsOverride: e.ROUND_SECONDS_OVERRIDE ?? null,
      sealedSecondsOverride: e.SEALED_SECONDS_OVERRIDE ?? null,
      drawingSecondsOverride: e.DRAWING_SECONDS_OVERRIDE ?? null,
      chainLength: e.FAIRNESS_CHAIN_LENGTH,
      schedulerTickMs: e.SCHEDULER_TICK_MS,
      // Never outside test mode: a production process must not be able to stall a settlement.
      settlementPauseMs: e.TRADEHALL_TEST_MODE ? e.TEST_SETTLEMENT_PAUSE_MS : 0,
      fairness: {
        // The demo and test processes run offline: a local beacon unless told otherwise.
        beacon: e.FAIRNESS_BEACON ?? (e.DEMO_MODE || e.TRADEHALL_TEST_MODE ? 'local' : 'drand'),
        urls: e.FAIRNESS_BEACON_URLS.split(',').map((url) => url.replace(/\/+$/, '')),
        chainHash: e.FAIRNESS_BEACON_CHAIN_HASH,
        publicKey: e.FAIRNESS_BEACON_PUBLIC_KEY,
        genesis: e.FAIRNESS_BEACON_GENESIS,
        periodSeconds: e.FAIRNESS_BEACON_PERIOD_SECONDS,
        timeoutSeconds: e.FAIRNESS_BEACON_TIMEOUT_SECONDS,
      },
    },
    referrals: {
      dayBoundaryMinutes: e.REFERRAL_DAY_BOUNDARY_MINUTES,
      payCheckMs: e.REFERRAL_PAY_CHECK_MS,
      payChunk: e.REFERRAL_PAY_CHUNK,
      payRestPercent: e.REFERRAL_PAY_REST_PERCENT,
      payPauseMs: e.TRADEHALL_TEST_MODE ? e.TEST_REFERRAL_PAY_PAUSE_MS : 0,
    },
    realtime: {
      pingIntervalMs: e.WS_PING_INTERVAL_MS,
      pongTimeoutMs: e.WS_PONG_TIMEOUT_MS,
      maxMessageBytes: e.WS_MAX_MESSAGE_BYTES,
      messagesPerSecond: e.WS_MESSAGES_PER_SECOND,
      socketIoPolling: e.SOCKET_IO_POLLING,
      redisPrefix: e.REDIS_PREFIX,
    },
    console: { idleTimeoutSeconds: e.CONSOLE_IDLE_TIMEOUT_SECONDS },
    operations: {
      metricsPort: e.METRICS_PORT ?? null,
      metricsHost: e.METRICS_HOST,
      ledgerCheckIntervalMs: e.LEDGER_CHECK_INTERVAL_MS,
      // Tests stop and start processes all day; a production node waits for its load balancer.
      drainDelayMs: e.DRAIN_DELAY_MS ?? (e.TRADEHALL_TEST_MODE ? 0 : 5_000),
    },
    lines,
    liabilities: liabilitiesConfig(
      e.LIABILITIES_SIGNING_KEY,
      e.LIABILITIES_SNAPSHOT_MINUTES,
      e.TRADEHALL_TEST_MODE,
    ),
  };
}

function liabilitiesConfig(
  key: string | undefined,
  scheduleMinutes: number,
  testMode: boolean,
): LiabilitiesConfig {
  if (key !== undefined) {
    return { scheduleMinutes, signingKey: Uint8Array.from(Buffer.from(key, 'hex')), keySource: 'env' };
  }
  if (testMode) return { scheduleMinutes, signingKey: new Uint8Array(randomBytes(32)), keySource: 'random' };
  return { scheduleMinutes, signingKey: null, keySource: 'none' };
}

/** Whether this process serves the HTTP API. */
export function servesApi(config: Config): boolean {
  return config.role === 'all' || config.role === 'api';
}

/** Whether this process serves realtime (/ws and socket.io). */
export function servesRealtime(config: Config): boolean {
  return config.role === 'all' || config.role === 'realtime';
}

/** Whether this process competes to run the round scheduler (one holder per deployment). */
export function runsScheduler(config: Config): boolean {
  return config.role === 'all' || config.role === 'scheduler';
}

/**
 * A split deployment (ROLE other than `all`) only works with Redis, which carries events from the nodes
 * that produce them (api, scheduler) to the nodes that hold the connections (realtime), and with
 * PostgreSQL, because the embedded database serves a single process. Checked at start, after
 * loadConfig, so the message names the missing variable in one line.
 */
export function checkDeployment(config: Config): void {
  if (config.role === 'all') return;
  const missing = [config.redisUrl ? null : 'REDIS_URL', config.databaseUrl ? null : 'DATABASE_URL'].filter(
    (name): name is string => name !== null,
  );
  if (missing.length === 0) return;
  throw new ConfigError(
    `Invalid configuration: ROLE=${config.role} splits the deployment and needs ${missing.join(' and ')} (every node shares one PostgreSQL database and one Redis; use ROLE=all for a single process)`,
  );
}
