/** The start-up banner: where the app, console, docs and realtime are, and what to be careful about. */
import { liabilitiesPublicKey } from '@tradehall/domain/liabilities';
import { type Config, servesRealtime } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import type { Mailer } from './platform/mailer.ts';
import type { StaticSites } from './platform/static-files.ts';
import type { SeedLogins, SeedResult } from './seed.ts';

function baseUrl(config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

export interface BannerFacts {
  config: Config;
  database: Database;
  sites: StaticSites;
  mailer: Mailer;
  /** The logins the seed used, and whether it wrote them now (an empty database). */
  logins: SeedLogins;
  seeded: SeedResult;
  ms: number;
}

export function banner({ config, database, sites, mailer, logins, seeded, ms }: BannerFacts): string {
  const url = baseUrl(config);
  const lines = [
    '',
    `  Tradehall is running (started in ${ms} ms)`,
    '',
    `  App:              ${url}/${sites.web ? '' : '   (web app not built: run npm run build)'}`,
    `  Console:          ${url}/console/${sites.console ? '' : '   (console not built: run npm run build)'}`,
    `  API docs:         ${url}/api/docs`,
    `  Realtime:         ${realtimeLine(config, url)}`,
    `  Role:             ${config.role}${config.redisUrl ? ' (events shared through Redis)' : ''}`,
    `  Database:         ${database.location}`,
    `  Mail:             ${mailer.mode === 'smtp' ? 'SMTP' : 'no SMTP_URL: codes are written to this log'}`,
    `  Card payments:    ${cardPaymentsLine(config)}`,
    `  Fairness:         ${fairnessLine(config)}`,
    `  Liabilities key:  ${liabilitiesLine(config)}`,
    '',
    ...loginLines(config, logins, seeded),
  ];
  if (config.testMode)
    lines.splice(2, 0, '  TEST MODE: captcha answers are exposed in a response header', '');
  return lines.join('\n');
}

/** The public key every proof-of-liabilities snapshot is signed with, printed so users can compare it. */
function liabilitiesLine(config: Config): string {
  const { signingKey, keySource, scheduleMinutes } = config.liabilities;
  if (signingKey === null) return 'none: no snapshots (set LIABILITIES_SIGNING_KEY, 64 hex characters)';
  const source = {
    env: '',
    random: ' (random, this process only)',
    'data-dir': ' (demo key kept in DATA_DIR)',
    none: '',
  }[keySource];
  const schedule = scheduleMinutes === 0 ? 'on request only' : `every ${scheduleMinutes} min`;
  return `ed25519 ${liabilitiesPublicKey(signingKey)}${source}, snapshots ${schedule}`;
}

function fairnessLine(config: Config): string {
  const { beacon, urls, timeoutSeconds } = config.trading.fairness;
  if (beacon === 'none') return 'scheme v1 (hash chain only; FAIRNESS_BEACON=none)';
  if (beacon === 'local') return `scheme v2 with a LOCAL beacon - for testing (${urls[0] ?? ''})`;
  return `scheme v2 with drand quicknet (${urls.length} mirrors; void after ${timeoutSeconds} s without it)`;
}

function cardPaymentsLine(config: Config): string {
  const { paymentProvider } = config.funding;
  if (paymentProvider === 'none') return 'off (no PAYMENT_PROVIDER)';
  const test = paymentProvider === 'sandbox' ? ' - TEST PAYMENTS, no real money moves' : '';
  const secret = config.funding.webhookSecretIsRandom ? ', random webhook secret' : '';
  return `${paymentProvider}${test}${secret}`;
}

/**
 * The demo prints its published logins every time. Anywhere else the first operator's random password is
 * printed once, when it is written; after that the banner names no password at all.
 */
function loginLines(config: Config, logins: SeedLogins, seeded: SeedResult): string[] {
  if (config.demoMode) {
    return [
      `  Demo account:     ${logins.user.account} / ${logins.user.password}`,
      `  Invitation code:  ${logins.user.invitationCode}`,
      `  Operator:         ${logins.operator.account} / ${logins.operator.password}   (console login)`,
      '',
    ];
  }
  const lines: string[] = [];
  if (seeded.operator) {
    lines.push(
      `  Operator:         ${logins.operator.account} / ${logins.operator.password}   (console login; shown this once)`,
    );
  }
  if (seeded.user) lines.push(`  Invitation code:  ${logins.user.invitationCode}   (for the first users)`);
  return lines.length > 0 ? [...lines, ''] : [];
}

function realtimeLine(config: Config, url: string): string {
  if (!servesRealtime(config)) return 'not on this node (ROLE serves no clients; events go to Redis)';
  return `${url.replace(/^http/, 'ws')}/ws and ${url}/socket.io/`;
}
