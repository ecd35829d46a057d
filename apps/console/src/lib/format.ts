/**
 * Time and rate display shared by every screen, in the console's language (money: the domain's
 * formatMoney, see components/money, which is dollars in every language).
 */
import { currentLanguage, LANGUAGE_TAG } from './i18n.ts';

const timeFormats = new Map<string, Intl.DateTimeFormat>();
const percentFormats = new Map<string, Intl.NumberFormat>();

function timeFormat(tag: string): Intl.DateTimeFormat {
  let format = timeFormats.get(tag);
  if (!format) {
    // Every part numeric and 24-hour: operators compare times across rows and with the audit log.
    format = new Intl.DateTimeFormat(tag, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(tag, format);
  }
  return format;
}

/** Unix seconds -> "2026/11/21 08:03:27" (中文) or "21/11/2026, 08:03:27" (English), in local time. */
export function formatTime(unixSeconds: number | null | undefined): string {
  if (unixSeconds === null || unixSeconds === undefined) return '—';
  return timeFormat(LANGUAGE_TAG[currentLanguage()]).format(new Date(unixSeconds * 1000));
}

/** Basis points -> "2.50%". */
export function formatBps(bps: number): string {
  const tag = LANGUAGE_TAG[currentLanguage()];
  let format = percentFormats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    percentFormats.set(tag, format);
  }
  return format.format(bps / 10_000);
}

/** A long hex hash shortened for a table cell (the full value stays copyable in the cell's title). */
export function shortHash(value: string | null): string {
  if (!value) return '—';
  return value.length > 20 ? `${value.slice(0, 10)}…${value.slice(-8)}` : value;
}
