/** Crypto wallets a user withdraws to. Removal is soft, like bank cards. */

import type { Executor } from '../../platform/db/executor.ts';
import type { WalletRow, WalletTypeColumn } from '../../platform/db/schema.ts';
import { PayoutDestinations } from '../payout-destinations/payout-destinations.repository.ts';

/** One live wallet per address and type per user (ERC20 addresses compared without case). */
export const WALLETS_ADDRESS_KEY = 'wallets_address_key';

/** Listing, finding and removing a wallet are those of any payout destination; adding one is its own. */
export class WalletsRepository extends PayoutDestinations<'wallets'> {
  constructor() {
    super('wallets');
  }

  insert(
    executor: Executor,
    wallet: { userId: string; type: WalletTypeColumn; address: string; at: Date },
  ): Promise<WalletRow> {
    return executor
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
}
