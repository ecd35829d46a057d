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

export interface AccessLogOptions {
  /** One ordinary answer in this many is logged (1 = every one). */
  sampleEvery: number;
  /** An answer slower than this is always logged. */
  slowMs: number;
}

export interface AccessLogEntry {
  method: string;
  url: string;
  status: number;
  ms: number;
}

/**
 * The access log: every error answer (4xx at info, 5xx at warn) and every slow one, and one in
 * `sampleEvery` of the rest, with how many it stands for (`sampled`). A line per request was about 15%
 * of the server's time per request at the bars' rates; what it told — that ordinary requests were answered
 * — the sample and the metrics still tell.
 */
/** What the access log needs of a logger (a request's child logger or pino itself). */
export interface AccessLogger {
  info(entry: object, message: string): void;
  warn(entry: object, message: string): void;
}

export function accessLog(options: AccessLogOptions): (logger: AccessLogger, entry: AccessLogEntry) => void {
  const every = Math.max(1, Math.floor(options.sampleEvery));
  let skipped = 0;
  return (logger, entry) => {
    if (entry.status >= 500) {
      logger.warn(entry, 'request');
      return;
    }
    if (entry.status >= 400 || entry.ms >= options.slowMs) {
      logger.info(entry, 'request');
      return;
    }
    skipped += 1;
    if (skipped < every) return;
    skipped = 0;
    logger.info({ ...entry, sampled: every }, 'request');
  };
}
