/**
 * Business days for referral rewards: a day runs from the boundary (minutes after midnight UTC, 0 by
 * default) to the next one, and is named by the UTC date it starts on ('YYYY-MM-DD').
 */
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const MINUTES_PER_DAY = 1_440;

function checkBoundary(boundaryMinutes: number): void {
  if (!Number.isInteger(boundaryMinutes) || boundaryMinutes < 0 || boundaryMinutes >= MINUTES_PER_DAY)
    throw new RangeError(`bad day boundary ${boundaryMinutes}`);
}

/** The business day an instant falls in. */
export function businessDay(at: Date, boundaryMinutes = 0): string {
  checkBoundary(boundaryMinutes);
  return new Date(at.getTime() - boundaryMinutes * MINUTE_MS).toISOString().slice(0, 10);
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start)) throw new RangeError(`bad day ${day}`);
  return new Date(start + days * DAY_MS).toISOString().slice(0, 10);
}

/** When a business day starts. */
export function businessDayStart(day: string, boundaryMinutes = 0): Date {
  checkBoundary(boundaryMinutes);
  return new Date(Date.parse(`${addDays(day, 0)}T00:00:00.000Z`) + boundaryMinutes * MINUTE_MS);
}
