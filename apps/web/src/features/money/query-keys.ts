/**
 * Query keys of the money pages. What a money operation makes stale (the account and every one of these
 * but the funding methods) is decided once, in lib/money-refresh.ts, for every feature that moves money.
 */
import { MONEY_QUERY_ROOT } from '../../lib/money-refresh.ts';

export { refreshMoney } from '../../lib/money-refresh.ts';

export const moneyKeys = {
  methods: [MONEY_QUERY_ROOT, 'methods'] as const,
  recharges: [MONEY_QUERY_ROOT, 'recharges'] as const,
  recharge: (id: string) => [MONEY_QUERY_ROOT, 'recharges', 'one', id] as const,
  withdrawals: [MONEY_QUERY_ROOT, 'withdrawals'] as const,
  transactions: [MONEY_QUERY_ROOT, 'transactions'] as const,
  assets: [MONEY_QUERY_ROOT, 'assets'] as const,
  bankCards: [MONEY_QUERY_ROOT, 'bank-cards'] as const,
  wallets: [MONEY_QUERY_ROOT, 'wallets'] as const,
};
