/** pino, JSON lines on stdout; the level comes from LOG_LEVEL. Secrets never reach a log line. */
import { type Logger, pino } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

export function createLogger(level: LogLevel): Logger {
  return pino({
    level,
    base: { service: 'tradehall' },
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.token'],
      censor: '[redacted]',
    },
  });
}
