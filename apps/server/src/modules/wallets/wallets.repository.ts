/** Crypto wallets a user withdraws to. Removal is soft, like bank cards. */
import type { Kysely } from 'kysely';
import type { DB, WalletRow, WalletTypeColumn } from '../../platform/db/schema.ts';

/** One live wallet per address and type per user (ERC20 addresses compared without case). */
export const WALLETS_ADDRESS_KEY = 'wallets_address_key';

export class WalletsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  insert(wallet: { userId: string; type: WalletTypeColumn; address: string; at: Date }): Promise<WalletRow> {
    return this.db
      .insertInto('wallets')
      .values({
        user_id: wallet.userId,
        type: wallet.type,
        address: wallet.address,
        created_at: wallet.at,
        deleted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  listLive(userId: string): Promise<WalletRow[]> {
    return this.db
      .selectFrom('wallets')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findLive(userId: string, id: string): Promise<WalletRow | undefined> {
    return this.db
      .selectFrom('wallets')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async softDelete(userId: string, id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('wallets')
      .set({ deleted_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
