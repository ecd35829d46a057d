/** The five tabs of spec §2, in order, with the routes they own. */
import type { ReactNode } from 'react';
import {
  HOME_ALIAS_PATH,
  HOME_PATH,
  MY_ACCOUNT_PATH,
  RECHARGE_PATH,
  SUPPORT_PATH,
  TRENDS_PATH,
} from '../../lib/paths.ts';

export interface TabDefinition {
  id: 'home' | 'investment' | 'recharge' | 'kefu' | 'mine';
  path: string;
  /** Other routes that show this tab as selected. */
  aliases: readonly string[];
  labelKey: `tabs.${'home' | 'investment' | 'recharge' | 'kefu' | 'mine'}`;
  icon: ReactNode;
}

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const TABS: readonly TabDefinition[] = [
  {
    id: 'home',
    path: HOME_PATH,
    aliases: [HOME_ALIAS_PATH],
    labelKey: 'tabs.home',
    icon: <path {...stroke} d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />,
  },
  {
    id: 'investment',
    path: TRENDS_PATH,
    aliases: [],
    labelKey: 'tabs.investment',
    icon: <path {...stroke} d="M3 20h18M5 16l4-5 4 3 6-8" />,
  },
  {
    id: 'recharge',
    path: RECHARGE_PATH,
    aliases: [],
    labelKey: 'tabs.recharge',
    icon: <path {...stroke} d="M3 7h18v12H3zM3 11h18M12 3v4M16 15h2" />,
  },
  {
    id: 'kefu',
    path: SUPPORT_PATH,
    aliases: [],
    labelKey: 'tabs.kefu',
    icon: (
      <path
        {...stroke}
        d="M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1zM17 19a4 4 0 0 1-4 2"
      />
    ),
  },
  {
    id: 'mine',
    path: MY_ACCOUNT_PATH,
    aliases: [],
    labelKey: 'tabs.mine',
    icon: <path {...stroke} d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" />,
  },
];

export function tabForPath(pathname: string): TabDefinition | undefined {
  return TABS.find((tab) => tab.path === pathname || tab.aliases.includes(pathname));
}
