/** The side menu: one entry per section, in the order operators work through them. */
import type { ParseKeys } from 'i18next';

export interface Section {
  path: string;
  /** The menu entry's catalogue key (translated when the menu renders, so it follows the language). */
  labelKey: ParseKeys;
  adminOnly?: boolean;
}

export const SECTIONS: Section[] = [
  { path: '/', labelKey: 'shell.menu.dashboard' },
  { path: '/deposits', labelKey: 'shell.menu.deposits' },
  { path: '/withdrawals', labelKey: 'shell.menu.withdrawals' },
  { path: '/users', labelKey: 'shell.menu.users' },
  { path: '/rooms', labelKey: 'shell.menu.rooms' },
  { path: '/rounds', labelKey: 'shell.menu.rounds' },
  { path: '/notifications', labelKey: 'shell.menu.notifications' },
  { path: '/support', labelKey: 'shell.menu.support' },
  { path: '/funding', labelKey: 'shell.menu.funding' },
  { path: '/ledger', labelKey: 'shell.menu.ledger' },
  { path: '/liabilities', labelKey: 'liabilities.menu' },
  { path: '/audit', labelKey: 'shell.menu.audit' },
  { path: '/referrals', labelKey: 'referral.menu' },
  { path: '/operators', labelKey: 'shell.menu.operators', adminOnly: true },
];

/** The section a location belongs to (`/users/123` -> `/users`); none for pages off the menu. */
export function sectionOf(pathname: string): string | null {
  if (pathname === '/') return '/';
  const match = SECTIONS.find(
    (section) =>
      section.path !== '/' && (pathname === section.path || pathname.startsWith(`${section.path}/`)),
  );
  return match?.path ?? null;
}
