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
});
