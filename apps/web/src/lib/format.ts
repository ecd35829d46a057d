/**
 * Display formatting per spec §9, thin wrappers over @tradehall/domain so every page formats alike:
 * `yyyy.MM.dd HH:mm:ss` from unix seconds, "just now" under 5 minutes, money in cents shown with `$`.
 */
import { type Cents, formatDateTime, formatMoney, nowSeconds, relativeTime } from '@tradehall/domain';
import type { TFunction } from 'i18next';

export function formatTime(unixSeconds: number): string {
  return formatDateTime(unixSeconds);
}

export function formatRelativeTime(unixSeconds: number, t: TFunction, now: number = nowSeconds()): string {
  const result = relativeTime(unixSeconds, now);
  return result.kind === 'just-now' ? t('common.justNow') : result.text;
}

export function formatCents(cents: Cents): string {
  return formatMoney(cents);
}

/** A payout multiplier kept in integer hundredths, as players read it: 196 -> "x1.96". */
export function formatMultiplier(hundredths: number): string {
  return `x${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** Basis points as a percentage with two decimals: 200 -> "2.00%". */
export function formatBps(bps: number): string {
  return `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}%`;
}

/** An exact probability out of 1,000 as a percentage with one decimal: 231 -> "23.1%". */
export function formatPerMille(count: number): string {
  return `${Math.floor(count / 10)}.${count % 10}%`;
}

/** An amount with its sign, for profit and loss: "+$12.00", "-$3.50", "$0.00". */
export function formatSignedCents(cents: Cents): string {
  return `${cents > 0 ? '+' : ''}${formatMoney(cents)}`;
}

/** A UTC date `YYYY-MM-DD` in the app's date format (spec §9: yyyy.MM.dd). */
export function formatIsoDate(isoDate: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? isoDate.replaceAll('-', '.') : isoDate;
}

/**
 * A time axis label in the app's format (spec §9: yyyy.MM.dd hh:mm:ss, 24-hour), the date over the time:
 * the same text in every language, two short lines where one long one would crowd a phone-width chart.
 */
export function formatAxisTime(unixSeconds: number): string {
  return formatDateTime(unixSeconds).replace(' ', '\n');
}
