/**
 * Query keys of the money pages, and what a money operation makes stale: the account (balance,
 * withdrawable, unprocessed count), the assets page, every records list, cards and wallets. The funding
 * methods are configuration, not affected by the user's operations.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '../../lib/me.ts';

export const fundingKeys = {
  methods: ['funding', 'methods'] as const,
  deposits: ['funding', 'deposits'] as const,
  deposit: (id: string) => ['funding', 'deposits', 'one', id] as const,
  withdrawals: ['funding', 'withdrawals'] as const,
  transactions: ['funding', 'transactions'] as const,
  assets: ['funding', 'assets'] as const,
  bankCards: ['funding', 'bank-cards'] as const,
  wallets: ['funding', 'wallets'] as const,
};

/** Marks the account and every money view stale; the ones on screen refetch at once. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === ME_QUERY_KEY[0] || (queryKey[0] === 'funding' && queryKey[1] !== 'methods'),
  });
}

/** After a money operation: refresh in the background, never holding up the user's next step. */
export function refreshMoney(queryClient: QueryClient): void {
  void invalidateMoney(queryClient).catch(() => {});
}
