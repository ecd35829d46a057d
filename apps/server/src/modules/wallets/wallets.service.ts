/** Wallets: the address must be valid for its type (TRC20 base58check, ERC20 0x + 40 hex). */
import type { CreateWalletRequest, WalletView } from '@tradehall/contracts';
import { checkWalletAddress, maskAddress } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import type { DB, WalletRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { WALLETS_ADDRESS_KEY, type WalletsRepository } from './wallets.repository.ts';

/** A user's live wallets, for the payouts that go to one. */
export type LiveWallets = Pick<WalletsRepository, 'findLive'>;

export interface WalletsServiceDeps {
  db: Kysely<DB>;
  repository: WalletsRepository;
  clock: Clock;
}

export class WalletsService {
  constructor(private readonly deps: WalletsServiceDeps) {}

  async list(userId: string): Promise<{ items: WalletView[] }> {
    return { items: (await this.deps.repository.listLive(this.deps.db, userId)).map(toWalletView) };
  }

  async add(userId: string, input: CreateWalletRequest): Promise<WalletView> {
    const key = checkWalletAddress(input.type, input.address);
    if (key) throw new AppError('VALIDATION_FAILED', { details: [{ path: 'address', key }] });
    try {
      const row = await this.deps.repository.insert(this.deps.db, {
        userId,
        type: input.type,
        address: input.address.trim(),
        at: this.deps.clock.now(),
      });
      return toWalletView(row);
    } catch (error) {
      if (isUniqueViolation(error, WALLETS_ADDRESS_KEY)) throw new AppError('WALLET_DUPLICATE');
      throw error;
    }
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repository.softDelete(this.deps.db, userId, id, this.deps.clock.now())))
      throw new AppError('NOT_FOUND');
  }
}

/** "USDT-TRC20 TR7NHq…gjLj6t": how a wallet is named on a withdrawal. */
export function walletLabel(row: WalletRow): string {
  return `${row.type} ${maskAddress(row.address)}`;
}

function toWalletView(row: WalletRow): WalletView {
  return {
    id: row.id,
    type: row.type,
    address: row.address,
    maskedAddress: maskAddress(row.address),
    createdAt: toUnixSeconds(row.created_at),
  };
}
