/**
 * Test harness: the real app (same composition as main.ts) on a fresh, migrated and seeded database.
 *
 * - Embedded PGlite, in memory: a migrated + seeded template is built once and cached on disk (keyed by
 *   a hash of the migrations and the seed), then every test app loads a copy of it (~1 s instead of ~5).
 * - Real PostgreSQL when TEST_DATABASE_URL is set: a template database is created once (under an
 *   advisory lock, so parallel workers do not race), then each test app gets its own database copied
 *   from it, dropped again on close.
 *
 * Integration suites run once per entry of DRIVERS.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { TEST_CAPTCHA_HEADER } from '../src/modules/auth/auth.routes.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import { type Database, openPostgres, wrapPglite } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import type { DB } from '../src/platform/db/schema.ts';
import type { StatementObserver } from '../src/platform/db/statement-observer.ts';
import { createLogger, type Logger } from '../src/platform/logger.ts';
import { createMailer, type Mailer } from '../src/platform/mailer.ts';
import { createPasswordHasher, type PasswordHasher } from '../src/platform/password-hasher.ts';
import { DEMO, seedDemoData } from '../src/seed.ts';
import { createServices, type Services } from '../src/services.ts';
import { watchConformance } from './conformance-watch.ts';
import { OpenApiMismatchError } from './openapi-conformance.ts';
import { observedMailer, type WorkObserver } from './work-log.ts';

export type DriverName = 'pglite' | 'postgres';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || null;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.trim() || null;

/** The drivers integration suites run against: always PGlite, PostgreSQL when TEST_DATABASE_URL is set. */
export const DRIVERS: DriverName[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MAIN_TS = path.join(SERVER_DIR, 'src/main.ts');

/** Changes whenever a migration or the seed changes, so a stale template is never reused. */
function schemaFingerprint(): string {
  const hash = createHash('sha256');
  const migrationsDir = path.join(SERVER_DIR, 'src/platform/db/migrations');
  for (const name of readdirSync(migrationsDir).sort()) {
    hash.update(name).update(readFileSync(path.join(migrationsDir, name)));
  }
  hash.update(readFileSync(path.join(SERVER_DIR, 'src/seed.ts')));
  // Migration 0003 seeds the rooms from the domain's defaults.
  hash.update(readFileSync(path.join(SERVER_DIR, '../../packages/domain/src/rounds/rooms.ts')));
  return hash.digest('hex').slice(0, 16);
}

const silentLogger = createLogger('silent');
/** One hasher per test process: its bound is shared, like in the server. */
const sharedHasher = createPasswordHasher(4);

// ---------------------------------------------------------------------------------------------------
// PGlite

async function pgliteTemplate(): Promise<Buffer> {
  const dir = path.join(tmpdir(), 'tradehall-test-templates');
  const file = path.join(dir, `pglite-${schemaFingerprint()}.tar`);
  try {
    return readFileSync(file);
  } catch {
    // Not built yet: build it below.
  }
  const pglite = await PGlite.create();
  const database = wrapPglite(pglite, { location: 'template' });
  try {
    await migrateToLatest(database.kysely);
    await seedDemoData(database.kysely, sharedHasher, new ManualClock());
    const dump = await pglite.dumpDataDir('none');
    const buffer = Buffer.from(await dump.arrayBuffer());
    mkdirSync(dir, { recursive: true });
    // Write then rename: a parallel worker never reads a half-written file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, buffer);
    renameSync(partial, file);
    // Templates of older schemas are of no further use.
    for (const name of readdirSync(dir)) {
      if (name.startsWith('pglite-') && name.endsWith('.tar') && path.join(dir, name) !== file) {
        rmSync(path.join(dir, name), { force: true });
      }
    }
    return buffer;
  } finally {
    await database.close();
  }
}

async function freshPglite(onStatement?: StatementObserver): Promise<Database> {
  const template = await pgliteTemplate();
  const pglite = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(template)]) });
  return wrapPglite(pglite, { location: 'in-memory PGlite', onStatement });
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL

function urlWithDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function ensurePostgresTemplate(admin: pg.Client, name: string): Promise<void> {
  // Serialise template creation across parallel test workers.
  await admin.query('select pg_advisory_lock(727274)');
  try {
    // Templates of older schemas are of no further use; one still in use elsewhere is left alone.
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'tradehall\\_tpl\\_%' and datname <> $1",
      [name],
    );
    for (const row of stale.rows) {
      await admin.query(`drop database if exists "${row.datname}"`).catch(() => undefined);
    }
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return;
    const building = `${name}_building`;
    await admin.query(`drop database if exists "${building}"`);
    await admin.query(`create database "${building}"`);
    const database = openPostgres(urlWithDatabase(TEST_DATABASE_URL ?? '', building), silentLogger);
    try {
      await migrateToLatest(database.kysely);
      await seedDemoData(database.kysely, sharedHasher, new ManualClock());
    } finally {
      await database.close();
    }
    // Renamed only once complete, so a template that exists is always whole.
    await admin.query(`alter database "${building}" rename to "${name}"`);
  } finally {
    await admin.query('select pg_advisory_unlock(727274)');
  }
}

async function freshPostgres(
  onStatement?: StatementObserver,
): Promise<{ database: Database; drop: () => Promise<void>; url: string }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  const template = `tradehall_tpl_${schemaFingerprint()}`;
  const name = `tradehall_t_${randomBytes(6).toString('hex')}`;
  try {
    await ensurePostgresTemplate(admin, template);
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = urlWithDatabase(TEST_DATABASE_URL, name);
  const database = openPostgres(url, silentLogger, { onStatement });
  return {
    database,
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function freshDatabase(
  driver: DriverName,
  onStatement?: StatementObserver,
): Promise<{ database: Database; drop: () => Promise<void>; url: string | null }> {
  if (driver === 'postgres') return freshPostgres(onStatement);
  return { database: await freshPglite(onStatement), drop: async () => {}, url: null };
}

// ---------------------------------------------------------------------------------------------------
// The app

export interface TestAppOptions {
  driver: DriverName;
  /**
   * A clock that runs in real time (and can still be moved with advanceSeconds/set): for suites that
   * listen on a port and run the scheduler loop. Default: a clock that only moves when told to.
   */
  realTime?: boolean;
  /** Environment-style overrides, parsed by the real config loader. */
  env?: Record<string, string>;
  smtpUrl?: string;
  redis?: import('ioredis').Redis | null;
  /**
   * Told of the work the app does (work-log.ts): every statement its database is sent, every argon2
   * computation (on a hasher of this app's own, so other apps' hashing is not counted), every mail.
   */
  observer?: WorkObserver;
  /** The services' logger, for a suite that checks what is logged (default: silent). */
  logger?: Logger;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  clock: ManualClock;
  database: Database;
  /**
   * The PostgreSQL address of this app's own database (null on PGlite): for a suite's own connection,
   * without the app's statement time limits (seeding a long history).
   */
  databaseUrl: string | null;
  services: Services;
  mailer: Mailer;
  hasher: PasswordHasher;
  close(): Promise<void>;
}

/** Limits high enough that ordinary suites never meet them; the rate-limit suite lowers them. */
const TEST_ENV: Record<string, string> = {
  TRADEHALL_TEST_MODE: 'true',
  // The sandbox card gateway, asked for by name as an operator would, with a secret of this run's.
  PAYMENT_PROVIDER: 'sandbox',
  PAYMENT_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '100000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  CAPTCHA_RATE_LIMIT_PER_MINUTE: '100000',
  ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
  // Short fairness chains: building one costs ~7 µs per hash, and suites create one per room.
  FAIRNESS_CHAIN_LENGTH: '200',
  // In-process suites tick a manual clock: scheme v1 unless a suite starts a local beacon on that clock.
  FAIRNESS_BEACON: 'none',
  // No built web app in tests unless a suite points these somewhere.
  WEB_DIST_DIR: path.join(tmpdir(), 'tradehall-no-web-dist'),
  CONSOLE_DIST_DIR: path.join(tmpdir(), 'tradehall-no-console-dist'),
};

/** Real time plus an offset that advanceSeconds/set move. */
class RunningClock extends ManualClock {
  #offsetMs = 0;

  override now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  override advanceSeconds(seconds: number): void {
    this.#offsetMs += seconds * 1000;
  }

  override set(at: Date): void {
    this.#offsetMs = at.getTime() - Date.now();
  }
}

export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const config = loadConfig({
    ...TEST_ENV,
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });
  const { observer } = options;
  const { database, drop, url: databaseUrl } = await freshDatabase(options.driver, observer?.statement);
  const clock = options.realTime ? new RunningClock() : new ManualClock();
  const realMailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: silentLogger });
  const mailer = observer ? observedMailer(realMailer, (message) => observer.mail(message)) : realMailer;
  const hasher = observer ? createPasswordHasher(4, observer.hash) : sharedHasher;
  const services = createServices({
    config,
    database,
    clock,
    hasher,
    mailer,
    logger: options.logger ?? silentLogger,
  });
  const { app } = await buildApp({ config, services, logger: silentLogger, redis: options.redis ?? null });
  await app.ready();
  // Every answer is checked against the app's OpenAPI document: the suites prove the document true too.
  const conformance = watchConformance(app);
  return {
    app,
    config,
    clock,
    database,
    databaseUrl,
    services,
    mailer,
    hasher,
    async close() {
      await app.close();
      await mailer.close();
      await database.close();
      await drop();
      const mismatch = conformance.firstMismatch();
      if (mismatch !== null) throw new OpenApiMismatchError(`OpenAPI mismatch: ${mismatch}`);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Request helpers

export const API = '/api/v1';

/** A response body of no particular shape: any JSON object, possibly an error. */
export type AnyJson = Record<string, unknown> & Partial<ErrorJson>;

export interface JsonResponse<T = AnyJson> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
}

export interface ErrorJson {
  error: {
    code: string;
    message: string;
    details?: Array<{ path: string; message: string }>;
    retryAfterSeconds?: number;
  };
}

export async function call<T = AnyJson>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; token?: string; locale?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.locale) headers['accept-language'] = options.locale;
  const response = await t.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `${API}${url}`,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
  const text = response.body;
  return {
    status: response.statusCode,
    body: (text ? JSON.parse(text) : {}) as T,
    headers: response.headers,
  };
}

/** A fresh captcha and its answer (readable because the test app runs in test mode). */
export async function captcha(t: TestApp): Promise<{ captchaId: string; captchaAnswer: string }> {
  const response = await call<{ captchaId: string }>(t, 'GET', '/auth/captcha');
  const answer = response.headers[TEST_CAPTCHA_HEADER];
  if (response.status !== 200 || typeof answer !== 'string') throw new Error('no captcha answer header');
  return { captchaId: response.body.captchaId, captchaAnswer: answer };
}

let accountCounter = 0;
/** A new, valid, unique account name. */
export function uniqueAccount(prefix = 'user'): string {
  accountCounter += 1;
  return `${prefix}_${process.pid}_${accountCounter}_${randomBytes(2).toString('hex')}`.slice(0, 32);
}

export async function register(
  t: TestApp,
  account: string,
  password = 'secret123',
  extra: { email?: string; invitationCode?: string } = {},
): Promise<{ id: string; username: string }> {
  const response = await call<{ user: { id: string; username: string } }>(t, 'POST', '/auth/register', {
    body: {
      account,
      password,
      confirmPassword: password,
      invitationCode: extra.invitationCode ?? DEMO.user.invitationCode,
      ...(extra.email === undefined ? {} : { email: extra.email }),
    },
  });
  if (response.status !== 201) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return response.body.user;
}

export async function login(
  t: TestApp,
  account: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  return call(t, 'POST', '/auth/login', { body: { account, password, ...(await captcha(t)) }, headers });
}

export async function loginToken(t: TestApp, account: string, password: string): Promise<string> {
  const response = await login(t, account, password);
  if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  return String(response.body.token);
}

/** Rows in a table: the "nothing was written" check of the bad-input suites. */
export async function countRows(t: TestApp, table: keyof DB): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
    t.database.kysely,
  );
  return result.rows[0]?.n ?? 0;
}

export async function countAllRows(t: TestApp): Promise<Record<string, number>> {
  const tables: Array<keyof DB> = [
    'users',
    'sessions',
    'operators',
    'operator_sessions',
    'login_throttles',
    'password_reset_codes',
    'password_reset_requests',
    'ledger_accounts',
    'ledger_transfers',
    'deposits',
    'withdrawals',
    'bank_cards',
    'wallets',
    'uploads',
    'idempotency_keys',
    'payment_checkouts',
    'payment_events',
    'rooms',
    'fairness_chains',
    'rounds',
    'positions',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await countRows(t, table);
  return counts;
}

export { DEMO };
