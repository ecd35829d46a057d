/**
 * Query keys of the money pages. What a money operation makes stale (the account and every one of these
 * but the funding methods) is decided once, in lib/money-refresh.ts, for every feature that moves money.
 */
import { FUNDING_QUERY_ROOT } from '../../lib/money-refresh.ts';

export { refreshMoney } from '../../lib/money-refresh.ts';

export const fundingKeys = {
  methods: [FUNDING_QUERY_ROOT, 'methods'] as const,
  deposits: [FUNDING_QUERY_ROOT, 'deposits'] as const,
  deposit: (id: string) => [FUNDING_QUERY_ROOT, 'deposits', 'one', id] as const,
  withdrawals: [FUNDING_QUERY_ROOT, 'withdrawals'] as const,
  transactions: [FUNDING_QUERY_ROOT, 'transactions'] as const,
  assets: [FUNDING_QUERY_ROOT, 'assets'] as const,
  bankCards: [FUNDING_QUERY_ROOT, 'bank-cards'] as const,
  wallets: [FUNDING_QUERY_ROOT, 'wallets'] as const,
};
