/** The side menu: one entry per section, in the order operators work through them. */
import { shellStrings } from './strings.ts';

export interface Section {
  path: string;
  label: string;
  adminOnly?: boolean;
}

const m = shellStrings.menu;

export const SECTIONS: Section[] = [
  { path: '/', label: m.dashboard },
  { path: '/deposits', label: m.deposits },
  { path: '/withdrawals', label: m.withdrawals },
  { path: '/users', label: m.users },
  { path: '/rooms', label: m.rooms },
  { path: '/rounds', label: m.rounds },
  { path: '/notifications', label: m.notifications },
  { path: '/support', label: m.support },
  { path: '/funding', label: m.funding },
  { path: '/ledger', label: m.ledger },
  { path: '/audit', label: m.audit },
  { path: '/operators', label: m.operators, adminOnly: true },
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
