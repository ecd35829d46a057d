/**
 * A wait in whole seconds as people read it, at most two units, rounded down: "45 s", "12 min",
 * "3 h 5 min", "2 d 4 h". Shared by the public withdrawal figures and the withdrawal records.
 */
import type { TFunction } from 'i18next';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function formatWait(seconds: number, t: TFunction): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < MINUTE) return t('withdrawalStats.duration.seconds', { s: whole });
  if (whole < HOUR) return t('withdrawalStats.duration.minutes', { m: Math.floor(whole / MINUTE) });
  if (whole < DAY) {
    return t('withdrawalStats.duration.hours', {
      h: Math.floor(whole / HOUR),
      m: Math.floor((whole % HOUR) / MINUTE),
    });
  }
  return t('withdrawalStats.duration.days', {
    d: Math.floor(whole / DAY),
    h: Math.floor((whole % DAY) / HOUR),
  });
}

/** A share 0..1 as a percentage with one decimal: 0.25 -> "25.0%". */
export function formatShare(share: number): string {
  return `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}
