/**
 * Bank cards: the card must belong to the account holder, so the payee must be the user's real name
 * (set once, before the first card). Numbers are stored normalised (digits only) and shown masked.
 */
import type { BankCardView, CreateBankCardRequest } from '@tradehall/contracts';
import { maskAccountNumber, normalizeAccountNumber, sameName } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import { type Clock, toUnixSeconds } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import type { BankCardRow, DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccountStore } from '../accounts/accounts.service.ts';
import { BANK_CARDS_NUMBER_KEY, type BankCardsRepository } from './bank-cards.repository.ts';

/** A user's live bank cards, for the payouts that go to one. */
export type LiveBankCards = Pick<BankCardsRepository, 'findLive'>;

export interface BankCardsServiceDeps {
  db: Kysely<DB>;
  repository: BankCardsRepository;
  accounts: AccountStore;
  clock: Clock;
}

export class BankCardsService {
  constructor(private readonly deps: BankCardsServiceDeps) {}

  async list(userId: string): Promise<{ items: BankCardView[] }> {
    return { items: (await this.deps.repository.listLive(this.deps.db, userId)).map(toBankCardView) };
  }

  async add(userId: string, input: CreateBankCardRequest): Promise<BankCardView> {
    const user = await this.deps.accounts.findById(this.deps.db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!user.real_name) throw new AppError('REAL_NAME_REQUIRED');
    if (!sameName(input.payee, user.real_name)) throw new AppError('PAYEE_MISMATCH');
    try {
      const row = await this.deps.repository.insert(this.deps.db, {
        userId,
        bankName: input.bankName,
        accountNumber: normalizeAccountNumber(input.accountNumber),
        // The holder's name as on record: "li  wei" matched "Li Wei", and "Li Wei" is what is stored.
        payee: user.real_name,
        at: this.deps.clock.now(),
      });
      return toBankCardView(row);
    } catch (error) {
      if (isUniqueViolation(error, BANK_CARDS_NUMBER_KEY)) throw new AppError('CARD_DUPLICATE');
      throw error;
    }
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repository.softDelete(this.deps.db, userId, id, this.deps.clock.now())))
      throw new AppError('NOT_FOUND');
  }
}

/** "HSBC **** 7890": how a card is named in lists and on a withdrawal. */
export function bankCardLabel(row: BankCardRow): string {
  return `${row.bank_name} ${maskAccountNumber(row.account_number)}`;
}

function toBankCardView(row: BankCardRow): BankCardView {
  return {
    id: row.id,
    bankName: row.bank_name,
    maskedNumber: maskAccountNumber(row.account_number),
    payee: row.payee,
    createdAt: toUnixSeconds(row.created_at),
  };
}
