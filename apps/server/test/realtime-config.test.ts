/**
 * Deployment roles: a split role (api, realtime, scheduler) needs Redis and PostgreSQL, and a process
 * started without them stops at once with one line naming what is missing; ROLE=all needs neither.
 * The realtime settings are read from the environment with their defaults.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, checkDeployment, loadConfig } from '../src/platform/config.ts';
import { MAIN_TS } from './harness.ts';

const REPO_ROOT = path.resolve(path.dirname(MAIN_TS), '../../..');
const PG = 'postgres://u:p@db:5432/th';
const REDIS = 'redis://cache:6379';

describe('deployment roles', () => {
  it.each(['api', 'realtime', 'scheduler'])('ROLE=%s needs REDIS_URL and DATABASE_URL', (role) => {
    expect(() => checkDeployment(loadConfig({ ROLE: role }))).toThrow(
      new ConfigError(
        `Invalid configuration: ROLE=${role} splits the deployment and needs REDIS_URL and DATABASE_URL (every node shares one PostgreSQL database and one Redis; use ROLE=all for a single process)`,
      ),
    );
    expect(() => checkDeployment(loadConfig({ ROLE: role, DATABASE_URL: PG }))).toThrow(/needs REDIS_URL \(/);
    expect(() => checkDeployment(loadConfig({ ROLE: role, REDIS_URL: REDIS }))).toThrow(
      /needs DATABASE_URL \(/,
    );
    expect(() =>
      checkDeployment(loadConfig({ ROLE: role, REDIS_URL: REDIS, DATABASE_URL: PG })),
    ).not.toThrow();
  });

  it('ROLE=all runs alone on the embedded database', () => {
    expect(() => checkDeployment(loadConfig({}))).not.toThrow();
  });

  it('stops a split node started without Redis with one line on stderr and exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', MAIN_TS], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ROLE: 'realtime', DATABASE_URL: PG },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Invalid configuration: ROLE=realtime splits the deployment and needs REDIS_URL (every node shares one PostgreSQL database and one Redis; use ROLE=all for a single process)\n',
    );
  });

  it('reads the realtime settings, with their defaults', () => {
    expect(loadConfig({}).realtime).toEqual({
      pingIntervalMs: 25_000,
      pongTimeoutMs: 60_000,
      maxMessageBytes: 4096,
      messagesPerSecond: 20,
      socketIoPolling: true,
      redisPrefix: 'tradehall',
    });
    expect(loadConfig({ SOCKET_IO_POLLING: 'false', REDIS_PREFIX: 'staging:th' }).realtime).toMatchObject({
      socketIoPolling: false,
      redisPrefix: 'staging:th',
    });
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(
      'Invalid configuration: REDIS_PREFIX must be 1-64 letters, digits, ":", "_" or "-" (got "has space")',
    );
  });
});
