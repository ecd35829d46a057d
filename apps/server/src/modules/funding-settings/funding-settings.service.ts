/**
 * Funding methods: what the top-up pages offer (receiving bank accounts, deposit addresses per network,
 * whether card payment is on) from the operator's settings, plus the limits from configuration.
 */
import {
  type FundingMethodsResponse,
  type FundingSettings,
  type FundingSettingsResponse,
  fundingSettingsSchema,
} from '@tradehall/contracts';
import { CURRENCY_CODE, checkWalletAddress, normalizeAccountNumber } from '@tradehall/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { FundingConfig } from '../../platform/config.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError, type ErrorDetailKey } from '../../platform/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { FundingSettingsRepository } from './funding-settings.repository.ts';

export interface FundingSettingsServiceDeps {
  repository: FundingSettingsRepository;
  limits: FundingConfig;
  /** The card gateway, null when none is configured (card payment is then off whatever is stored). */
  cardProvider: Pick<PaymentProvider, 'name' | 'testPayments'> | null;
  clock: Clock;
  db: Kysely<DB>;
  audit: AuditService;
}

export class FundingSettingsService {
  constructor(private readonly deps: FundingSettingsServiceDeps) {}

  /** The stored settings; they were validated on the way in, and are parsed again on the way out. */
  async settings(executor?: Executor): Promise<FundingSettings> {
    return fundingSettingsSchema.parse(await this.deps.repository.get(executor ?? this.deps.db));
  }

  /** The settings with the card gateway they apply to, as the console shows them. */
  async adminView(settings?: FundingSettings): Promise<FundingSettingsResponse> {
    return {
      ...(settings ?? (await this.settings())),
      cardProvider: {
        name: this.deps.cardProvider?.name ?? 'none',
        testPayments: this.deps.cardProvider?.testPayments ?? false,
      },
    };
  }

  async methods(): Promise<FundingMethodsResponse> {
    const settings = await this.settings();
    return {
      currency: CURRENCY_CODE,
      bankAccounts: settings.bankAccounts,
      cryptoNetworks: settings.cryptoNetworks,
      cardPayment: {
        available: this.deps.cardProvider !== null && settings.cardPaymentEnabled,
        provider: this.deps.cardProvider?.name ?? 'none',
        testPayments: this.deps.cardProvider?.testPayments ?? false,
      },
      minimumDeposit: this.deps.limits.minDepositCents,
      maximumDeposit: this.deps.limits.maxDepositCents,
      minimumWithdrawal: this.deps.limits.minWithdrawalCents,
      maximumWithdrawal: this.deps.limits.maxWithdrawalCents,
      withdrawalsPerDay: this.deps.limits.withdrawalsPerDay,
    };
  }

  /**
   * Replaces the settings. Deposit addresses must be valid for their network; ids and networks unique.
   * `stepUp` (the admin's current two-factor code) runs once the input is known to be valid, so a typo
   * in an address does not use up the code. The change and its audit entry (before and after) commit
   * together.
   */
  async update(
    operatorId: string,
    input: FundingSettings,
    stepUp: () => Promise<void>,
  ): Promise<FundingSettings> {
    const details: ErrorDetailKey[] = [];
    const seenIds = new Set<string>();
    input.bankAccounts.forEach((account, index) => {
      if (seenIds.has(account.id))
        details.push({ path: `bankAccounts.${index}.id`, key: 'validation.invalidValue' });
      seenIds.add(account.id);
    });
    const seenNetworks = new Set<string>();
    input.cryptoNetworks.forEach((entry, index) => {
      const key = checkWalletAddress(entry.network, entry.address);
      if (key) details.push({ path: `cryptoNetworks.${index}.address`, key });
      if (seenNetworks.has(entry.network)) {
        details.push({ path: `cryptoNetworks.${index}.network`, key: 'validation.invalidValue' });
      }
      seenNetworks.add(entry.network);
    });
    if (details.length > 0) throw new AppError('VALIDATION_FAILED', { details });
    await stepUp();
    const settings: FundingSettings = {
      bankAccounts: input.bankAccounts.map((account) => ({
        ...account,
        accountNumber: normalizeAccountNumber(account.accountNumber),
      })),
      cryptoNetworks: input.cryptoNetworks.map((entry) => ({ ...entry, address: entry.address.trim() })),
      cardPaymentEnabled: input.cardPaymentEnabled,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.deps.repository.getForUpdate(trx);
      await this.deps.repository.put(trx, settings, this.deps.clock.now());
      await this.deps.audit.record(
        {
          operatorId,
          action: 'funding.update',
          targetType: 'funding_settings',
          targetId: null,
          before,
          after: settings,
        },
        trx,
      );
    });
    return settings;
  }
}
