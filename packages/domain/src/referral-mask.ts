/** How a referrer sees the accounts of the people they invited. */

/** "alice2026" -> "al*****26": enough for its owner's inviter to recognise, not to log in with. */
export function maskAccount(account: string): string {
  const chars = [...account];
  if (chars.length <= 2) return `${chars[0] ?? ''}*`;
  const keep = chars.length <= 5 ? 1 : 2;
  return `${chars.slice(0, keep).join('')}${'*'.repeat(chars.length - 2 * keep)}${chars.slice(-keep).join('')}`;
}
