/**
 * Which running break's end the player has already been shown in this tab (its end, as text): the login
 * page shows it once the password is proved, and the notice after sign-in then does not show it again.
 * Kept in sessionStorage; signing out forgets it.
 */
const KEY = 'tradehall.playLimits.breakSeen';

export function breakSeen(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setBreakSeen(endsAt: number | null): void {
  try {
    if (endsAt === null) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, String(endsAt));
  } catch {
    // Without storage the notice shows on each load.
  }
}
