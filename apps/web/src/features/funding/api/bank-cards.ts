/** GET /bank-cards: the user's bound cards (numbers masked). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankCardView } from '@tradehall/contracts';
import { api } from '../../../lib/api-client.ts';
import { fundingKeys } from '../query-keys.ts';

export function fetchBankCards(signal?: AbortSignal): Promise<{ items: BankCardView[] }> {
  return api.get<{ items: BankCardView[] }>('/bank-cards', undefined, signal);
}

export const bankCardsQueryOptions = () =>
  queryOptions({
    queryKey: fundingKeys.bankCards,
    queryFn: ({ signal }) => fetchBankCards(signal),
  });

export function useBankCards() {
  return useQuery(bankCardsQueryOptions());
}
