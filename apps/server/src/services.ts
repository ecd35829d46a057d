/**
 * Wires repositories into services. Used by main.ts and by the test harness, so both run exactly the
 * same composition; only the platform parts (database, clock, mailer...) differ.
 */
import { AccountsRepository } from './modules/accounts/accounts.repository.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { AdminAuthRepository } from './modules/admin-auth/admin-auth.repository.ts';
import { AdminAuthService } from './modules/admin-auth/admin-auth.service.ts';
import { OperatorsService } from './modules/admin-auth/operators.service.ts';
import { DashboardRepository } from './modules/admin-dashboard/dashboard.repository.ts';
import { DashboardService } from './modules/admin-dashboard/dashboard.service.ts';
import { AdminRoomsService } from './modules/admin-rooms/admin-rooms.service.ts';
import { AdminUsersRepository } from './modules/admin-users/admin-users.repository.ts';
import { AdminUsersService } from './modules/admin-users/admin-users.service.ts';
import { BalanceAdjustmentsService } from './modules/admin-users/balance-adjustments.service.ts';
import { AppService } from './modules/app/app.service.ts';
import { RemoteConfigService } from './modules/app/remote-config.service.ts';
import { AssetsService } from './modules/assets/assets.service.ts';
import { AttemptThrottleRepository } from './modules/attempt-throttle/attempt-throttle.repository.ts';
import { AttemptThrottleService } from './modules/attempt-throttle/attempt-throttle.service.ts';
import { AuditRepository } from './modules/audit/audit.repository.ts';
import { AuditService } from './modules/audit/audit.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { CaptchaRepository } from './modules/auth/captcha.repository.ts';
import { CaptchaService } from './modules/auth/captcha.service.ts';
import { CredentialCheckService } from './modules/auth/credential-check.service.ts';
import { PasswordResetRepository } from './modules/auth/password-reset.repository.ts';
import { PasswordResetService } from './modules/auth/password-reset.service.ts';
import { SessionsRepository } from './modules/auth/sessions.repository.ts';
import { SessionsService } from './modules/auth/sessions.service.ts';
import { BankCardsRepository } from './modules/bank-cards/bank-cards.repository.ts';
import { BankCardsService } from './modules/bank-cards/bank-cards.service.ts';
import { BeaconClient } from './modules/beacon/beacon-client.ts';
import { DepositsRepository } from './modules/deposits/deposits.repository.ts';
import { DepositsService } from './modules/deposits/deposits.service.ts';
import { PaymentEventsRepository } from './modules/deposits/payment-events.repository.ts';
import { FairnessService } from './modules/fairness/fairness.service.ts';
import { FairnessChainsRepository } from './modules/fairness/fairness-chains.repository.ts';
import { FairnessChainsService } from './modules/fairness/fairness-chains.service.ts';
import { FairnessProofsRepository } from './modules/fairness/fairness-proofs.repository.ts';
import { FundingSettingsRepository } from './modules/funding-settings/funding-settings.repository.ts';
import { FundingSettingsService } from './modules/funding-settings/funding-settings.service.ts';
import { IdempotencyRepository } from './modules/idempotency/idempotency.repository.ts';
import { IdempotencyService } from './modules/idempotency/idempotency.service.ts';
import { LedgerRepository } from './modules/ledger/ledger.repository.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';
import { MoneyOperationsService } from './modules/ledger/money-operations.service.ts';
import { LiabilitiesRepository } from './modules/liabilities/liabilities.repository.ts';
import { LiabilitiesService } from './modules/liabilities/liabilities.service.ts';
import { MarketService } from './modules/market/market.service.ts';
import { NotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import { SandboxCheckoutsRepository } from './modules/payments/sandbox/sandbox-checkouts.repository.ts';
import { SandboxGateway } from './modules/payments/sandbox/sandbox-gateway.ts';
import { SandboxPaymentProvider } from './modules/payments/sandbox/sandbox-provider.ts';
import { PlayLimitsRepository } from './modules/play-limits/play-limits.repository.ts';
import { PlayLimitsService } from './modules/play-limits/play-limits.service.ts';
import { PositionProofsRepository } from './modules/position-proofs/position-proofs.repository.ts';
import { PositionProofsService } from './modules/position-proofs/position-proofs.service.ts';
import { PositionsRepository } from './modules/positions/positions.repository.ts';
import { PositionsService } from './modules/positions/positions.service.ts';
import { ReferralPaymentsService } from './modules/referrals/referral-payments.service.ts';
import { ReferralsRepository } from './modules/referrals/referrals.repository.ts';
import { ReferralsService } from './modules/referrals/referrals.service.ts';
import { RoomsRepository } from './modules/rounds/rooms.repository.ts';
import { RoomsService } from './modules/rounds/rooms.service.ts';
import { RoundEngine } from './modules/rounds/round-engine.ts';
import { RoundEventsPublisher, refreshOnRoundEvents } from './modules/rounds/round-events.ts';
import { RoundsRepository } from './modules/rounds/rounds.repository.ts';
import { SettlementService } from './modules/rounds/settlement.service.ts';
import { TrendsRepository } from './modules/rounds/trends.repository.ts';
import { TrendsService } from './modules/rounds/trends.service.ts';
import { SupportRepository } from './modules/support/support.repository.ts';
import { SupportService } from './modules/support/support.service.ts';
import { UploadsRepository } from './modules/uploads/uploads.repository.ts';
import { UploadsService } from './modules/uploads/uploads.service.ts';
import { WalletsRepository } from './modules/wallets/wallets.repository.ts';
import { WalletsService } from './modules/wallets/wallets.service.ts';
import { WithdrawalStatsRepository } from './modules/withdrawals/withdrawal-stats.repository.ts';
import { WithdrawalStatsService } from './modules/withdrawals/withdrawal-stats.service.ts';
import { WithdrawalsRepository } from './modules/withdrawals/withdrawals.repository.ts';
import { WithdrawalsService } from './modules/withdrawals/withdrawals.service.ts';
import type { Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import { DomainEvents } from './platform/events.ts';
import type { Logger } from './platform/logger.ts';
import type { Mailer } from './platform/mailer.ts';
import type { PasswordHasher } from './platform/password-hasher.ts';

export interface Platform {
  config: Config;
  database: Database;
  clock: Clock;
  hasher: PasswordHasher;
  mailer: Mailer;
  logger: Logger;
}

export interface Services {
  app: AppService;
  /** The published remote config (server lines), served from memory. */
  remoteConfig: RemoteConfigService;
  captcha: CaptchaService;
  sessions: SessionsService;
  auth: AuthService;
  passwordReset: PasswordResetService;
  accounts: AccountsService;
  adminAuth: AdminAuthService;
  operators: OperatorsService;
  ledger: LedgerService;
  fundingSettings: FundingSettingsService;
  uploads: UploadsService;
  deposits: DepositsService;
  /** Null when no card gateway is configured. */
  cardProvider: PaymentProvider | null;
  sandboxGateway: SandboxGateway | null;
  bankCards: BankCardsService;
  wallets: WalletsService;
  withdrawals: WithdrawalsService;
  /** Withdrawals in the open: the public queue figures and a user's place in the queue. */
  withdrawalStats: WithdrawalStatsService;
  assets: AssetsService;
  rooms: RoomsService;
  positions: PositionsService;
  market: MarketService;
  /** The trend tables of each room. */
  trends: TrendsService;
  fairness: FairnessService;
  positionProofs: PositionProofsService;
  /** Advances every room's rounds by the clock; the scheduler calls tick(), tests call it directly. */
  roundEngine: RoundEngine;
  settlement: SettlementService;
  /** What happened, for the realtime gateway. */
  events: DomainEvents;
  /** Every operator action, recorded. */
  audit: AuditService;
  notifications: NotificationsService;
  /** Customer service: users' conversations with the operators. */
  support: SupportService;
  /** The console: dashboard, users, balance adjustments, rooms, rounds and chains. */
  dashboard: DashboardService;
  adminUsers: AdminUsersService;
  balanceAdjustments: BalanceAdjustmentsService;
  adminRooms: AdminRoomsService;
  /** A player's own limits, breaks and reality check. */
  playLimits: PlayLimitsService;
  /** The proof of liabilities: signed snapshots, users' proofs, stated reserves. */
  liabilities: LiabilitiesService;
  /** Referral rewards: the team page, the console's programme and trees, and the daily payment. */
  referrals: ReferralsService;
  referralPayments: ReferralPaymentsService;
}

/** Fairness v2's beacon, or null for scheme v1 (FAIRNESS_BEACON=none). */
function beaconClient(fairness: Config['trading']['fairness'], logger: Logger): BeaconClient | null {
  if (fairness.beacon === 'none') return null;
  return new BeaconClient(
    {
      kind: fairness.beacon,
      urls: fairness.urls,
      chainHash: fairness.chainHash,
      publicKey: fairness.publicKey,
      genesis: fairness.genesis,
      period: fairness.periodSeconds,
    },
    logger,
  );
}

export function createServices(platform: Platform): Services {
  const { config, database, clock, hasher, mailer, logger } = platform;
  const db = database.kysely;
  const ledger = new LedgerService({ db, repository: new LedgerRepository(), clock });
  const accountsRepository = new AccountsRepository((trx, userId) => ledger.openUserAccount(trx, userId));
  const events = new DomainEvents(logger);
  const audit = new AuditService({ db, repository: new AuditRepository(), clock });
  const playLimits = new PlayLimitsService({ db, repository: new PlayLimitsRepository(), audit, clock });

  const sessionsRepository = new SessionsRepository();
  const captcha = new CaptchaService({
    db,
    repository: new CaptchaRepository(),
    clock,
    ttlSeconds: config.auth.captchaTtlSeconds,
  });
  const throttle = new AttemptThrottleService({
    db,
    repository: new AttemptThrottleRepository(),
    clock,
    policy: {
      failuresBeforeLock: config.auth.loginFailuresBeforeLock,
      windowSeconds: config.auth.loginFailureWindowSeconds,
      lockSeconds: config.auth.loginLockSeconds,
    },
  });
  const sessions = new SessionsService({
    db,
    repository: sessionsRepository,
    events,
    clock,
    ttlSeconds: config.auth.sessionTtlSeconds,
    cacheMs: config.auth.sessionCacheMs,
  });
  const credentials = new CredentialCheckService({ captcha, throttle, hasher });
  const adminAuthRepository = new AdminAuthRepository();
  const adminAuth = new AdminAuthService({
    db,
    repository: adminAuthRepository,
    credentials,
    throttle,
    audit,
    clock,
    settings: {
      sessionTtlSeconds: config.auth.sessionTtlSeconds,
      idleTimeoutSeconds: config.console.idleTimeoutSeconds,
    },
  });

  // Money.
  const { funding } = config;
  const idempotency = new IdempotencyService({ db, repository: new IdempotencyRepository(), clock });
  const money = new MoneyOperationsService({ db, ledger, idempotency, audit, events });
  const uploadsRepository = new UploadsRepository();
  const depositsRepository = new DepositsRepository();
  const withdrawalsRepository = new WithdrawalsRepository();
  const bankCardsRepository = new BankCardsRepository();
  const walletsRepository = new WalletsRepository();
  const checkouts = new SandboxCheckoutsRepository();
  // The sandbox is a demo part: only where PAYMENT_PROVIDER (or DEMO_MODE) asked for it.
  const cardProvider =
    funding.paymentProvider === 'sandbox'
      ? new SandboxPaymentProvider({
          db,
          checkouts,
          secret: funding.webhookSecret,
          toleranceSeconds: funding.webhookToleranceSeconds,
          clock,
        })
      : null;
  const fundingSettings = new FundingSettingsService({
    repository: new FundingSettingsRepository(),
    limits: funding,
    cardProvider,
    clock,
    db,
    audit,
  });
  const paymentPasswordThrottle = new AttemptThrottleService({
    db,
    repository: new AttemptThrottleRepository(),
    clock,
    policy: {
      failuresBeforeLock: funding.paymentPasswordFailuresBeforeLock,
      windowSeconds: funding.paymentPasswordLockSeconds,
      lockSeconds: funding.paymentPasswordLockSeconds,
      lockedCode: 'PAYMENT_PASSWORD_LOCKED',
    },
  });
  const assets = new AssetsService({
    db,
    ledger,
    deposits: depositsRepository,
    withdrawals: withdrawalsRepository,
    limits: funding,
  });

  // Trading.
  const { trading } = config;
  const roomsRepository = new RoomsRepository(trading);
  const roundsRepository = new RoundsRepository();
  const positionsRepository = new PositionsRepository();
  const referralsRepository = new ReferralsRepository();
  const referralDays = { boundaryMinutes: config.referrals.dayBoundaryMinutes };
  const referrals = new ReferralsService({
    db,
    repository: referralsRepository,
    audit,
    clock,
    days: referralDays,
  });
  ledger.registerKind('referral', referrals.records);
  const trendsRepository = new TrendsRepository();
  const settlement = new SettlementService({
    db,
    rounds: roundsRepository,
    positions: positionsRepository,
    trends: trendsRepository,
    ledger,
    clock,
    logger,
    pauseMs: trading.settlementPauseMs,
    accrual: referrals.accrual,
  });
  const positions = new PositionsService({
    db,
    repository: positionsRepository,
    rooms: roomsRepository,
    ledger,
    money,
    clock,
    events,
    play: playLimits,
  });
  ledger.registerKind('position', positions.records);
  const market = new MarketService({
    db,
    rooms: roomsRepository,
    rounds: roundsRepository,
    positions: positionsRepository,
    clock,
  });
  const rooms = new RoomsService({ db, rooms: roomsRepository, rounds: roundsRepository, positions, ledger });
  refreshOnRoundEvents(events, [rooms, market]);
  const chains = new FairnessChainsService({
    repository: new FairnessChainsRepository(),
    chainLength: trading.chainLength,
  });
  const positionProofs = new PositionProofsService({
    db,
    repository: new PositionProofsRepository(),
    ledger,
    clock,
  });
  const roundEngine = new RoundEngine({
    db,
    positionRoots: positionProofs,
    rooms: roomsRepository,
    rounds: roundsRepository,
    chains,
    settlement,
    clock,
    logger,
    publisher: new RoundEventsPublisher({
      db,
      rounds: roundsRepository,
      events,
      marketOverview: () => market.overview(),
      logger,
      turnoverMultiplier: config.funding.turnoverMultiplier,
    }),
    beacon: beaconClient(trading.fairness, logger),
    beaconTimeoutSeconds: trading.fairness.timeoutSeconds,
  });

  const passwordReset = new PasswordResetService({
    db,
    repository: new PasswordResetRepository(),
    accounts: accountsRepository,
    sessions: sessionsRepository,
    hasher,
    mailer,
    clock,
    logger,
    afterRevoke: (userId) => sessions.afterAllRevoked(userId),
  });
  const deposits = new DepositsService({
    db,
    repository: depositsRepository,
    uploads: uploadsRepository,
    paymentEvents: new PaymentEventsRepository(),
    money,
    idempotency,
    fundingSettings,
    cardProvider,
    limits: funding,
    clock,
    accounts: accountsRepository,
    play: playLimits,
  });
  ledger.registerKind('deposit', deposits.records);
  const withdrawals = new WithdrawalsService({
    db,
    repository: withdrawalsRepository,
    accounts: accountsRepository,
    bankCards: bankCardsRepository,
    wallets: walletsRepository,
    ledger,
    money,
    paymentPasswordThrottle,
    hasher,
    limits: funding,
    clock,
  });
  ledger.registerKind('withdrawal', withdrawals.records);
  const bankCards = new BankCardsService({
    db,
    repository: bankCardsRepository,
    accounts: accountsRepository,
    clock,
  });
  const wallets = new WalletsService({ db, repository: walletsRepository, clock });
  const adminUsersRepository = new AdminUsersRepository();

  return {
    app: new AppService({ database, clock, logger }),
    remoteConfig: new RemoteConfigService(config.lines),
    captcha,
    sessions,
    auth: new AuthService({
      db,
      accounts: accountsRepository,
      sessions,
      credentials,
      hasher,
      clock,
      playBreaks: playLimits,
    }),
    passwordReset,
    accounts: new AccountsService({
      db,
      accounts: accountsRepository,
      sessions,
      hasher,
      clock,
      money: assets,
      loginThrottle: throttle,
      paymentPasswordThrottle,
    }),
    adminAuth,
    operators: new OperatorsService({ db, repository: adminAuthRepository, hasher, audit, clock }),
    ledger,
    fundingSettings,
    uploads: new UploadsService({ db, repository: uploadsRepository, clock }),
    deposits,
    cardProvider,
    sandboxGateway: cardProvider
      ? new SandboxGateway({ db, checkouts, secret: funding.webhookSecret, clock, logger })
      : null,
    bankCards,
    wallets,
    withdrawals,
    withdrawalStats: new WithdrawalStatsService({ db, repository: new WithdrawalStatsRepository(), clock }),
    assets,
    rooms,
    positions,
    market,
    trends: new TrendsService({ db, rooms: roomsRepository, trends: trendsRepository }),
    fairness: new FairnessService(db, new FairnessProofsRepository()),
    positionProofs,
    roundEngine,
    settlement,
    events,
    audit,
    notifications: new NotificationsService({
      db,
      repository: new NotificationsRepository(),
      clock,
      events,
      audit,
      logger,
    }),
    support: new SupportService({
      db,
      repository: new SupportRepository(),
      clock,
      events,
      audit,
      idempotency,
    }),
    dashboard: new DashboardService({
      db,
      repository: new DashboardRepository(),
      deposits,
      withdrawals,
      ledger,
      clock,
    }),
    adminUsers: new AdminUsersService({
      db,
      repository: adminUsersRepository,
      sessionsRepository,
      sessions,
      passwordReset,
      ledger,
      assets,
      deposits,
      withdrawals,
      positions,
      bankCards,
      wallets,
      audit,
      clock,
    }),
    balanceAdjustments: new BalanceAdjustmentsService({
      db,
      users: adminUsersRepository,
      money,
      clock,
    }),
    adminRooms: new AdminRoomsService({
      db,
      rooms: roomsRepository,
      rounds: roundsRepository,
      chains,
      audit,
      clock,
    }),
    playLimits,
    liabilities: new LiabilitiesService({
      db,
      repository: new LiabilitiesRepository(),
      clock,
      audit,
      logger,
      signingKey: config.liabilities.signingKey,
      scheduleMinutes: config.liabilities.scheduleMinutes,
    }),
    referrals,
    referralPayments: new ReferralPaymentsService({
      db,
      repository: referralsRepository,
      ledger,
      clock,
      logger,
      days: referralDays,
      chunk: config.referrals.payChunk,
      restPercent: config.referrals.payRestPercent,
      pauseMs: config.referrals.payPauseMs,
    }),
  };
}
