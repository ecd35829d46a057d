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
