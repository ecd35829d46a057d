/**
 * The one normal form of an account name for lookups, lockout counters and resend timers: trimmed and
 * lower-cased, so `Alice`, ` alice` and `ALICE` are the same account everywhere.
 */
export function accountKey(account: string): string {
  return account.trim().toLowerCase();
}
