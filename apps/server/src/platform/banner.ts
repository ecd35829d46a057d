/** The start-up banner: where the app, console, docs and realtime are, and what to be careful about. */
import { type Config, servesRealtime } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './mailer.ts';
import { DEMO } from './seed.ts';
import type { StaticSites } from './static-files.ts';

function baseUrl(config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

export function banner(
  config: Config,
  database: Database,
  sites: StaticSites,
  mailer: Mailer,
  ms: number,
): string {
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
    '',
    `  Demo account:     ${DEMO.user.account} / ${DEMO.user.password}`,
    `  Invitation code:  ${DEMO.user.invitationCode}`,
    `  Operator:         ${DEMO.operator.account} / ${DEMO.operator.password}   (console login)`,
    '',
  ];
  if (config.testMode)
    lines.splice(2, 0, '  TEST MODE: captcha answers are exposed in a response header', '');
  if (config.funding.webhookSecretIsDefault) {
    lines.push(
      '  WARNING: PAYMENT_WEBHOOK_SECRET is not set; the card gateway webhook uses the public development',
      '           secret. Set it to a long random value before taking real payments.',
      '',
    );
  }
  return lines.join('\n');
}

function realtimeLine(config: Config, url: string): string {
  if (!servesRealtime(config)) return 'not on this node (ROLE serves no clients; events go to Redis)';
  return `${url.replace(/^http/, 'ws')}/ws and ${url}/socket.io/`;
}
