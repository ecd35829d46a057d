/** Configuration: defaults, overrides, and one clear line naming each bad variable. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';

const failure = (env: Record<string, string>): string => {
  try {
    loadConfig(env, '/srv');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('has working defaults on a bare machine', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      dataDir: '/srv/app/data',
      redisUrl: null,
      smtpUrl: null,
      role: 'all',
      logLevel: 'info',
      testMode: false,
      bodyLimitBytes: 65536,
      rateLimit: { globalPerMinute: 600, authPerMinute: 30, captchaPerMinute: 60, accountPerMinute: 20 },
      auth: {
        captchaTtlSeconds: 120,
        loginFailuresBeforeLock: 10,
        loginFailureWindowSeconds: 900,
        loginLockSeconds: 900,
      },
    });
    expect(config.webDistDir).toBe(path.join(REPO_ROOT, 'apps/web/dist'));
    expect(config.consoleDistDir).toBe(path.join(REPO_ROOT, 'apps/console/dist'));
  });

  it('reads overrides, treating empty values as unset', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATABASE_URL: 'postgres://u:p@db:5432/th',
        DATA_DIR: '',
        TRADEHALL_TEST_MODE: 'true',
        ROLE: 'api',
        PUBLIC_URL: 'https://trade.example.com/',
        WEB_DIST_DIR: 'web',
      },
      '/srv',
    );
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/th');
    expect(config.dataDir).toBe('/srv/data');
    expect(config.testMode).toBe(true);
    expect(config.role).toBe('api');
    expect(config.publicUrl).toBe('https://trade.example.com');
    expect(config.webDistDir).toBe('/srv/web');
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer 1-65535 (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be an integer 1-65535 (got "70000")'],
    [{ PORT: '80.5' }, 'Invalid configuration: PORT must be an integer 1-65535 (got "80.5")'],
    [
      { ROLE: 'boss' },
      'Invalid configuration: ROLE must be one of all, api, realtime, scheduler (got "boss")',
    ],
    [
      { TRADEHALL_TEST_MODE: 'maybe' },
      'Invalid configuration: TRADEHALL_TEST_MODE must be true or false (got "maybe")',
    ],
    [
      { PUBLIC_URL: 'trade.example.com' },
      'Invalid configuration: PUBLIC_URL must be a URL starting with http:// or https:// (got "trade.example.com")',
    ],
  ])('names the bad variable in one line: %o', (env, message) => {
    const text = failure(env);
    expect(text).toBe(message);
    expect(text).not.toContain('\n');
  });

  it('never echoes a URL that may hold a password', () => {
    const text = failure({ DATABASE_URL: 'mysql://root:hunter2@db/x' });
    expect(text).toBe(
      'Invalid configuration: DATABASE_URL must be a URL starting with postgres:// or postgresql://',
    );
    expect(text).not.toContain('hunter2');
  });

  it('reports several bad variables on the same single line', () => {
    const text = failure({ PORT: '0', LOG_LEVEL: 'loud' });
    expect(text).toContain('PORT must be an integer 1-65535 (got "0")');
    expect(text).toContain('LOG_LEVEL must be one of');
    expect(text).not.toContain('\n');
  });

  it('has the money limits of DESIGN §8 by default, and no card gateway and no secret', () => {
    expect(loadConfig({}, '/srv').funding).toEqual({
      minDepositCents: 1000,
      maxDepositCents: 100_000_000,
      minWithdrawalCents: 2000,
      maxWithdrawalCents: 5_000_000,
      withdrawalsPerDay: 5,
      turnoverMultiplier: 1,
      paymentPasswordFailuresBeforeLock: 5,
      paymentPasswordLockSeconds: 900,
      paymentProvider: 'none',
      webhookSecret: '',
      webhookSecretIsRandom: false,
      webhookToleranceSeconds: 300,
    });
    const custom = loadConfig(
      {
        TURNOVER_MULTIPLIER: '0',
        PAYMENT_PROVIDER: 'sandbox',
        PAYMENT_WEBHOOK_SECRET: 's'.repeat(32),
        MIN_DEPOSIT_CENTS: '500',
      },
      '/srv',
    ).funding;
    expect(custom).toMatchObject({
      turnoverMultiplier: 0,
      paymentProvider: 'sandbox',
      webhookSecret: 's'.repeat(32),
      webhookSecretIsRandom: false,
      minDepositCents: 500,
    });
  });

  it('refuses a card gateway without a webhook secret, in one line', () => {
    expect(failure({ PAYMENT_PROVIDER: 'sandbox' })).toBe(
      'Invalid configuration: PAYMENT_PROVIDER=sandbox needs PAYMENT_WEBHOOK_SECRET (16+ random characters shared with the gateway)',
    );
    expect(failure({ PAYMENT_PROVIDER: 'stripe' })).toBe(
      'Invalid configuration: PAYMENT_PROVIDER must be one of none, sandbox (got "stripe")',
    );
  });

  it('turns the sandbox on in the demo with a secret drawn at each start, never a fixed one', () => {
    const first = loadConfig({ DEMO_MODE: 'true' }, '/srv');
    const second = loadConfig({ DEMO_MODE: 'true' }, '/srv');
    expect(first.demoMode).toBe(true);
    expect(first.funding).toMatchObject({ paymentProvider: 'sandbox', webhookSecretIsRandom: true });
    expect(first.funding.webhookSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.funding.webhookSecret).not.toBe(first.funding.webhookSecret);
    // The demo can still be told to take no card payments, or to use a secret of the operator's.
    expect(loadConfig({ DEMO_MODE: 'true', PAYMENT_PROVIDER: 'none' }, '/srv').funding).toMatchObject({
      paymentProvider: 'none',
      webhookSecret: '',
    });
    expect(
      loadConfig({ DEMO_MODE: 'true', PAYMENT_WEBHOOK_SECRET: 'k'.repeat(20) }, '/srv').funding,
    ).toMatchObject({ webhookSecret: 'k'.repeat(20), webhookSecretIsRandom: false });
  });

  it.each([
    [
      { TURNOVER_MULTIPLIER: '-1' },
      'TURNOVER_MULTIPLIER must be a number 0-100 (0 disables the turnover requirement) (got "-1")',
    ],
    [{ WITHDRAWALS_PER_DAY: '0' }, 'WITHDRAWALS_PER_DAY must be an integer 1-100000 (got "0")'],
    [{ MIN_DEPOSIT_CENTS: '10.5' }, 'MIN_DEPOSIT_CENTS must be an integer 1-9007199254740991 (got "10.5")'],
    [
      { MIN_WITHDRAWAL_CENTS: '9000', MAX_WITHDRAWAL_CENTS: '8000' },
      'MIN_WITHDRAWAL_CENTS must not exceed MAX_WITHDRAWAL_CENTS (got 9000 > 8000)',
    ],
  ])('refuses a bad money setting in one line: %o', (env, message) => {
    const text = failure(env);
    expect(text).toBe(`Invalid configuration: ${message}`);
  });

  it('never echoes a webhook secret it refuses', () => {
    const text = failure({ PAYMENT_WEBHOOK_SECRET: 'short' });
    expect(text).toBe('Invalid configuration: PAYMENT_WEBHOOK_SECRET must be at least 16 characters');
  });

  it('publishes this server alone as its line by default, from PUBLIC_URL or the local port', () => {
    expect(loadConfig({ PORT: '8080' }, '/srv').lines).toMatchObject({
      lines: [{ id: 'line-1', name: 'Line 1', url: 'http://localhost:8080' }],
      appOrigins: ['http://localhost:8080'],
      links: { download: null, website: null },
      map: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', maxZoom: 19 },
    });
    const config = loadConfig({ PUBLIC_URL: 'https://trade.example.com/' }, '/srv');
    expect(config.lines.lines).toEqual([{ id: 'line-1', name: 'Line 1', url: 'https://trade.example.com' }]);
    expect(config.lines.appOrigins).toEqual(['https://trade.example.com']);
  });

  it('reads SERVER_LINES in order and allows their origins, PUBLIC_URL and only those unless APP_ORIGINS says', () => {
    const config = loadConfig(
      {
        SERVER_LINES: ' Line 1 = https://a.example.com/ , Line 2=http://10.0.0.2:3000',
        PUBLIC_URL: 'https://www.example.com',
        MAP_MAX_ZOOM: '17',
      },
      '/srv',
    );
    expect(config.lines.lines).toEqual([
      { id: 'line-1', name: 'Line 1', url: 'https://a.example.com' },
      { id: 'line-2', name: 'Line 2', url: 'http://10.0.0.2:3000' },
    ]);
    expect(config.lines.appOrigins).toEqual([
      'https://a.example.com',
      'http://10.0.0.2:3000',
      'https://www.example.com',
    ]);
    expect(config.lines.map.maxZoom).toBe(17);
    expect(
      loadConfig({ SERVER_LINES: 'A=https://a.example.com', APP_ORIGINS: 'https://app.example.com' }, '/srv')
        .lines.appOrigins,
    ).toEqual(['https://app.example.com']);
  });

  it.each([
    ['SERVER_LINES', 'https://a.example.com'],
    ['SERVER_LINES', 'A=https://a.example.com/api'],
    ['SERVER_LINES', 'A=ftp://a.example.com'],
    ['SERVER_LINES', 'A=https://a.example.com,B=https://a.example.com'],
    ['SERVER_LINES', 'A=https://user:pw@a.example.com'],
    ['APP_ORIGINS', 'https://a.example.com/path'],
    ['APP_ORIGINS', '*'],
    ['MAP_TILE_URL', 'https://tiles.example.org/static.png'],
    ['MAP_MAX_ZOOM', '30'],
  ])('refuses a bad %s in one line naming it: %s', (name, value) => {
    expect(failure({ [name]: value })).toMatch(new RegExp(`^Invalid configuration: ${name} must`));
  });

  it('moves the clock only in a test process: a production start with TEST_CLOCK_OFFSET_SECONDS is refused', () => {
    const refusal =
      'Invalid configuration: TEST_CLOCK_OFFSET_SECONDS is test-only and needs TRADEHALL_TEST_MODE=true (never set either in production)';
    expect(failure({ TEST_CLOCK_OFFSET_SECONDS: '86400' })).toBe(refusal);
    expect(failure({ TEST_CLOCK_OFFSET_SECONDS: '0' })).toBe(refusal);
    // The demo is not a test process either.
    expect(failure({ TEST_CLOCK_OFFSET_SECONDS: '86400', DEMO_MODE: 'true' })).toBe(refusal);
    expect(failure({ TEST_CLOCK_OFFSET_SECONDS: '86400', TRADEHALL_TEST_MODE: 'false' })).toBe(refusal);
    expect(loadConfig({}, '/srv').clockOffsetSeconds).toBe(0);
    expect(
      loadConfig({ TEST_CLOCK_OFFSET_SECONDS: '86400', TRADEHALL_TEST_MODE: 'true' }, '/srv')
        .clockOffsetSeconds,
    ).toBe(86_400);
    expect(failure({ TEST_CLOCK_OFFSET_SECONDS: '1e12', TRADEHALL_TEST_MODE: 'true' })).toMatch(
      /^Invalid configuration: TEST_CLOCK_OFFSET_SECONDS must be an integer/,
    );
  });
});
