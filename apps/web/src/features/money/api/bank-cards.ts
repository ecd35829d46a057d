/** GET /bank-cards: the user's bound cards (numbers masked). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankCardEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { moneyKeys } from '../query-keys.ts';

export const bankCardsQueryOptions = () =>
  queryOptions({
    queryKey: moneyKeys.bankCards,
    queryFn: ({ signal }) => call(bankCardEndpoints.list, { signal }),
  });

export function useBankCards() {
  return useQuery(bankCardsQueryOptions());
}
