/**
 * The console's first page: what is waiting for an operator, and how today (UTC) is going — all computed
 * from the real tables and the ledger on each request, nothing cached or estimated.
 */
import type { Dashboard } from '@tradehall/contracts';
import type { Kysely } from 'kysely';
import { type Clock, startOfUtcDay, toUnixSeconds } from '../../platform/clock.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { DepositsService } from '../deposits/deposits.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service.ts';
import type { DashboardRepository } from './dashboard.repository.ts';

export interface DashboardServiceDeps {
  db: Kysely<DB>;
  repository: DashboardRepository;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  ledger: LedgerService;
  clock: Clock;
}

export class DashboardService {
  constructor(private readonly deps: DashboardServiceDeps) {}

  async dashboard(): Promise<Dashboard> {
    const now = this.deps.clock.now();
    const today = startOfUtcDay(now);
    const [pendingDeposits, pendingWithdrawals, trading, activeUsers, audit] = await Promise.all([
      this.deps.deposits.pendingCount(),
      this.deps.withdrawals.pendingCount(),
      this.deps.ledger.tradingSince(today),
      this.deps.repository.activeUsersSince(this.deps.db, today),
      this.deps.ledger.audit(),
    ]);
    return {
      pendingDeposits,
      pendingWithdrawals,
      todayVolume: trading.volume,
      activeUsers,
      houseProfitToday: trading.houseProfit,
      ledgerOk: audit.ok,
      checkedAt: toUnixSeconds(now),
    };
  }
}
