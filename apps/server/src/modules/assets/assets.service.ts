/**
 * The assets page and the money figures of My account, read from one consistent snapshot: the
 * materialised balance, what of it is withdrawable, what pending withdrawals hold, totals in and out,
 * and how many deposits and withdrawals are still waiting for an operator.
 */
import type { AssetsResponse } from '@tradehall/contracts';
import { CURRENCY_CODE, withdrawableAmount } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import type { FundingConfig } from '../../platform/config.ts';
import { KeyedReadBatcher } from '../../platform/db/keyed-read-batcher.ts';
import type { DB, MeUserRow } from '../../platform/db/schema.ts';
import type { MoneySummary } from '../accounts/accounts.service.ts';
import type { DepositFigures } from '../deposits/deposits.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { WithdrawalFigures } from '../withdrawals/withdrawals.service.ts';
import { AssetsRepository, type MoneyFiguresRow } from './assets.repository.ts';

/** What is still to be staked before every deposit is withdrawable (as withdrawableAmount counts it). */
function stakesOwed(totalDeposited: number, totalStaked: number, multiplier: number): number {
  return Math.max(0, Math.ceil(totalDeposited * multiplier) - totalStaked);
}

export interface AssetsServiceDeps {
  db: Kysely<DB>;
  ledger: LedgerService;
  deposits: DepositFigures;
  withdrawals: WithdrawalFigures;
  limits: Pick<FundingConfig, 'turnoverMultiplier'>;
  figures?: AssetsRepository;
}

/**
 * My account is read by every signed-in screen: concurrent reads go to the database together, a batch
 * of at most 100 users per statement, two statements at once (two of the pool's connections).
 */
const ME_BATCH_LIMITS = { inFlight: 2, size: 100 };

export class AssetsService {
  readonly #figures: AssetsRepository;
  readonly #userFigures: KeyedReadBatcher<{ user: MeUserRow; figures: MoneyFiguresRow }>;

  constructor(private readonly deps: AssetsServiceDeps) {
    const figures = deps.figures ?? new AssetsRepository();
    this.#figures = figures;
    this.#userFigures = new KeyedReadBatcher(
      (userIds) => figures.usersWithMoneyFigures(deps.db, userIds),
      ME_BATCH_LIMITS,
    );
  }

  assets(userId: string): Promise<AssetsResponse> {
    return this.deps.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const account = await this.deps.ledger.userAccountFigures(trx, userId);
        const deposits = await this.deps.deposits.summary(trx, userId);
        const withdrawals = await this.deps.withdrawals.summary(trx, userId);
        return {
          currency: CURRENCY_CODE,
          balance: account.balance,
          withdrawable: withdrawableAmount({
            balance: account.balance,
            totalDeposited: account.totalDeposited,
            totalStaked: account.totalStaked,
            turnoverMultiplier: this.deps.limits.turnoverMultiplier,
          }),
          held: withdrawals.heldTotal,
          totalDeposited: deposits.approvedTotal,
          totalWithdrawn: withdrawals.paidTotal,
          pendingDeposits: deposits.pending,
          pendingWithdrawals: withdrawals.pending,
          turnover: {
            multiplier: this.deps.limits.turnoverMultiplier,
            totalDeposited: account.totalDeposited,
            totalStaked: account.totalStaked,
            stakesOwed: stakesOwed(
              account.totalDeposited,
              account.totalStaked,
              this.deps.limits.turnoverMultiplier,
            ),
          },
        };
      });
  }

  /** My account's figures in ONE statement (one snapshot), none of them summed from history. */
  async summary(userId: string): Promise<MoneySummary> {
    const row = await this.#figures.moneyFigures(this.deps.db, userId);
    if (!row) throw new Error(`user ${userId} has no cash account`);
    return this.toSummary(row);
  }

  /**
   * The user's row with their money summary, in one statement (shared with the users asking at the same
   * moment); undefined when there is no such user.
   */
  async userWithSummary(userId: string): Promise<{ user: MeUserRow; money: MoneySummary } | undefined> {
    const row = await this.#userFigures.load(userId);
    return row && { user: row.user, money: this.toSummary(row.figures) };
  }

  private toSummary(row: MoneyFiguresRow): MoneySummary {
    return {
      balance: row.balance,
      withdrawable: withdrawableAmount({
        balance: row.balance,
        totalDeposited: row.totalDeposited,
        totalStaked: row.totalStaked,
        turnoverMultiplier: this.deps.limits.turnoverMultiplier,
      }),
      unprocessedCount: row.pendingDeposits + row.pendingWithdrawals,
    };
  }
}
