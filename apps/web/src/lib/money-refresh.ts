/**
 * What an operation that moves money makes stale: the account (`me`: balance, withdrawable, unprocessed
 * count) and every money view of the money pages (assets, records, cards and wallets; the funding
 * methods are configuration, not affected). Shared by every feature that moves money: a recharge, a
 * withdrawal, a position placed or settled.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from './me.ts';

/** The first element of every money query key (see features/money/query-keys.ts). */
export const MONEY_QUERY_ROOT = 'money';

/** Marks the account and every money view stale; the ones on screen refetch at once. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === ME_QUERY_KEY[0] || (queryKey[0] === MONEY_QUERY_ROOT && queryKey[1] !== 'methods'),
  });
}

/**
 * The money views without the account: for an event that already carried the account's new figures
 * (a round's outcome), so the screen showing them does not ask the server again. Views on screen refetch.
 */
export function refreshMoneyViews(queryClient: QueryClient): void {
  void queryClient
    .invalidateQueries({
      predicate: ({ queryKey }) => queryKey[0] === MONEY_QUERY_ROOT && queryKey[1] !== 'methods',
    })
    .catch(() => {});
}

/** After a money operation: refresh in the background, never holding up the user's next step. */
export function refreshMoney(queryClient: QueryClient): void {
  void invalidateMoney(queryClient).catch(() => {});
}
