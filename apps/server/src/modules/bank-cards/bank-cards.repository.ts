/** Bank cards a user withdraws to. Removal is soft (deleted_at), so past withdrawals keep their card. */

import type { Executor } from '../../platform/db/executor.ts';
import type { BankCardRow } from '../../platform/db/schema.ts';
import { PayoutDestinations } from '../payout-destinations/payout-destinations.repository.ts';

/** One live card per number per user. */
export const BANK_CARDS_NUMBER_KEY = 'bank_cards_number_key';

/** Listing, finding and removing a card are those of any payout destination; adding one is its own. */
export class BankCardsRepository extends PayoutDestinations<'bank_cards'> {
  constructor() {
    super('bank_cards');
  }

  insert(
    executor: Executor,
    card: {
      userId: string;
      bankName: string;
      accountNumber: string;
      payee: string;
      at: Date;
    },
  ): Promise<BankCardRow> {
    return executor
      .insertInto('bank_cards')
      .values({
        user_id: card.userId,
        bank_name: card.bankName,
        account_number: card.accountNumber,
        payee: card.payee,
        created_at: card.at,
        deleted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
