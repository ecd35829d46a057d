/** Bank cards a user withdraws to. Removal is soft (deleted_at), so past withdrawals keep their card. */
import type { Kysely } from 'kysely';
import type { BankCardRow, DB } from '../../platform/db/schema.ts';

/** One live card per number per user. */
export const BANK_CARDS_NUMBER_KEY = 'bank_cards_number_key';

export class BankCardsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  insert(card: {
    userId: string;
    bankName: string;
    accountNumber: string;
    payee: string;
    at: Date;
  }): Promise<BankCardRow> {
    return this.db
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

  listLive(userId: string): Promise<BankCardRow[]> {
    return this.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The user's own live card, or undefined (someone else's card is indistinguishable from none). */
  findLive(userId: string, id: string): Promise<BankCardRow | undefined> {
    return this.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async softDelete(userId: string, id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('bank_cards')
      .set({ deleted_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
