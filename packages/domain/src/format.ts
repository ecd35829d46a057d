/**
 * Time formatting per spec §9: timestamps are unix seconds on the wire (multiplied by 1000 for display),
 * shown as `yyyy.MM.dd HH:mm:ss`; under 5 minutes ago shows "just now".
 */
import { JUST_NOW_SECONDS, TIME_FORMAT } from './constants.ts';

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/**
 * Formats unix seconds with a pattern of yyyy, MM, dd, HH, hh (both 24-hour, as the spec's default
 * "hh" is read as a 24-hour clock), mm, ss. Local time of the viewer unless `timeZone` is 'UTC'.
 */
export function formatDateTime(unixSeconds: number, pattern: string = TIME_FORMAT, timeZone?: 'UTC'): string {
  const date = new Date(unixSeconds * 1000);
  const utc = timeZone === 'UTC';
  const parts: Record<string, string> = {
    yyyy: pad(utc ? date.getUTCFullYear() : date.getFullYear(), 4),
    MM: pad((utc ? date.getUTCMonth() : date.getMonth()) + 1),
    dd: pad(utc ? date.getUTCDate() : date.getDate()),
    HH: pad(utc ? date.getUTCHours() : date.getHours()),
    hh: pad(utc ? date.getUTCHours() : date.getHours()),
    mm: pad(utc ? date.getUTCMinutes() : date.getMinutes()),
    ss: pad(utc ? date.getUTCSeconds() : date.getSeconds()),
  };
  return pattern.replace(/yyyy|MM|dd|HH|hh|mm|ss/g, (token) => parts[token] ?? token);
}

export type RelativeTime = { kind: 'just-now' } | { kind: 'absolute'; text: string };

/** "just now" (as a token the UI translates) under 5 minutes, otherwise the formatted date. */
export function relativeTime(unixSeconds: number, nowSeconds: number, timeZone?: 'UTC'): RelativeTime {
  const age = nowSeconds - unixSeconds;
  if (age >= 0 && age < JUST_NOW_SECONDS) return { kind: 'just-now' };
  return { kind: 'absolute', text: formatDateTime(unixSeconds, TIME_FORMAT, timeZone) };
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
